#!/usr/bin/env python3
"""End-to-end `vignette render` of large PNGs, one binary against another.

    python3 Benchmarks/render_png.py --vignette .build/release/vignette \\
        [--baseline /tmp/vignette-before] [--runs 9]

Renders a batch of PNGs into 300x300 pt @2x surfaces (aspectFill, PNG out):
the 2000x2000 photo from compare_blazediff.py (made first if missing), a
±1-noise copy of it, and the four 768x512 Kodak-derived catalog photos.
Each run is one `vignette render --output-dir` process over the whole batch;
the binaries take turns. Prints the median wall and CPU (user + sys of the
child, from getrusage) per binary, and the ratio. Decode, resample and
encode are all inside the figure; process start-up (~20 ms) too.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(HERE, "work", "compare")


def batch():
    resources = os.path.join(ROOT, "Sources/VignetteCatalog/Resources")
    files = [os.path.join(WORK, "base.png"), os.path.join(WORK, "noise.png")]
    files += [os.path.join(resources, f"product-{name}.png") for name in ("door", "parrots", "shutters", "statue")]
    missing = [f for f in files if not os.path.exists(f)]
    if missing:
        raise SystemExit(f"missing {missing}: run Benchmarks/compare_blazediff.py once to make them")
    return files


def run(vignette, files, out):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([vignette, "render", *files, "--size", "300x300", "--scale", "2", "--mode", "aspectFill",
                    "--output-dir", out], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=os.path.join(ROOT, ".build/release/vignette"))
    parser.add_argument("--baseline", help="another vignette binary to compare against")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    files = batch()
    binaries = [("baseline", args.baseline)] if args.baseline else []
    binaries.append(("vignette", args.vignette))
    results = {name: [] for name, _ in binaries}
    out = tempfile.mkdtemp(prefix="vignette-render-")
    try:
        for _ in range(args.runs):
            for name, path in binaries:
                results[name].append(run(os.path.abspath(path), files, out))
    finally:
        shutil.rmtree(out)
    print(f"`vignette render` of {len(files)} PNGs (2 x 2000x2000, 4 x 768x512) to 300x300 @2x, "
          f"one process; median of {args.runs} runs, ms\n")
    print("| binary | wall | CPU |")
    print("|---|---:|---:|")
    medians = {}
    for name, path in binaries:
        wall = statistics.median(r[0] for r in results[name])
        cpu = statistics.median(r[1] for r in results[name])
        medians[name] = (wall, cpu)
        print(f"| {name} ({path}) | {wall * 1000:.0f} | {cpu * 1000:.0f} |")
    if args.baseline:
        (bw, bc), (vw, vc) = medians["baseline"], medians["vignette"]
        print(f"\nbaseline / vignette: wall {bw / vw:.2f}x, CPU {bc / vc:.2f}x")


if __name__ == "__main__":
    main()
