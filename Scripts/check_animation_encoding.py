#!/usr/bin/env python3
"""Reads Vignette's animated GIF and WebP output back with Pillow and checks
every frame against the source frames the encoder tests wrote.

    VIGNETTE_ANIMATION_SAMPLES=/tmp/anim swift test --filter "GIFEncodingTests|WebPAnimationEncodingTests"
    python3 Scripts/check_animation_encoding.py /tmp/anim     # needs Pillow (pip install pillow)

For each <name>.txt (loop count, then the durations in ms) the source frames
are <name>.<k>.png; <name>.gif and <name>.webp are the encodings. Checked:
frame count, durations (GIF: rounded to centiseconds, half up), loop count
(GIF: NETSCAPE repeats = plays - 1, no record for one play), and pixels:
exact where the encoding is lossless (GIF with at most 256 colours, lossless
WebP), else PSNR over opaque pixels. Exit 1 on any mismatch.
"""
import math
import pathlib
import sys

from PIL import Image, ImageSequence


def frames_of(path):
    with Image.open(path) as image:
        shown = [(frame.convert("RGBA").tobytes(), frame.info.get("duration", 0)) for frame in ImageSequence.Iterator(image)]
        return shown, image.info.get("loop"), image.size


def expected_gif(rgba):
    out = bytearray(rgba)
    for i in range(0, len(out), 4):
        out[i + 3] = 0 if out[i + 3] < 128 else 255
    return bytes(out)


def compare(actual, expected):
    """(exact, PSNR over pixels visible in both, alpha mismatches)."""
    squared, count, alpha = 0, 0, 0
    for i in range(0, len(expected), 4):
        if (actual[i + 3] == 0) != (expected[i + 3] == 0):
            alpha += 1
        if actual[i + 3] and expected[i + 3]:
            for c in range(3):
                d = actual[i + c] - expected[i + c]
                squared += d * d
                count += 1
    psnr = math.inf if squared == 0 else 10 * math.log10(255 * 255 * count / squared)
    return squared == 0 and alpha == 0, psnr, alpha


def check(folder, name, fmt):
    loop_text, durations_text = (folder / f"{name}.txt").read_text().split("\n")[:2]
    plays, durations = int(loop_text), [int(d) for d in durations_text.split()]
    sources = [Image.open(folder / f"{name}.{k}.png").convert("RGBA").tobytes() for k in range(len(durations))]
    shown, loop, _ = frames_of(folder / f"{name}.{fmt}")
    problems = []
    if fmt == "gif":
        want_durations = [(d + 5) // 10 * 10 for d in durations]
        want_loop = None if plays == 1 else (0 if plays == 0 else plays - 1)
        sources = [expected_gif(s) for s in sources]
    else:
        want_durations, want_loop = durations, plays
    if len(shown) != len(sources):
        problems.append(f"{len(shown)} frames, expected {len(sources)}")
    if [d for _, d in shown] != want_durations[: len(shown)]:
        problems.append(f"durations {[d for _, d in shown]}, expected {want_durations}")
    if loop != want_loop:
        problems.append(f"loop {loop}, expected {want_loop}")
    worst = math.inf
    for k, ((pixels, _), source) in enumerate(zip(shown, sources)):
        exact, psnr, alpha = compare(pixels, source)
        worst = min(worst, psnr)
        lossless = "lossless" in name or (fmt == "gif" and name != "photo")
        if alpha or (lossless and not exact) or psnr < 28:
            problems.append(f"frame {k}: {alpha} alpha mismatches, {psnr:.2f} dB")
    print(f"{name}.{fmt}: {len(shown)} frames, loop {loop}, worst frame {worst:.2f} dB"
          + ("" if not problems else " -- " + "; ".join(problems)))
    return not problems


def main():
    folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/anim")
    ok = True
    for info in sorted(folder.glob("*.txt")):
        name = info.stem
        for fmt in ("gif", "webp"):
            if (folder / f"{name}.{fmt}").exists():
                ok = check(folder, name, fmt) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
