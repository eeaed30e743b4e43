#!/usr/bin/env python3
"""Two or more `vignette serve` binaries on one scenario of serve_vs_thumbor.py,
alternating, so every pair of figures shares the machine's load.

    python3 Benchmarks/serve_ab.py BEFORE AFTER [--rounds 3] [--duration 6]
                                   [--mode distinct|hot|cold|big]

Per round and binary: start the server, warm it (2 s of wrk), then wrk -t2
-c32 for `--duration` seconds; CPU ms per request is the server's utime +
stime from /proc over that run divided by its requests. Prints every round
and the medians. Noise between rounds on a shared machine is ±20 %: trust a
difference only when every round agrees.
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import serve_vs_thumbor as bench  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('binaries', nargs='+')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--duration', type=int, default=6)
    parser.add_argument('--mode', default='distinct', choices=bench.SCENARIOS)
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix='vignette-serve-ab-'))
    photo, big = work / 'photo.jpg', work / 'big.jpg'
    subprocess.run([args.binaries[0], 'render', str(bench.ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'),
                    '--size', '768x512', '-o', str(photo), '--quality', '90'], check=True, stdout=subprocess.DEVNULL)
    files = {'/photo.jpg': photo.read_bytes()}
    if args.mode == 'big':
        bench.make_big(big)
        files['/big.jpg'] = big.read_bytes()
    port = bench.origin(files)
    script = work / 'bench.lua'
    script.write_text(bench.WRK_SCRIPT)
    tick = os.sysconf('SC_CLK_TCK')
    results = {binary: [] for binary in args.binaries}
    for round_ in range(args.rounds):
        for binary in args.binaries:
            options = argparse.Namespace(vignette=binary, memory_cache_bytes=0, no_reduced_copies=False)
            process, base, pids = bench.start_vignette(options, work)
            url = bench.templates('vignette', port)[args.mode]
            bench.wait_for(base + url.replace('{w}', '100').replace('{h}', '100').replace('{n}', '0'))
            bench.wrk(base, url, args.mode, 2, str(script), salt=99)
            before = bench.cpu_ticks(pids())
            result = bench.wrk(base, url, args.mode, args.duration, str(script), salt=round_)
            cpu_ms = (bench.cpu_ticks(pids()) - before) / tick * 1000
            bench.stop(process)
            per_request = cpu_ms / max(1, result['rps'] * args.duration)
            results[binary].append((result['rps'], per_request))
            print(f'round {round_} {binary}: {result["rps"]:.0f} req/s, {per_request:.3f} CPU ms/request, '
                  f'p99 {result["p99"]:.1f} ms', flush=True)
    for binary, rows in results.items():
        print(f'{binary}: median {statistics.median(r[0] for r in rows):.0f} req/s, '
              f'{statistics.median(r[1] for r in rows):.3f} CPU ms/request')


if __name__ == '__main__':
    main()
