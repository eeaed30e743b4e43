#!/usr/bin/env python3
"""Vignette vs Pillow (raqm layout) on a caption overlay.

The job, the same for both tools: each of 24 photos (768x512 PNG, the four
Kodak photos of the catalog, each six times under its own name) gets a
two-line caption in Noto Sans Bold 28 px, white, wrapped to 560 px and
centred at the bottom, then is written as PNG. Pillow lays text out with
raqm (HarfBuzz + FriBiDi) as its wheels ship it, wrapping on measured
widths as its users do (textwrap by words, ImageDraw.textlength); it runs in
this process, timed with time.process_time(). Vignette runs as one
`vignette render` of the batch with --overlay-text, timed from
getrusage(RUSAGE_CHILDREN) deltas (process start-up included).

Both run the same job without the caption too: the difference is the text's
own cost, which the PNG codec would otherwise hide. Runs alternate between
the tools (--runs, default 5); the table shows medians and their ratios.

    python3 Benchmarks/text_vs_pillow.py [--vignette PATH] [--runs N]

Uses the venv of compare_pillow.py (Benchmarks/.venv: Pillow).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare_pillow import ROOT, WORK, ensure_venv, in_venv  # noqa: E402

FONT = ROOT / "Sources" / "CBundledFonts" / "fonts" / "NotoSans-Bold.ttf"
PHOTOS = ROOT / "Sources" / "VignetteCatalog" / "Resources"
TEXT_WORK = WORK / "text"
CAPTION = "Parrots of the rainforest canopy, and why they live so long"
SIZE, WIDTH = 28, 560


def inputs() -> list[Path]:
    folder = TEXT_WORK / "in"
    if folder.exists():
        return sorted(folder.glob("*.png"))
    folder.mkdir(parents=True)
    for name in ("parrots", "door", "statue", "shutters"):
        for copy in range(6):
            shutil.copy(PHOTOS / f"product-{name}.png", folder / f"{name}-{copy}.png")
    return sorted(folder.glob("*.png"))


def pillow(files: list[Path], out: Path, caption: bool) -> float:
    from PIL import Image, ImageDraw, ImageFont

    start = time.process_time()
    font = ImageFont.truetype(str(FONT), SIZE, layout_engine=ImageFont.Layout.RAQM)
    for path in files:
        image = Image.open(path).convert("RGBA")
        if caption:
            draw = ImageDraw.Draw(image)
            lines, line = [], ""
            for word in CAPTION.split():
                trial = f"{line} {word}".strip()
                if draw.textlength(trial, font=font) <= WIDTH or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
            y = image.height - 24 - len(lines) * int(SIZE * 1.362)
            for text in lines:
                w = draw.textlength(text, font=font)
                draw.text(((image.width - w) / 2, y), text, font=font, fill=(255, 255, 255, 255))
                y += int(SIZE * 1.362)
        image.save(out / path.name)
    return time.process_time() - start


def vignette(binary: str, files: list[Path], out: Path, caption: bool) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    extra = ["--overlay-text", CAPTION, "--overlay-font", f"bold {SIZE}", "--overlay-color", "#FFFFFF",
             "--overlay-size", f"{WIDTH}x0", "--overlay-align", "center", "--overlay-position", "bottom",
             "--overlay-offset", "0,-24"] if caption else []
    subprocess.run([binary, "render", *map(str, files), "--output-dir", str(out), "--size", "768x512", *extra], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vignette", default=str(ROOT / ".build" / "release" / "vignette"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not in_venv():
        ensure_venv(Path(__file__).resolve())
    files = inputs()
    times: dict[tuple[str, bool], list[float]] = {}
    for run in range(args.runs):
        for tool in ("vignette", "pillow"):
            for caption in (False, True):
                out = TEXT_WORK / f"out-{tool}-{caption}-{run}"
                shutil.rmtree(out, ignore_errors=True)
                out.mkdir(parents=True)
                spent = vignette(args.vignette, files, out, caption) if tool == "vignette" else pillow(files, out, caption)
                times.setdefault((tool, caption), []).append(spent)
    med = {key: statistics.median(value) for key, value in times.items()}
    text = {tool: med[(tool, True)] - med[(tool, False)] for tool in ("vignette", "pillow")}
    print(f"| {len(files)} photos, CPU s (median of {args.runs}) | Vignette | Pillow + raqm | Vignette / Pillow |")
    print("|---|---|---|---|")
    for label, caption in (("without caption", False), ("with caption", True)):
        print(f"| {label} | {med[('vignette', caption)]:.3f} | {med[('pillow', caption)]:.3f} | "
              f"{med[('vignette', caption)] / med[('pillow', caption)]:.2f}x |")
    print(f"| the caption alone (difference) | {text['vignette']:.3f} | {text['pillow']:.3f} | "
          f"{text['vignette'] / text['pillow']:.2f}x |" if text["pillow"] > 0 else "| caption | n/a |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
