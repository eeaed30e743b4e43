#!/usr/bin/env python3
"""`vignette compare` side by side with blazediff on two 2000x2000 PNGs.

    python3 Benchmarks/compare_blazediff.py [--vignette .build/release/vignette] [--runs 7]

Creates (or reuses) Benchmarks/.venv with blazediff, numpy and Pillow, makes
three pairs of 2000x2000 photo PNGs in Benchmarks/work/compare/ (identical
pixels in two encodings, ±1 noise on every channel, a moved 100x100 square)
and times, per pair, the median of N runs of:

  - `vignette compare A B` as a subprocess (wall, and CPU of the child via
    getrusage; includes process start-up, ~20 ms);
  - `blazediff.compare(A, B)` in-process (wall via perf_counter, CPU via
    process_time; no interpreter start-up counted, which favours it).

Both decode the two PNGs and compare every pixel; decode dominates.
"""
import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(HERE, ".venv")
WORK = os.path.join(HERE, "work", "compare")


def ensure_venv():
    if sys.prefix == VENV or os.environ.get("VIGNETTE_NO_VENV"):
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    subprocess.check_call([python, "-m", "pip", "install", "-q", "blazediff", "numpy", "Pillow"])
    os.execv(python, [python] + sys.argv)


def make_pairs(vignette):
    import numpy as np
    from PIL import Image

    os.makedirs(WORK, exist_ok=True)
    base = os.path.join(WORK, "base.png")
    if not os.path.exists(base):
        photo = os.path.join(ROOT, "Sources/VignetteCatalog/Resources/product-parrots.png")
        subprocess.check_call([vignette, "render", photo, "--size", "2000x2000", "--mode", "aspectFill", "-o", base])
    pixels = np.asarray(Image.open(base).convert("RGB")).astype(np.int16)
    pairs = {}
    same = os.path.join(WORK, "same-other-encoding.png")
    if not os.path.exists(same):
        Image.fromarray(pixels.astype(np.uint8)).save(same, compress_level=1)
    pairs["identical pixels, other encoding"] = (base, same)
    noisy = os.path.join(WORK, "noise.png")
    if not os.path.exists(noisy):
        rng = np.random.default_rng(7)
        noise = rng.choice(np.array([-1, 1], dtype=np.int16), size=pixels.shape)
        Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8)).save(noisy)
    pairs["±1 noise everywhere"] = (base, noisy)
    moved_a, moved_b = os.path.join(WORK, "square-a.png"), os.path.join(WORK, "square-b.png")
    if not os.path.exists(moved_b):
        for path, x in ((moved_a, 900), (moved_b, 930)):
            copy = pixels.copy()
            copy[900:1000, x:x + 100] = (255, 0, 255)
            Image.fromarray(copy.astype(np.uint8)).save(path)
    pairs["moved 100x100 square"] = (moved_a, moved_b)
    return pairs


def time_vignette(vignette, a, b, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([vignette, "compare", a, b] + extra, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stdout.strip()


def time_blazediff(blazediff, a, b):
    start_cpu, start = time.process_time(), time.perf_counter()
    result = blazediff.compare(a, b)
    return time.perf_counter() - start, time.process_time() - start_cpu, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=os.path.join(ROOT, ".build/release/vignette"))
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    ensure_venv()
    import blazediff

    vignette = os.path.abspath(args.vignette)
    pairs = make_pairs(vignette)
    rows = []
    for name, (a, b) in pairs.items():
        extra = ["--perceptual-precision", "0.98"] if "noise" in name else []
        v = [time_vignette(vignette, a, b, extra) for _ in range(args.runs)]
        z = [time_blazediff(blazediff, a, b) for _ in range(args.runs)]
        v_wall, v_cpu = statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)
        z_wall, z_cpu = statistics.median(x[0] for x in z), statistics.median(x[1] for x in z)
        rows.append((name, v_wall, v_cpu, z_wall, z_cpu, v[0][2], v[0][3], z[0][2]))

    print(f"Two 2000x2000 PNGs (4 Mpx each), median of {args.runs} runs; ms\n")
    print("| Pair | vignette compare wall | CPU | blazediff wall | CPU | wall ratio (blazediff / vignette) | vignette verdict |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, vw, vc, zw, zc, code, out, _ in rows:
        verdict = out.split(":")[0] + f" (exit {code})"
        print(f"| {name} | {vw*1000:.0f} | {vc*1000:.0f} | {zw*1000:.0f} | {zc*1000:.0f} | {zw/vw:.2f}x | {verdict} |")
    print("\nvignette includes process start-up (~20 ms); blazediff runs in-process. "
          "The ±1 pair uses --perceptual-precision 0.98 for vignette.")
    for name, *_, result in rows:
        print(f"blazediff on '{name}': match={getattr(result, 'match_result', '?')}, "
              f"diff_count={getattr(result, 'diff_count', '?')}")


if __name__ == "__main__":
    main()
