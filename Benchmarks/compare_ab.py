#!/usr/bin/env python3
"""Two `vignette` binaries taking turns on the pairs compare_blazediff.py makes.

    python3 Benchmarks/compare_ab.py BEFORE AFTER [--runs 11]

Run `python3 Benchmarks/compare_blazediff.py` once first (it writes
Benchmarks/work/compare/). Prints a Markdown table of medians: wall, and
the child's CPU (user + sys, from os.wait4), in ms.
"""
import argparse
import os
import statistics
import subprocess
import time

WORK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "work", "compare")
CASES = [
    ("identical pixels, other encoding", ["base.png", "same-other-encoding.png"], []),
    ("±1 noise (--perceptual-precision 0.98)", ["base.png", "noise.png"], ["--perceptual-precision", "0.98"]),
    ("moved 100×100 square", ["square-a.png", "square-b.png"], []),
    ("identical files", ["base.png", "base-copy.png"], []),
    ("1 % of pixels changed", ["base.png", "one-percent.png"], []),
    ("folder of 20 pairs, identical", ["folder20/ref", "folder20/same"], []),
    ("folder of 20 pairs, 1 % changed", ["folder20/ref", "folder20/changed"], []),
]


def once(binary, paths, options):
    argv = [binary, "compare"] + [os.path.join(WORK, p) for p in paths] + options
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    binaries = [args.before, args.after]
    print(f"median of {args.runs} runs, taking turns; ms")
    print("| Pair | before wall | CPU | after wall | CPU |\n|---|---:|---:|---:|---:|")
    for label, paths, options in CASES:
        times = [[], []]
        for run in range(args.runs):
            for side in ([0, 1] if run % 2 == 0 else [1, 0]):
                times[side].append(once(binaries[side], paths, options))
        cells = [f"{statistics.median(t[k] for t in times[side]):.0f}" for side in (0, 1) for k in (0, 1)]
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
