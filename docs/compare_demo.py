#!/usr/bin/env python3
"""Writes two small folders of PNGs for a demo of `vignette compare --report`.

    python3 docs/compare_demo.py /tmp/vignette-demo
    # -> /tmp/vignette-demo/ref and /tmp/vignette-demo/actual

Standard library only (zlib + struct): every status of a folder comparison
shows up — changed (two separate regions), changed size, added, removed,
unchanged, and unchanged within tolerance at --perceptual-precision 0.98.
"""
import os
import struct
import sys
import zlib


def png(path, width, height, pixels):
    """Writes RGBA8 `pixels` (a bytearray, rows top to bottom) as a PNG."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    raw = b''.join(b'\x00' + bytes(pixels[y * width * 4:(y + 1) * width * 4]) for y in range(height))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw, 9)))
        f.write(chunk(b'IEND', b''))


class Canvas:
    def __init__(self, width, height, colour=(255, 255, 255, 255)):
        self.width, self.height = width, height
        self.pixels = bytearray(colour * (width * height))

    def rect(self, x0, y0, x1, y1, colour, radius=0):
        for y in range(max(0, y0), min(self.height, y1)):
            for x in range(max(0, x0), min(self.width, x1)):
                dx = max(x0 + radius - x - 0.5, x - (x1 - radius) + 0.5, 0)
                dy = max(y0 + radius - y - 0.5, y - (y1 - radius) + 0.5, 0)
                if radius and dx * dx + dy * dy > radius * radius:
                    continue
                i = (y * self.width + x) * 4
                self.pixels[i:i + 4] = bytes(colour)

    def circle(self, cx, cy, r, colour):
        for y in range(self.height):
            for x in range(self.width):
                if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r:
                    i = (y * self.width + x) * 4
                    self.pixels[i:i + 4] = bytes(colour)

    def save(self, path):
        png(path, self.width, self.height, self.pixels)


def card(accent, badge, title_width):
    c = Canvas(240, 150, (246, 247, 250, 255))
    c.rect(10, 10, 230, 140, (255, 255, 255, 255), radius=10)
    c.circle(42, 44, 20, accent)
    c.rect(74, 32, 74 + title_width, 42, (40, 44, 52, 255), radius=3)
    c.rect(74, 50, 170, 57, (160, 166, 176, 255), radius=3)
    c.rect(24, 78, 216, 84, (215, 219, 226, 255), radius=3)
    c.rect(24, 92, 190, 98, (215, 219, 226, 255), radius=3)
    c.rect(140, 110, 216, 130, badge, radius=8)
    return c


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '/tmp/vignette-demo'
    ref, actual = os.path.join(root, 'ref'), os.path.join(root, 'actual')
    blue, green = (26, 115, 232, 255), (30, 142, 62, 255)
    card(blue, blue, 110).save(os.path.join(ref, 'cards/profile.png'))
    # Two separate changes: the avatar colour and the button colour.
    card((217, 48, 37, 255), green, 110).save(os.path.join(actual, 'cards/profile.png'))
    card(blue, blue, 80).save(os.path.join(ref, 'cards/compact.png'))
    card(blue, blue, 80).save(os.path.join(actual, 'cards/compact.png'))
    soft = card(green, blue, 96)
    soft.save(os.path.join(ref, 'cards/soft.png'))
    for i in range(0, len(soft.pixels), 4):
        if soft.pixels[i] < 255 and (i // 4) % 3 == 0:
            soft.pixels[i] += 1
    soft.save(os.path.join(actual, 'cards/soft.png'))
    icon = Canvas(48, 48, (0, 0, 0, 0))
    icon.circle(24, 24, 18, (242, 153, 0, 255))
    icon.save(os.path.join(ref, 'icons/sun.png'))
    moon = Canvas(48, 48, (0, 0, 0, 0))
    moon.circle(24, 24, 18, (95, 99, 104, 255))
    moon.circle(32, 18, 14, (0, 0, 0, 0))
    moon.save(os.path.join(actual, 'icons/moon.png'))
    wide = Canvas(96, 32, (0, 0, 0, 0))
    wide.rect(0, 0, 96, 32, (142, 36, 170, 255), radius=16)
    wide.save(os.path.join(ref, 'icons/pill.png'))
    wider = Canvas(112, 32, (0, 0, 0, 0))
    wider.rect(0, 0, 112, 32, (142, 36, 170, 255), radius=16)
    wider.save(os.path.join(actual, 'icons/pill.png'))
    print(ref, actual)


if __name__ == '__main__':
    main()
