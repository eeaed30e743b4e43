#!/usr/bin/env python3
"""Writes pngsuite-reference.tsv: reference pixels for every valid PngSuite file.

The reference comes from pypng, a pure-Python decoder that shares no code with
libpng, so PNGCodecTests compares two independent decoders.

Setup (once):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pypng
Run from anywhere:
    /tmp/venv/bin/python Tests/VignetteTests/Fixtures/make_pngsuite_reference.py

Only pypng's raw `png.Reader(...).read()` is used (never asDirect/asRGBA, which
rescale by sBIT). The expansion to straight RGBA8 follows Vignette's decoding
contract (design.md, rendering contract point 6):
- grey -> R = G = B; bit depths 1/2/4 scale as v * 255 / (2^d - 1);
- palette -> PLTE colour, alpha from tRNS (255 past its end);
- grey/RGB tRNS: a pixel whose samples equal the tRNS colour at the original
  bit depth gets alpha 0, every other pixel alpha 255;
- 16-bit samples round to 8 as (v * 255 + 32895) >> 16;
- gAMA, cHRM, sRGB, bKGD and sBIT are ignored (Vignette converts iCCP to sRGB,
  but no PngSuite file has one: the references hold the stored samples).

Files whose names start with 'x' are the suite's invalid files; they are
skipped here (the tests expect them to be rejected).

Columns: name, width, height, fnv1a64 (hex, of the width*height*4 RGBA8
bytes, rows top to bottom), pixel (0,0) and the last pixel as RRGGBBAA.
"""

import os
import sys

import png

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "pngsuite")
OUT = os.path.join(HERE, "pngsuite-reference.tsv")

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = (1 << 64) - 1


def fnv1a64(data):
    h = FNV_OFFSET
    for b in data:
        h ^= b
        h = (h * FNV_PRIME) & MASK64
    return h


def to8(v, depth):
    """One sample at `depth` bits to 8 bits."""
    if depth == 16:
        return (v * 255 + 32895) >> 16
    if depth == 8:
        return v
    return v * 255 // ((1 << depth) - 1)  # exact for 1, 2, 4 bits


def expand(path):
    reader = png.Reader(filename=path)
    width, height, rows, info = reader.read()
    rows = [list(r) for r in rows]
    depth = info["bitdepth"]
    color_type = reader.color_type
    planes = info["planes"]
    transparent = info.get("transparent")  # tuple at the original bit depth
    out = bytearray()

    if color_type == 3:
        palette = info["palette"]  # 3- or 4-tuples, tRNS already merged
        for row in rows:
            assert len(row) == width
            for index in row:
                if index >= len(palette):
                    raise ValueError(f"{path}: palette index {index} out of range")
                entry = palette[index]
                out += bytes((entry[0], entry[1], entry[2], entry[3] if len(entry) == 4 else 255))
    else:
        grey = color_type in (0, 4)
        has_alpha = color_type in (4, 6)
        assert planes == (1 if grey else 3) + (1 if has_alpha else 0)
        for row in rows:
            assert len(row) == width * planes
            for x in range(width):
                samples = row[x * planes:(x + 1) * planes]
                colour = samples[:1] if grey else samples[:3]
                if has_alpha:
                    alpha = to8(samples[-1], depth)
                elif transparent is not None:
                    alpha = 0 if tuple(colour) == tuple(transparent) else 255
                else:
                    alpha = 255
                c8 = [to8(v, depth) for v in colour]
                if grey:
                    c8 = c8 * 3
                out += bytes((c8[0], c8[1], c8[2], alpha))

    assert len(out) == width * height * 4, path
    return width, height, bytes(out)


def main():
    names = sorted(n for n in os.listdir(SUITE) if n.endswith(".png") and not n.startswith("x"))
    lines = ["# name\twidth\theight\tfnv1a64\tfirst_rgba\tlast_rgba"]
    for name in names:
        width, height, rgba = expand(os.path.join(SUITE, name))
        lines.append("\t".join((
            name, str(width), str(height), "%016x" % fnv1a64(rgba),
            rgba[:4].hex(), rgba[-4:].hex(),
        )))
    with open(OUT, "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(names)} entries to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
