#!/usr/bin/env python3
"""`vignette compare` side by side with blazediff on 2000x2000 PNGs.

    python3 Benchmarks/compare_blazediff.py [--vignette .build/release/vignette] [--runs 7] [--folder-pairs 20]

Creates (or reuses) Benchmarks/.venv with blazediff, numpy and Pillow, makes
pairs of 2000x2000 photo PNGs in Benchmarks/work/compare/ (identical pixels
in two encodings, ±1 noise on every channel, a moved 100x100 square, and the
issue's bar: byte-identical files, and 1 % of the pixels changed as one
200x200 block) and times, per pair, the median of N runs of:

  - `vignette compare A B` as a subprocess (wall, and CPU of the child via
    getrusage; includes process start-up, ~20 ms);
  - `blazediff.compare(A, B)` in-process (wall via perf_counter, CPU via
    process_time; no interpreter start-up counted, which favours it).

Then the folder rows: REF_DIR and ACTUAL_DIR of 20 different photo pairs
(identical, or 1 % changed), timed as ONE `vignette compare REF_DIR
ACTUAL_DIR` process against blazediff.compare over the same 20 pairs in a
loop, in-process; per pair = total / 20. The tools take turns in every run.
A binary without folder mode gets a note instead of a row.

Both decode the two PNGs and compare every pixel; decode dominates.
"""
import argparse
import os
import resource
import shutil
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
    copy = os.path.join(WORK, "base-copy.png")
    if not os.path.exists(copy):
        with open(base, "rb") as src, open(copy, "wb") as dst:
            dst.write(src.read())
    pairs["bar: identical files"] = (base, copy)
    changed = os.path.join(WORK, "one-percent.png")
    if not os.path.exists(changed):
        Image.fromarray(one_percent_changed(pixels, 0).astype(np.uint8)).save(changed)
    pairs["bar: 1% of pixels changed (200x200 block)"] = (base, changed)
    return pairs


def one_percent_changed(pixels, index):
    """A 200x200 block (1 % of 2000x2000) inverted, somewhere depending on index."""
    copy = pixels.copy()
    y, x = 150 + (index * 373) % 1600, 150 + (index * 587) % 1600
    copy[y:y + 200, x:x + 200] = 255 - copy[y:y + 200, x:x + 200]
    return copy


def make_folders(count):
    """REF/ and ACTUAL-same/ and ACTUAL-changed/ with `count` different photos."""
    import numpy as np
    from PIL import Image

    root = os.path.join(WORK, f"folder{count}")
    ref, same, changed = (os.path.join(root, name) for name in ("ref", "same", "changed"))
    if os.path.exists(os.path.join(changed, f"{count - 1:02d}.png")):
        return ref, same, changed
    for folder in (ref, same, changed):
        os.makedirs(folder, exist_ok=True)
    pixels = np.asarray(Image.open(os.path.join(WORK, "base.png")).convert("RGB")).astype(np.int16)
    for i in range(count):
        # A different photo each time: the base rolled and mirrored.
        photo = np.roll(pixels, shift=(i * 97, i * 131), axis=(0, 1))
        if i % 2:
            photo = photo[:, ::-1]
        name = f"{i:02d}.png"
        Image.fromarray(photo.astype(np.uint8)).save(os.path.join(ref, name))
        shutil.copyfile(os.path.join(ref, name), os.path.join(same, name))
        Image.fromarray(one_percent_changed(photo, i).astype(np.uint8)).save(os.path.join(changed, name))
    return ref, same, changed


def time_vignette(vignette, a, b, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([vignette, "compare", a, b] + extra, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, done.stdout.strip()


def time_vignette_folder(vignette, ref, actual):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([vignette, "compare", ref, actual], capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode, (done.stdout + done.stderr).strip()


def time_blazediff_loop(blazediff, pairs):
    start_cpu, start = time.process_time(), time.perf_counter()
    results = [blazediff.compare(a, b) for a, b in pairs]
    return time.perf_counter() - start, time.process_time() - start_cpu, results


def folder_rows(vignette, blazediff, runs, count):
    ref, same, changed = make_folders(count)
    names = sorted(os.listdir(ref))
    rows, notes = [], []
    for label, actual in (("identical", same), ("1% changed", changed)):
        probe = time_vignette_folder(vignette, ref, actual)
        if probe[2] not in (0, 1):
            notes.append(f"folder '{label}': `vignette compare REF_DIR ACTUAL_DIR` exited {probe[2]} "
                         f"({probe[3].splitlines()[-1] if probe[3] else 'no output'}): "
                         "the folder row needs a build with folder mode")
            continue
        pairs = [(os.path.join(ref, n), os.path.join(actual, n)) for n in names]
        v, z = [], []
        for _ in range(runs):
            v.append(time_vignette_folder(vignette, ref, actual))
            z.append(time_blazediff_loop(blazediff, pairs))
        rows.append((f"folder of {count} pairs, {label}", statistics.median(x[0] for x in v), statistics.median(x[1] for x in v),
                     statistics.median(x[0] for x in z), statistics.median(x[1] for x in z), v[0][2]))
    return rows, notes


def time_blazediff(blazediff, a, b):
    start_cpu, start = time.process_time(), time.perf_counter()
    result = blazediff.compare(a, b)
    return time.perf_counter() - start, time.process_time() - start_cpu, result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--vignette", default=os.path.join(ROOT, ".build/release/vignette"))
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--folder-pairs", type=int, default=20, help="pairs in the folder rows (0: skip them)")
    args = parser.parse_args()
    ensure_venv()
    import blazediff

    vignette = os.path.abspath(args.vignette)
    pairs = make_pairs(vignette)
    rows = []
    for name, (a, b) in pairs.items():
        extra = ["--perceptual-precision", "0.98"] if "noise" in name else []
        v, z = [], []
        for _ in range(args.runs):   # taking turns
            v.append(time_vignette(vignette, a, b, extra))
            z.append(time_blazediff(blazediff, a, b))
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
    if args.folder_pairs > 0:
        frows, notes = folder_rows(vignette, blazediff, args.runs, args.folder_pairs)
        n = args.folder_pairs
        print(f"\nOne `vignette compare REF_DIR ACTUAL_DIR` process vs blazediff.compare in a loop over the same "
              f"{n} pairs (in-process); median of {args.runs} runs; ms for all {n} pairs (per pair)\n")
        print("| Folder | vignette wall | CPU | blazediff wall | CPU | wall ratio (blazediff / vignette) | vignette exit |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for name, vw, vc, zw, zc, code in frows:
            print(f"| {name} | {vw*1000:.0f} ({vw*1000/n:.0f}) | {vc*1000:.0f} ({vc*1000/n:.0f}) | "
                  f"{zw*1000:.0f} ({zw*1000/n:.0f}) | {zc*1000:.0f} ({zc*1000/n:.0f}) | {zw/vw:.2f}x | {code} |")
        for note in notes:
            print(note)


if __name__ == "__main__":
    main()
