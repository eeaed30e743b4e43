#!/usr/bin/env python3
"""Process start-up of the vignette tool: the shared libraries the dynamic loader maps at start
(`ldd`) and the median wall and CPU time (user + sys, from getrusage of the children) of one
command over many runs. With several --binary, runs alternate between them (A B A B ...), so a
machine busy with other work weighs on each alike.

Usage: python3 Benchmarks/startup.py [--binary PATH ...] [--runs 50] [-- ARGS ...]
(default: .build/release/vignette, 50 runs, ARGS `--version`).
"""
import argparse
import resource
import statistics
import subprocess
import time


def libraries(binary):
    """The shared libraries ldd lists for `binary` (the vDSO and the loader included)."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def run_once(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", action="append", help="a vignette binary (repeatable)")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("arguments", nargs="*", help="the command's arguments (after --)")
    options = parser.parse_args()
    binaries = options.binary or [".build/release/vignette"]
    arguments = options.arguments or ["--version"]
    times = {binary: [] for binary in binaries}
    for binary in binaries:
        run_once([binary] + arguments)  # a warm-up each: no measured run reads the binary from disk
    for _ in range(options.runs):
        for binary in binaries:
            times[binary].append(run_once([binary] + arguments))
    listed = {binary: set(libraries(binary)) for binary in binaries}
    shared = set.intersection(*listed.values())
    print(f"`{' '.join(arguments)}`, median of {options.runs} runs (wall / CPU ms; ldd's libraries):")
    for binary in binaries:
        walls, cpus = zip(*times[binary])
        own = sorted(listed[binary] - shared) if len(binaries) > 1 else sorted(listed[binary])
        print(f"  {binary}: {statistics.median(walls) * 1e3:.1f} / {statistics.median(cpus) * 1e3:.1f} ms, "
              f"{len(listed[binary])} libraries{': ' + ' '.join(own) if own else ''}")


if __name__ == "__main__":
    main()
