#!/usr/bin/env python3
"""Vignette vs Pillow vs pyvips on the blurred-fill letterbox (thumbor's fill(blur)).

The job, the same for every tool (issue 19's speed figure):
    JPEG file (3072x2048) -> decode (each tool's shrink-on-load) -> aspectFit
    into 600x600 px (300x300 pt @2x), the letterbox filled with the same photo
    aspect-filled over the whole surface and Gaussian-blurred with
    sigma = 12 pt (24 px) -> PNG (zlib level 6).

Inputs: the eight 3072x2048 mosaics of compare_jpeg.py (full-resolution
tiles of the four Kodak photos, baseline 4:2:0 JPEG at quality 90), made
once and shared with that script.

Pillow runs as its users write it: `draft("RGB", (600, 600))`, then
`ImageOps.contain` (the fitted photo) and `ImageOps.fit` + `GaussianBlur(24)`
(the fill, from the same decoded image), paste, save. pyvips: `thumbnail`
twice (fit; fill with crop="centre"), `gaussblur(24)`, `insert`, `pngsave`.
Both run in this process, timed with time.process_time(). Vignette runs as one
`vignette render <batch> --mode aspectFit --background blur:12`, timed from
getrusage(RUSAGE_CHILDREN) (process start-up included). The tools take turns
run by run; the tables show medians. PSNR of each output against Pillow's
(median over the photos) checks that the jobs match: the fitted photo should
agree closely, the blurred letterbox within what different blur
approximations give.

NOTE: `--background blur:SIGMA` is the CLI flag issue 19 specifies. When the
executable does not have it yet (its `render --help` does not mention
`blur:`), Vignette's row is skipped with a note and the script still reports
Pillow and pyvips; the library's kernel cost is measured in-process instead
(see the issue 19 report for the figures and how they were taken).

    python3 Benchmarks/effects_vs_pillow.py [--vignette PATH] [--runs N] [--sigma PT]

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_jpeg import Run, folder_bytes, kodak_tiles, mosaic  # noqa: E402
from compare_pillow import ROOT, WORK, ensure_venv, in_venv  # noqa: E402

JPEG_WORK = WORK / "jpeg"  # compare_jpeg.py's folder: the same 3072x2048 photos
EFFECTS_WORK = WORK / "effects"
SIZE_PT, SCALE = 300, 2
SIZE_PX = SIZE_PT * SCALE
PNG_LEVEL = 6
SOURCE_QUALITY = 90
LABEL, COUNT = "3072x2048", 8


def make_photos() -> list[Path]:
    """The eight 3072x2048 mosaics, named and made exactly as compare_jpeg.py does."""
    folder = JPEG_WORK / "photos" / LABEL
    folder.mkdir(parents=True, exist_ok=True)
    tiles = None
    files = []
    for i in range(COUNT):
        path = folder / f"photo-{LABEL}-{i:02d}.jpg"
        if not path.exists():
            tiles = tiles or kodak_tiles()
            image = mosaic(tiles, 3072, 2048, seed=i)
            image.save(path.with_suffix(".tmp"), "JPEG", quality=SOURCE_QUALITY, subsampling=2)
            path.with_suffix(".tmp").replace(path)
        files.append(path)
    return files


class Pillow:
    name = "Pillow (draft, LANCZOS, GaussianBlur)"

    def __init__(self, sigma_px: float) -> None:
        import PIL
        from PIL import Image, ImageFilter, ImageOps

        self.Image, self.ImageFilter, self.ImageOps = Image, ImageFilter, ImageOps
        self.version = PIL.__version__
        self.sigma_px = sigma_px

    def render(self, src: Path, dst: Path) -> None:
        Image, ImageOps = self.Image, self.ImageOps
        with Image.open(src) as im:
            im.draft("RGB", (SIZE_PX, SIZE_PX))
            im = im.convert("RGB")
        fitted = ImageOps.contain(im, (SIZE_PX, SIZE_PX), method=Image.LANCZOS)
        fill = ImageOps.fit(im, (SIZE_PX, SIZE_PX), method=Image.LANCZOS)
        fill = fill.filter(self.ImageFilter.GaussianBlur(self.sigma_px))
        fill.paste(fitted, ((SIZE_PX - fitted.width) // 2, (SIZE_PX - fitted.height) // 2))
        fill.save(dst.with_suffix(".png"), "PNG", compress_level=PNG_LEVEL)

    def run(self, files: list[Path], out: Path) -> Run:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in files:
            self.render(src, out / src.name)
        return Run(time.process_time() - cpu0, time.perf_counter() - wall0, folder_bytes(out))


class Pyvips:
    name = "pyvips (thumbnail, gaussblur)"

    def __init__(self, sigma_px: float) -> None:
        import pyvips

        pyvips.cache_set_max(0)
        self.pyvips = pyvips
        self.version = f"{pyvips.__version__} (libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)})"
        self.sigma_px = sigma_px

    def render(self, src: Path, dst: Path) -> None:
        Image = self.pyvips.Image
        fitted = Image.thumbnail(str(src), SIZE_PX, height=SIZE_PX)
        fill = Image.thumbnail(str(src), SIZE_PX, height=SIZE_PX, crop="centre", size="both")
        fill = fill.gaussblur(self.sigma_px)
        out = fill.insert(fitted, (SIZE_PX - fitted.width) // 2, (SIZE_PX - fitted.height) // 2)
        out.pngsave(str(dst.with_suffix(".png")), compression=PNG_LEVEL)

    def run(self, files: list[Path], out: Path) -> Run:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for src in files:
            self.render(src, out / src.name)
        return Run(time.process_time() - cpu0, time.perf_counter() - wall0, folder_bytes(out))


class Vignette:
    name = "Vignette"

    def __init__(self, executable: Path, sigma_pt: float) -> None:
        self.executable = executable
        self.version = subprocess.run([str(executable), "--version"], capture_output=True, text=True,
                                      check=True).stdout.strip()
        self.sigma_pt = sigma_pt

    @staticmethod
    def has_blur_background(executable: Path) -> bool:
        help_text = subprocess.run([str(executable), "render", "--help"], capture_output=True, text=True)
        return "blur:" in help_text.stdout + help_text.stderr

    def command(self, files: list[Path], out: Path) -> list[str]:
        return [str(self.executable), "render", *map(str, files), "--size", f"{SIZE_PT}x{SIZE_PT}",
                "--scale", str(SCALE), "--mode", "aspectFit", "--background", f"blur:{self.sigma_pt:g}",
                "--output-dir", str(out)]

    def run(self, files: list[Path], out: Path) -> Run:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        subprocess.run(self.command(files, out), check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return Run(cpu, wall, folder_bytes(out))


def measure(tools, files: list[Path], runs: int) -> tuple[dict[str, Run], dict[str, Path]]:
    """Median CPU and wall of `runs` runs per tool, taking turns; the first
    round warms caches and is dropped. Returns the medians and each tool's
    output folder."""
    samples: dict[str, list[Run]] = {tool.name: [] for tool in tools}
    folders: dict[str, Path] = {}
    for iteration in range(runs + 1):
        for tool in tools:
            out = folders.setdefault(tool.name, EFFECTS_WORK / "out" / tool.name.split()[0].lower())
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            run = tool.run(files, out)
            if iteration > 0:
                samples[tool.name].append(run)
    medians = {name: Run(statistics.median(s.cpu for s in runs_), statistics.median(s.wall for s in runs_),
                         runs_[-1].out_bytes) for name, runs_ in samples.items()}
    return medians, folders


def psnr_vs(reference: Path, other: Path) -> float:
    """Median PSNR (dB, RGB) of the PNGs in `other` against those of the same name in `reference`."""
    import numpy as np
    from PIL import Image

    values = []
    for ref in sorted(reference.glob("*.png")):
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
    parser.add_argument("--sigma", type=float, default=12.0, help="blur sigma in points (x2 in pixels)")
    parser.add_argument("--no-venv", action="store_true")
    args = parser.parse_args()
    if not args.no_venv and not in_venv():
        ensure_venv(Path(__file__).resolve())  # does not return

    sigma_px = args.sigma * SCALE
    tools: list = [Pillow(sigma_px)]
    try:
        tools.append(Pyvips(sigma_px))
    except Exception as error:  # ImportError, or OSError when libvips cannot load
        print(f"note: pyvips skipped ({type(error).__name__})")
    executable = args.vignette.resolve()
    if not os.access(executable, os.X_OK):
        print(f"note: no vignette executable at {executable} (`swift build -c release`); Vignette skipped")
    elif not Vignette.has_blur_background(executable):
        print(f"note: {executable} has no `--background blur:SIGMA` yet (issue 19's CLI flag); Vignette skipped")
    else:
        tools.append(Vignette(executable, args.sigma))

    files = make_photos()
    print(f"==> {', '.join(f'{t.name} {t.version}' for t in tools)}; {len(files)} x {LABEL}; "
          f"sigma {args.sigma:g} pt = {sigma_px:g} px; {args.runs} run(s), medians", flush=True)
    results, folders = measure(tools, files, args.runs)
    base = results[tools[0].name]
    lines = ["| Tool | CPU ms/image | Wall s (batch) | Throughput vs Pillow | Output bytes | PSNR vs Pillow (dB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for tool in tools:
        r = results[tool.name]
        psnr = "—" if tool is tools[0] else f"{psnr_vs(folders[tools[0].name], folders[tool.name]):.1f}"
        lines.append(f"| {tool.name} | {1000 * r.cpu / len(files):.1f} | {r.wall:.2f} | "
                     f"{base.cpu / r.cpu:.2f}x | {r.out_bytes:,} | {psnr} |")
    table = "\n".join(lines)
    print()
    print(table)
    report = EFFECTS_WORK / "effects.md"
    report.write_text(table + "\n")
    print(f"\n(written to {report.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
