#!/usr/bin/env python3
"""Vignette's AVIF encoder vs Pillow's and pyvips' (heifsave) at the same quality.

The job: each Kodak photo of ../shared/testdata/photos (or --photos DIR), an
8-bit RGB PNG, encoded as AVIF at each quality of --qualities, by:
  - Vignette: `vignette render PHOTO --size WxH --mode scaleToFill -o out.avif
    --quality Q` (the photo at its own size, so the pixels reach the encoder
    unchanged): libavif 0.11.1 + libaom 3.6.0, speed 6, one thread, 4:2:0
    below quality 90. Timed as a child process (getrusage deltas, start-up,
    PNG decode and render included).
  - "Vignette encoder": Sources/CAVIF/avif_encode.c, the C the library calls,
    compiled with cc -O2 into a small program that encodes raw RGBA read
    from a file, timed around the encode only (as Pillow's and pyvips' are);
    its bytes must equal the CLI's, so it is the same encoder.
  - Pillow (its bundled libavif and libaom): `save(format="AVIF",
    quality=Q, speed=6, max_threads=1, subsampling="4:2:0")`, timed with
    time.process_time() around the save only.
  - pyvips: `heifsave(compression="av1", Q=Q, effort=3)` (libheif's speed
    = 9 - effort = 6; libheif's own threads, which this script cannot pin),
    timed like Pillow.
Every output is decoded by one decoder (Pillow's) and compared with the
source: PSNR over R, G and B, and SSIM on BT.601 luma (Gaussian window 11,
sigma 1.5). Bytes and quality are deterministic; CPU seconds are medians of
--runs runs, the tools taking turns.

    python3 Benchmarks/avif_vs_pillow.py [--vignette PATH] [--runs N] [--qualities 50,65,80,90]

Uses the venv of compare_pillow.py (Benchmarks/.venv: Pillow >= 11.3 has
AVIF built in, numpy, pyvips); --no-venv runs in the current interpreter.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_pillow import ROOT, WORK, ensure_venv, in_venv  # noqa: E402

PHOTOS = ROOT.parent / "shared" / "testdata" / "photos"  # kodim02/07/17/23.png beside the repository
CATALOG = ROOT / "Sources" / "VignetteCatalog" / "Resources"  # the same photos as product-*.png
AVIF_WORK = WORK / "avif"
SPEED = 6
HARNESS_C = r"""
#include "CAVIF.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    if (argc != 6) return 2;
    int w = atoi(argv[2]), h = atoi(argv[3]);
    size_t n = (size_t)w * h * 4;
    unsigned char *rgba = malloc(n), *out = NULL;
    FILE *f = fopen(argv[1], "rb");
    if (!rgba || !f || fread(rgba, 1, n, f) != n) return 3;
    fclose(f);
    vg_avif_encode_options options = {atoi(argv[4]), 0, 6};
    size_t length = 0;
    clock_t start = clock();
    int rc = vg_avif_encode_rgba8(rgba, w, h, 1, options, &out, &length);
    double cpu = (double)(clock() - start) / CLOCKS_PER_SEC;
    if (rc != 0) return 4;
    f = fopen(argv[5], "wb");
    fwrite(out, 1, length, f);
    fclose(f);
    printf("%.6f\n", cpu);
    return 0;
}
"""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def vignette_encode(binary: str, photo: Path, size: tuple[int, int], quality: int) -> tuple[bytes, float]:
    out = AVIF_WORK / f"{photo.stem}-q{quality}.vignette.avif"
    before = children_cpu()
    subprocess.run([binary, "render", str(photo), "--size", f"{size[0]}x{size[1]}", "--mode", "scaleToFill",
                    "-o", str(out), "--quality", str(quality)], check=True)
    return out.read_bytes(), children_cpu() - before


def build_harness() -> Path:
    """The encoder harness: Sources/CAVIF compiled with cc -O2 against the system libavif."""
    source, binary = AVIF_WORK / "harness.c", AVIF_WORK / "harness"
    source.write_text(HARNESS_C)
    cavif = ROOT / "Sources" / "CAVIF"
    subprocess.run(["cc", "-O2", f"-I{cavif / 'include'}", f"-I{cavif}", str(source),
                    *map(str, sorted(cavif.glob("*.c"))), "-lavif", "-o", str(binary)], check=True)
    return binary


def harness_encode(harness: Path, photo: Path, image, quality: int) -> tuple[bytes, float]:
    raw = AVIF_WORK / f"{photo.stem}.rgba"
    if not raw.exists():
        raw.write_bytes(image.convert("RGBA").tobytes())
    out = AVIF_WORK / f"{photo.stem}-q{quality}.harness.avif"
    run = subprocess.run([str(harness), str(raw), str(image.width), str(image.height), str(quality), str(out)],
                         check=True, capture_output=True, text=True)
    return out.read_bytes(), float(run.stdout)


def pillow_encode(image, quality: int) -> tuple[bytes, float]:
    buffer = io.BytesIO()
    start = time.process_time()
    image.save(buffer, format="AVIF", quality=quality, speed=SPEED, max_threads=1, subsampling="4:2:0")
    return buffer.getvalue(), time.process_time() - start


def pyvips_encode(image, quality: int) -> tuple[bytes, float]:
    start = time.process_time()
    data = image.heifsave_buffer(compression="av1", Q=quality, effort=9 - SPEED)
    return data, time.process_time() - start


def gaussian_blur(a, sigma: float = 1.5, radius: int = 5):
    import numpy as np

    taps = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    taps /= taps.sum()
    padded = np.pad(a, radius, mode="reflect")
    rows = sum(w * padded[:, i:i + a.shape[1]] for i, w in enumerate(taps))
    return sum(w * rows[i:i + a.shape[0], :] for i, w in enumerate(taps))


def ssim(x, y) -> float:
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = gaussian_blur(x), gaussian_blur(y)
    sxx = gaussian_blur(x * x) - mx * mx
    syy = gaussian_blur(y * y) - my * my
    sxy = gaussian_blur(x * y) - mx * my
    index = ((2 * mx * my + c1) * (2 * sxy + c2)) / ((mx * mx + my * my + c1) * (sxx + syy + c2))
    return float(index.mean())


def quality_of(data: bytes, source) -> tuple[float, float]:
    """(PSNR dB over RGB, SSIM of BT.601 luma) of decoded AVIF bytes against the source array."""
    import numpy as np
    from PIL import Image

    with Image.open(io.BytesIO(data)) as im:
        decoded = np.asarray(im.convert("RGB"), dtype=np.float64)
    mse = float(((decoded - source) ** 2).mean())
    psnr = float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)
    luma = np.array([0.299, 0.587, 0.114])
    return psnr, ssim(source @ luma, decoded @ luma)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vignette", default=str(ROOT / ".build" / "release" / "vignette"),
                        help="the vignette executable (default: <repo>/.build/release/vignette)")
    parser.add_argument("--photos", default=str(PHOTOS), help="folder of PNG photos (default: the Kodak photos; the catalog's copies when absent)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per encode (median)")
    parser.add_argument("--qualities", default="50,65,80,90", help="comma-separated qualities")
    parser.add_argument("--no-venv", action="store_true", help="use the current interpreter's packages")
    return parser.parse_args()


def measure(args, tools, photos, qualities):
    """{(tool, quality): {"bytes": [...], "psnr": [...], "ssim": [...], "cpu": [...]}} over the photos."""
    import numpy as np

    results = {}
    for photo, (pil_image, vips_image) in photos.items():
        source = np.asarray(pil_image, dtype=np.float64)
        for quality in qualities:
            times: dict[str, list[float]] = {tool: [] for tool in tools}
            outputs: dict[str, bytes] = {}
            for _ in range(args.runs):
                for tool in tools:
                    if tool == "Vignette":
                        data, cpu = vignette_encode(args.vignette, photo, pil_image.size, quality)
                    elif tool == "Vignette encoder":
                        data, cpu = harness_encode(args.harness, photo, pil_image, quality)
                    elif tool == "Pillow":
                        data, cpu = pillow_encode(pil_image, quality)
                    else:
                        data, cpu = pyvips_encode(vips_image, quality)
                    if tool in outputs and outputs[tool] != data:
                        print(f"note: {tool} wrote different bytes on another run ({photo.name}, q{quality})")
                    outputs[tool] = data
                    times[tool].append(cpu)
            if "Vignette encoder" in outputs and outputs["Vignette encoder"] != outputs["Vignette"]:
                sys.exit(f"the harness and the CLI wrote different bytes for {photo.name} q{quality}")
            for tool in tools:
                psnr, ssim_value = quality_of(outputs[tool], source)
                entry = results.setdefault((tool, quality), {"bytes": [], "psnr": [], "ssim": [], "cpu": []})
                entry["bytes"].append(len(outputs[tool]))
                entry["psnr"].append(psnr)
                entry["ssim"].append(ssim_value)
                entry["cpu"].append(statistics.median(times[tool]))
            print(f"  {photo.name} q{quality}: " + ", ".join(
                f"{tool} {len(outputs[tool])} B {statistics.median(times[tool]):.2f} s" for tool in tools), flush=True)
    return results


def main() -> int:
    args = parse_args()
    if not args.no_venv and not in_venv():
        ensure_venv(Path(__file__).resolve())
    from PIL import Image, features

    if not features.check("avif"):
        sys.exit("this Pillow has no AVIF support: Pillow >= 11.3 is needed")
    tools = ["Vignette", "Vignette encoder", "Pillow"]
    try:
        import pyvips

        pyvips.Image.black(8, 8).heifsave_buffer(compression="av1")
        tools.append("pyvips")
    except Exception as error:  # no libvips, or a libheif without an AV1 encoder
        print(f"note: pyvips heifsave AV1 unavailable ({error}); its rows are left out")
    if not os.access(args.vignette, os.X_OK):
        sys.exit(f"no vignette executable at {args.vignette} (make release, or give --vignette)")
    AVIF_WORK.mkdir(parents=True, exist_ok=True)
    args.harness = build_harness()
    qualities = [int(q) for q in args.qualities.split(",")]
    photos = {}
    folder = Path(args.photos)
    paths = sorted(folder.glob("*.png")) if folder.is_dir() else sorted(CATALOG.glob("product-*.png"))
    if not paths:
        sys.exit(f"no PNG photos in {folder}")
    for path in paths:
        with Image.open(path) as im:
            pil_image = im.convert("RGB")
        vips_image = pyvips.Image.new_from_file(str(path)) if "pyvips" in tools else None
        photos[path] = (pil_image, vips_image)
    print(f"Pillow {Image.__version__} (libavif {features.version('avif')}), "
          f"{len(photos)} photos, qualities {qualities}, {args.runs} runs")
    results = measure(args, tools, photos, qualities)
    print_table(results, tools, qualities)
    return 0


def bytes_at(results, tool, qualities, metric: str, target: float) -> float | None:
    """The tool's total bytes where its mean `metric` equals `target`, interpolated
    linearly in log(bytes) between its two nearest quality points; None outside its range."""
    import math

    points = sorted((statistics.mean(results[(tool, q)][metric]), math.log(sum(results[(tool, q)]["bytes"])))
                    for q in qualities)
    for (m0, b0), (m1, b1) in zip(points, points[1:]):
        if m0 <= target <= m1:
            t = 0 if m1 == m0 else (target - m0) / (m1 - m0)
            return math.exp(b0 + t * (b1 - b0))
    return None


def print_table(results, tools, qualities):
    print("\n| Quality | Tool | Bytes (sum) | vs Pillow | PSNR dB | SSIM | Bytes vs Pillow at its PSNR | at its SSIM | CPU s/image |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for quality in qualities:
        pillow = results[("Pillow", quality)]
        for tool in tools:
            entry = results[(tool, quality)]
            equal = []
            for metric in ("psnr", "ssim"):
                found = bytes_at(results, tool, qualities, metric, statistics.mean(pillow[metric]))
                equal.append("—" if found is None else f"{found / sum(pillow['bytes']):.3f}×")
            print(f"| {quality} | {tool} | {sum(entry['bytes']):,} | {sum(entry['bytes']) / sum(pillow['bytes']):.3f}× | "
                  f"{statistics.mean(entry['psnr']):.2f} | {statistics.mean(entry['ssim']):.4f} | "
                  f"{equal[0]} | {equal[1]} | {statistics.mean(entry['cpu']):.3f} |")


if __name__ == "__main__":
    sys.exit(main())
