#!/usr/bin/env python3
"""Writes the flat-colour source PNGs of the HEIC fixtures (no Pillow: zlib
and struct only), so every pixel's expected value is known.

Usage: make_sources.py OUTPUT_FOLDER ICC_PROFILE
- blocks.png     64x48 RGB: four 32x24 blocks, red, green, blue, grey.
- alpha.png      64x48 RGBA: the same blocks, alpha 255, 192, 128 and 0 by quadrant.
- blocks16.png   64x48 16-bit RGB: the blocks, 16-bit (for a 10-bit encode).
- alpha-premultiplied.png  alpha.png with its colour multiplied by alpha (rounded),
                 for a file marked premultiplied.
- blocks-icc.png blocks.png with ICC_PROFILE in an iCCP chunk.
- tall.png       32x64 RGB: the top half red on the left, green on the right, the
                 bottom half blue: no turn or mirror leaves it unchanged, so each of
                 the eight orientations gives a different image.
"""
import struct
import sys
import zlib

BLOCKS = [(220, 40, 40), (40, 200, 60), (40, 60, 220), (128, 128, 128)]
ALPHAS = [255, 192, 128, 0]


def png(path, width, height, rows, colour_type, depth=8, icc=None):
    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b''.join(b'\x00' + row for row in rows)
    header = struct.pack('>IIBBBBB', width, height, depth, colour_type, 0, 0, 0)
    iccp = chunk(b'iCCP', b'icc\x00\x00' + zlib.compress(icc, 9)) if icc else b''
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + iccp + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def quadrant(x, y):
    return (1 if x >= 32 else 0) + (2 if y >= 24 else 0)


def main(out, icc_path):
    rgb = [bytes(c for x in range(64) for c in BLOCKS[quadrant(x, y)]) for y in range(48)]
    png(f'{out}/blocks.png', 64, 48, rgb, 2)
    rgba = [bytes(c for x in range(64) for c in BLOCKS[quadrant(x, y)] + (ALPHAS[quadrant(x, y)],)) for y in range(48)]
    png(f'{out}/alpha.png', 64, 48, rgba, 6)
    premultiplied = [bytes(c for x in range(64) for c in [(v * ALPHAS[quadrant(x, y)] + 127) // 255 for v in BLOCKS[quadrant(x, y)]] + [ALPHAS[quadrant(x, y)]]) for y in range(48)]
    png(f'{out}/alpha-premultiplied.png', 64, 48, premultiplied, 6)
    with open(icc_path, 'rb') as f:
        png(f'{out}/blocks-icc.png', 64, 48, rgb, 2, icc=f.read())
    wide = [b''.join(struct.pack('>HHH', *(c * 257 for c in BLOCKS[quadrant(x, y)])) for x in range(64)) for y in range(48)]
    png(f'{out}/blocks16.png', 64, 48, wide, 2, depth=16)
    tall = [bytes(c for x in range(32) for c in BLOCKS[(0 if x < 16 else 1) if y < 32 else 2]) for y in range(64)]
    png(f'{out}/tall.png', 32, 64, tall, 2)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
