#!/usr/bin/env python3
"""Vignette vs Pillow vs pyvips on two presentation jobs (issue 19).

Both jobs start from the eight 3072x2048 baseline JPEGs compare_jpeg.py makes
from the Kodak photos (Benchmarks/work/jpeg/photos/3072x2048):

- avatar: aspectFill into 160x160 pt @2x (320x320 px), clipped to a circle
  with an anti-aliased edge, a 2 pt (4 px) white border inside the edge, PNG.
  Pillow as its users write it: draft + ImageOps.fit (LANCZOS), the mask and
  the ring drawn with ImageDraw at 4x and reduced (anti-aliasing), putalpha.
  pyvips: thumbnail(crop="centre"), the mask and the ring from an SVG
  (librsvg's anti-aliasing), composite.
- letterbox: aspectFit into 300x300 pt @2x (600x600 px) over the image
  itself aspect-filled and blurred with a Gaussian of sigma 12 pt (24 px),
  JPEG q80 (thumbor's fill(blur)). Pillow: draft, ImageOps.contain and
  ImageOps.fit (LANCZOS), GaussianBlur(24), paste. pyvips: two thumbnails,
  gaussblur(24), insert.

Vignette runs as one `vignette render` of the batch with the same flags a
user would type (`--shape circle --border-width 2 --border-color '#FFFFFF'`;
`--mode aspectFit --background blur:12`), timed from getrusage of the child
(process start-up included); Pillow and pyvips in this process with
time.process_time(). The tools take turns run by run; medians of --runs.
PSNR of each tool's output against Pillow's shows they did the same job.

    python3 Benchmarks/presentation_vs_pillow.py [--vignette PATH] [--runs N]

Uses the venv of compare_pillow.py (Benchmarks/.venv: Pillow, numpy, pyvips).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_jpeg import JPEG_WORK, Run, folder_bytes, make_photos  # noqa: E402
from compare_pillow import ROOT, ensure_venv, in_venv  # noqa: E402

WORK = JPEG_WORK.parent / "presentation"
AVATAR_PT, LETTERBOX_PT, SCALE = 160, 300, 2
BORDER_PT, SIGMA_PT, QUALITY = 2, 12, 80
SUPERSAMPLE = 4


class Pillow:
    name = "Pillow"

    def __init__(self) -> None:
        import PIL
        from PIL import Image, ImageDraw, ImageFilter, ImageOps

        self.Image, self.ImageDraw, self.ImageFilter, self.ImageOps = Image, ImageDraw, ImageFilter, ImageOps
        self.version = PIL.__version__

    def avatar(self, src: Path, dst: Path) -> None:
        size = AVATAR_PT * SCALE
        big = size * SUPERSAMPLE
        with self.Image.open(src) as im:
            im.draft("RGB", (size, size))
            face = self.ImageOps.fit(im.convert("RGB"), (size, size), method=self.Image.LANCZOS)
        mask = self.Image.new("L", (big, big), 0)
        self.ImageDraw.Draw(mask).ellipse((0, 0, big - 1, big - 1), fill=255)
        ring = self.Image.new("L", (big, big), 0)
        self.ImageDraw.Draw(ring).ellipse((0, 0, big - 1, big - 1), outline=255,
                                          width=BORDER_PT * SCALE * SUPERSAMPLE)
        mask = mask.resize((size, size), self.Image.LANCZOS)
        ring = ring.resize((size, size), self.Image.LANCZOS)
        face.paste(self.Image.new("RGB", (size, size), (255, 255, 255)), (0, 0), ring)
        face.putalpha(mask)
        face.save(dst.with_suffix(".png"), "PNG")

    def letterbox(self, src: Path, dst: Path) -> None:
        size = LETTERBOX_PT * SCALE
        with self.Image.open(src) as im:
            im.draft("RGB", (size, size))
            rgb = im.convert("RGB")
        back = self.ImageOps.fit(rgb, (size, size), method=self.Image.LANCZOS)
        back = back.filter(self.ImageFilter.GaussianBlur(SIGMA_PT * SCALE))
        front = self.ImageOps.contain(rgb, (size, size), method=self.Image.LANCZOS)
        back.paste(front, ((size - front.width) // 2, (size - front.height) // 2))
        back.save(dst.with_suffix(".jpg"), "JPEG", quality=QUALITY)


class Pyvips:
    name = "pyvips"

    def __init__(self) -> None:
        import pyvips

        pyvips.cache_set_max(0)
        self.pyvips = pyvips
        self.version = f"{pyvips.__version__} (libvips {pyvips.version(0)}.{pyvips.version(1)}.{pyvips.version(2)})"

    def avatar(self, src: Path, dst: Path) -> None:
        size = AVATAR_PT * SCALE
        r = size / 2
        w = BORDER_PT * SCALE
        face = self.pyvips.Image.thumbnail(str(src), size, height=size, crop="centre")
        svg = (f'<svg width="{size}" height="{size}"><circle cx="{r}" cy="{r}" r="{r - w / 2}" fill="black" '
               f'stroke="white" stroke-width="{w}"/></svg>')
        ring = self.pyvips.Image.svgload_buffer(svg.encode())
        mask = self.pyvips.Image.svgload_buffer(
            f'<svg width="{size}" height="{size}"><circle cx="{r}" cy="{r}" r="{r}" fill="white"/></svg>'.encode())
        # The ring image: white stroke over black fill; its luma is the ring's coverage.
        coverage = ring.extract_band(0)
        white = face.new_from_image([255, 255, 255])
        painted = coverage.ifthenelse(white, face, blend=True)
        painted.bandjoin(mask.extract_band(3)).pngsave(str(dst.with_suffix(".png")))

    def letterbox(self, src: Path, dst: Path) -> None:
        size = LETTERBOX_PT * SCALE
        back = self.pyvips.Image.thumbnail(str(src), size, height=size, crop="centre")
        back = back.gaussblur(SIGMA_PT * SCALE)
        front = self.pyvips.Image.thumbnail(str(src), size, height=size)
        back.insert(front, (size - front.width) // 2, (size - front.height) // 2).jpegsave(
            str(dst.with_suffix(".jpg")), Q=QUALITY)


class Vignette:
    name = "Vignette"

    def __init__(self, executable: Path) -> None:
        self.executable = executable
        self.version = subprocess.run([str(executable), "--version"], capture_output=True, text=True,
                                      check=True).stdout.strip()

    def flags(self, job: str) -> list[str]:
        if job == "avatar":
            return ["--size", f"{AVATAR_PT}x{AVATAR_PT}", "--mode", "aspectFill", "--shape", "circle",
                    "--border-width", str(BORDER_PT), "--border-color", "#FFFFFF", "--format", "png"]
        return ["--size", f"{LETTERBOX_PT}x{LETTERBOX_PT}", "--mode", "aspectFit",
                "--background", f"blur:{SIGMA_PT}", "--format", "jpeg", "--quality", str(QUALITY)]

    def run(self, job: str, files: list[Path], out: Path) -> Run:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        wall0 = time.perf_counter()
        subprocess.run([str(self.executable), "render", *map(str, files), "--scale", str(SCALE), *self.flags(job),
                        "--output-dir", str(out)], check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - wall0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return Run(cpu, wall, folder_bytes(out))


def in_process(tool, job: str, files: list[Path], out: Path) -> Run:
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for src in files:
        getattr(tool, job)(src, out / src.name)
    return Run(time.process_time() - cpu0, time.perf_counter() - wall0, folder_bytes(out))


def measure(tools, job: str, files: list[Path], runs: int) -> dict[str, Run]:
    samples: dict[str, list[Run]] = {tool.name: [] for tool in tools}
    for iteration in range(runs + 1):  # the first round warms caches and is dropped
        for tool in tools:
            out = WORK / job / tool.name.lower()
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            run = tool.run(job, files, out) if isinstance(tool, Vignette) else in_process(tool, job, files, out)
            if iteration > 0:
                samples[tool.name].append(run)
    return {name: Run(statistics.median(r.cpu for r in rs), statistics.median(r.wall for r in rs), rs[-1].out_bytes)
            for name, rs in samples.items()}


def psnr(reference: Path, other: Path) -> float:
    """Median PSNR over the batch, RGBA premultiplied onto white (so a circle's
    outside, transparent in both, counts as equal)."""
    import numpy as np
    from PIL import Image

    values = []
    for ref in sorted(reference.iterdir()):
        match = next(other.glob(ref.stem + ".*"))
        with Image.open(ref) as a, Image.open(match) as b:
            pair = []
            for im in (a, b):
                rgba = np.asarray(im.convert("RGBA"), dtype=np.float64)
                alpha = rgba[..., 3:] / 255
                pair.append(rgba[..., :3] * alpha + 255 * (1 - alpha))
        mse = float(np.mean((pair[0] - pair[1]) ** 2))
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
    files = make_photos()["3072x2048"]
    tools = [Pillow(), Pyvips(), Vignette(args.vignette.resolve())]
    for tool in tools:
        print(f"{tool.name}: {tool.version}")
    print(f"\n{len(files)} x 3072x2048 JPEG; median of {args.runs} runs, CPU seconds for the batch\n")
    print("| job | Pillow | pyvips | Vignette | Vignette / Pillow | Vignette / pyvips | PSNR vs Pillow: Vignette, pyvips |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for job in ("avatar", "letterbox"):
        r = measure(tools, job, files, args.runs)
        pil, vips, vig = r["Pillow"], r["pyvips"], r["Vignette"]
        base = WORK / job
        print(f"| {job} | {pil.cpu:.3f} s | {vips.cpu:.3f} s | {vig.cpu:.3f} s | {vig.cpu / pil.cpu:.2f} "
              f"| {vig.cpu / vips.cpu:.2f} | {psnr(base / 'pillow', base / 'vignette'):.1f} dB, "
              f"{psnr(base / 'pillow', base / 'pyvips'):.1f} dB |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
