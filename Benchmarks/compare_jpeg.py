#!/usr/bin/env python3
"""Vignette vs Pillow (with draft) vs pyvips on the JPEG thumbnail job.

The job, the same for every tool (issue 10's performance bar):
    JPEG file -> decode (each tool's shrink-on-load) -> aspectFill into
    600x600 px (300x300 pt @2x) over #EEEEEE -> JPEG quality 80.

Inputs: 28 photos made once from the four Kodak photos of the catalog, saved
as baseline 4:2:0 JPEG at quality 90 (as a camera or CMS would):
  - 12 at 768x512 (each photo as is, mirrored and turned 180 degrees);
  - 8 at 3072x2048 and 8 at 6000x4000: mosaics of full-resolution tiles of
    the photos (not enlargements, which would be smoother than real photos
    and cheaper to decode).

Pillow runs as its users write a thumbnailer with shrink-on-load:
`draft("RGB", size)` then `ImageOps.fit(..., LANCZOS)`; pyvips as
`thumbnail(crop="centre")`, which shrinks on load. Both run in this process,
timed with time.process_time(). Vignette runs as one `vignette render` of the
whole batch, timed from getrusage(RUSAGE_CHILDREN) deltas (process start-up
included). Every measurement repeats --runs times, the tools taking turns;
the tables show medians.
Peak RSS of one Vignette render of a 6000x4000 photo is measured with
getrusage too (the memory bar: under 64 MiB).

    python3 Benchmarks/compare_jpeg.py [--vignette PATH] [--runs N]

Uses the venv of compare_pillow.py (Benchmarks/.venv: Pillow, numpy, pyvips).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_pillow import ROOT, WORK, ensure_venv, in_venv  # noqa: E402

PHOTOS = ROOT / "Sources" / "VignetteCatalog" / "Resources"  # the Kodak photos, as product-*.png
JPEG_WORK = WORK / "jpeg"
SIZE_PT, SCALE = 300, 2
SIZE_PX = SIZE_PT * SCALE
BACKGROUND = "#EEEEEE"
QUALITY = 80
SOURCE_QUALITY = 90
CLASSES = (("768x512", 12), ("3072x2048", 8), ("6000x4000", 8))


def kodak_tiles():
    """The four photos as landscape 768x512 RGB images."""
    from PIL import Image

    tiles = []
    for path in sorted(PHOTOS.glob("product-*.png")):
        with Image.open(path) as im:
            im = im.convert("RGB")
        if im.height > im.width:
            im = im.transpose(Image.Transpose.ROTATE_90)
        tiles.append(im)
    if len(tiles) != 4:
        sys.exit(f"expected the four Kodak photos in {PHOTOS}")
    return tiles


def variants(tile):
    from PIL import Image

    return [tile, tile.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
            tile.transpose(Image.Transpose.ROTATE_180), tile.transpose(Image.Transpose.FLIP_TOP_BOTTOM)]


def mosaic(tiles, width, height, seed):
    """A width x height photo of full-resolution tiles, cropped at the edges."""
    from PIL import Image

    canvas = Image.new("RGB", (width, height))
    pool = [v for t in tiles for v in variants(t)]
    index = seed
    for y in range(0, height, 512):
        for x in range(0, width, 768):
            canvas.paste(pool[index % len(pool)], (x, y))
            index += 7
    return canvas


def make_photos() -> dict[str, list[Path]]:
    tiles = kodak_tiles()
    batches: dict[str, list[Path]] = {}
    for label, count in CLASSES:
        folder = JPEG_WORK / "photos" / label
        folder.mkdir(parents=True, exist_ok=True)
        width, height = map(int, label.split("x"))
        files = []
        for i in range(count):
            path = folder / f"photo-{label}-{i:02d}.jpg"
            if not path.exists():
                if label == "768x512":
                    image = variants(tiles[i % 4])[i // 4]
                else:
                    image = mosaic(tiles, width, height, seed=i)
                image.save(path.with_suffix(".tmp"), "JPEG", quality=SOURCE_QUALITY, subsampling=2)
                path.with_suffix(".tmp").replace(path)
            files.append(path)
        batches[label] = files
    return batches


@dataclass
class Run:
    cpu: float
    wall: float
    out_bytes: int


class Pillow:
    name = "Pillow (draft + LANCZOS)"

    def __init__(self) -> None:
        import PIL
        from PIL import Image, ImageOps

        self.Image, self.ImageOps = Image, ImageOps
        self.version = PIL.__version__

    def render(self, src: Path, dst: Path) -> None:
        with self.Image.open(src) as im:
            im.draft("RGB", (SIZE_PX, SIZE_PX))
            fitted = self.ImageOps.fit(im.convert("RGB"), (SIZE_PX, SIZE_PX), method=self.Image.LANCZOS)
        fitted.save(dst, "JPEG", quality=QUALITY)

    def run(self, files: list[Path], out: Path) -> Run:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in files:
            self.render(src, out / src.name)
        return Run(time.process_time() - cpu0, time.perf_counter() - wall0, folder_bytes(out))


class Pyvips:
    name = "pyvips (thumbnail)"

    def __init__(self) -> None:
        import pyvips

        pyvips.cache_set_max(0)
        self.pyvips = pyvips
        self.version = f"{pyvips.__version__} (libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)})"

    def render(self, src: Path, dst: Path) -> None:
        image = self.pyvips.Image.thumbnail(str(src), SIZE_PX, height=SIZE_PX, crop="centre", size="both")
        image.jpegsave(str(dst), Q=QUALITY)

    def run(self, files: list[Path], out: Path) -> Run:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in files:
            self.render(src, out / src.name)
        return Run(time.process_time() - cpu0, time.perf_counter() - wall0, folder_bytes(out))


class Vignette:
    name = "Vignette"

    def __init__(self, executable: Path) -> None:
        self.executable = executable
        self.version = subprocess.run([str(executable), "--version"], capture_output=True, text=True,
                                      check=True).stdout.strip()

    def command(self, files: list[Path], out: Path) -> list[str]:
        return [str(self.executable), "render", *map(str, files), "--size", f"{SIZE_PT}x{SIZE_PT}",
                "--scale", str(SCALE), "--mode", "aspectFill", "--background", BACKGROUND,
                "--format", "jpeg", "--quality", str(QUALITY), "--output-dir", str(out)]

    def run(self, files: list[Path], out: Path) -> Run:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        subprocess.run(self.command(files, out), check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return Run(cpu, wall, folder_bytes(out))

    def peak_rss_mib(self, src: Path, out: Path) -> float:
        """Peak RSS of one render. A child's ru_maxrss starts from its parent's
        RSS at fork, so a small Python forks the render and reports it."""
        probe = ("import os, sys\n"
                 "pid = os.fork()\n"
                 "if pid == 0:\n"
                 "    os.execv(sys.argv[1], sys.argv[1:])\n"
                 "_, status, usage = os.wait4(pid, 0)\n"
                 "print(status, usage.ru_maxrss)\n")
        result = subprocess.run([sys.executable, "-S", "-c", probe, *self.command([src], out)],
                                capture_output=True, text=True, check=True)
        status, kib = map(int, result.stdout.split()[-2:])
        if status != 0:
            sys.exit(f"vignette render of {src} failed ({status})")
        return kib / 1024


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir())


def measure(tools, files: list[Path], label: str, runs: int) -> dict[str, Run]:
    """Median CPU and wall of `runs` runs per tool, the tools taking turns
    run by run (so a burst of other load hits all of them alike); the first
    round warms caches and is dropped."""
    samples: dict[str, list[Run]] = {tool.name: [] for tool in tools}
    for iteration in range(runs + 1):
        for tool in tools:
            out = JPEG_WORK / "out" / f"{tool.name.split()[0].lower()}-{label}"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            run = tool.run(files, out)
            if iteration > 0:
                samples[tool.name].append(run)
    return {name: Run(statistics.median(s.cpu for s in runs_), statistics.median(s.wall for s in runs_),
                      runs_[-1].out_bytes) for name, runs_ in samples.items()}


def decode_floor(files: list[Path], runs: int) -> float:
    """Median CPU seconds of only decoding `files` at Pillow's draft scale:
    the entropy decoding every tool here pays (one libjpeg-turbo)."""
    from PIL import Image

    samples = []
    for _ in range(runs):
        cpu0 = time.process_time()
        for path in files:
            with Image.open(path) as im:
                im.draft("RGB", (SIZE_PX, SIZE_PX))
                im.load()
        samples.append(time.process_time() - cpu0)
    return statistics.median(samples)


def psnr_vs(reference: Path, other: Path) -> float:
    import numpy as np
    from PIL import Image

    values = []
    for ref in sorted(reference.iterdir()):
        with Image.open(ref) as a, Image.open(other / ref.name) as b:
            x = np.asarray(a.convert("RGB"), dtype=np.float64)
            y = np.asarray(b.convert("RGB"), dtype=np.float64)
        mse = float(np.mean((x - y) ** 2))
        values.append(99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse))
    return statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vignette", type=Path, default=ROOT / ".build" / "release" / "vignette")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-venv", action="store_true")
    args = parser.parse_args()
    if not args.no_venv and not in_venv():
        ensure_venv(Path(__file__).resolve())
    batches = make_photos()
    batches["all"] = [f for label, _ in CLASSES for f in batches[label]]
    tools = [Pillow(), Pyvips(), Vignette(args.vignette.resolve())]
    for tool in tools:
        print(f"{tool.name}: {tool.version}")
    rows = []
    for label, files in batches.items():
        results = measure(tools, files, label, args.runs)
        rows.append((label, len(files), results))
    print(f"\nJPEG job, {SIZE_PX}x{SIZE_PX} aspectFill, q{QUALITY}; median of {args.runs} runs (CPU seconds)\n")
    pil, vips, vig = (t.name for t in tools)
    print("| photos | Pillow CPU | pyvips CPU | Vignette CPU | Vignette / Pillow | Vignette / pyvips "
          "| bytes Vignette / Pillow |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, count, r in rows:
        print(f"| {count} x {label} | {r[pil].cpu:.3f} s | {r[vips].cpu:.3f} s | {r[vig].cpu:.3f} s "
              f"| {r[vig].cpu / r[pil].cpu:.2f} | {r[vig].cpu / r[vips].cpu:.2f} "
              f"| {r[vig].out_bytes / r[pil].out_bytes:.3f} |")
    floor = decode_floor(batches["all"], args.runs)
    print(f"\nThe shared floor: Pillow's libjpeg-turbo decoding the batch at its draft scales, nothing else: "
          f"{floor:.3f} s ({floor / rows[-1][2][pil].cpu:.0%} of Pillow's job, "
          f"{floor / rows[-1][2][vig].cpu:.0%} of Vignette's)")
    out = JPEG_WORK / "out"
    print(f"\nPSNR vs Pillow's output (median over the batch): Vignette "
          f"{psnr_vs(out / 'pillow-all', out / 'vignette-all'):.1f} dB, pyvips "
          f"{psnr_vs(out / 'pillow-all', out / 'pyvips-all'):.1f} dB")
    rss_out = JPEG_WORK / "out" / "rss"
    shutil.rmtree(rss_out, ignore_errors=True)
    rss_out.mkdir(parents=True)
    peaks = [tools[2].peak_rss_mib(src, rss_out) for src in batches["6000x4000"][:3]]
    print(f"Vignette peak RSS, one 6000x4000 JPEG -> 600x600: {statistics.median(peaks):.1f} MiB (bar: 64 MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
