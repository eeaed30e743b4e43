#!/usr/bin/env python3
"""Regenerates the GIF fixtures from the shared test photos.

Pillow (11 or later) encodes the ordinary files and decodes their references;
the files Pillow cannot write (a first frame smaller than the screen at an
offset, with only a local colour map; a frame far outside a small screen)
are assembled here byte by byte, with a minimal LZW writer, and their
references are built from the palette indices themselves.
Usage: make_gif_fixtures.py [path/to/shared/testdata]
"""
import pathlib
import struct
import subprocess
import sys

from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent
ROOT = pathlib.Path(subprocess.run(['git', '-C', str(HERE), 'rev-parse', '--show-toplevel'],
                                   capture_output=True, text=True, check=True).stdout.strip())
TESTDATA = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT.parent / 'shared' / 'testdata')


def photo(name, box):
    return Image.open(TESTDATA / 'photos' / name).convert('RGB').crop(box)


def pillow_files():
    # 96x64 parrot crop in 256 colours: plain (GIF87a) and interlaced, same indices.
    indexed = photo('kodim23.png', (400, 120, 496, 184)).quantize(256, dither=Image.Dither.NONE)
    indexed.save(HERE / 'photo.gif', interlace=False)
    indexed.save(HERE / 'photo-interlaced.gif', interlace=True)
    Image.open(HERE / 'photo.gif').convert('RGBA').save(HERE / 'photo.png')
    # 64x64 icon: 255 colours plus a transparent index where alpha < 128.
    icon = Image.open(TESTDATA / 'icons' / 'Transparency.png').convert('RGBA').resize((64, 64), Image.LANCZOS)
    indexed = icon.convert('RGB').quantize(255, dither=Image.Dither.NONE)
    mask = icon.getchannel('A').point(lambda a: 255 if a < 128 else 0)
    indexed.paste(255, mask=mask)
    indexed.save(HERE / 'transparent.gif', transparency=255, interlace=False)
    Image.open(HERE / 'transparent.gif').convert('RGBA').save(HERE / 'transparent.png')
    # Three 48x32 frames; decoding gives the first.
    frames = [photo('kodim07.png', (x, 200, x + 48, 232)).quantize(64, dither=Image.Dither.NONE)
              for x in (100, 300, 500)]
    frames[0].save(HERE / 'animated.gif', save_all=True, append_images=frames[1:], duration=100, loop=0)
    Image.open(HERE / 'animated.gif').convert('RGBA').save(HERE / 'animated-frame1.png')


def lzw(indices, min_code_size=8):
    """LZW data a decoder accepts, without compressing: literal codes at a
    fixed 9-bit width, a clear code before the table would widen it."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    codes = [clear]
    for i, index in enumerate(indices):
        if i and i % 254 == 0:
            codes.append(clear)
        codes.append(index)
    codes.append(end)
    bits = sum(code << (9 * i) for i, code in enumerate(codes))
    data = bits.to_bytes((9 * len(codes) + 7) // 8, 'little')
    blocks = b''.join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255))
    return bytes([min_code_size]) + blocks + b'\x00'


def frame(left, top, width, height, indices, palette=None, transparent=None):
    """Graphic Control Extension (when transparent is set), image descriptor,
    local colour map of 256 entries (when palette is set) and image data."""
    out = b''
    if transparent is not None:
        out += b'\x21\xf9\x04\x01' + struct.pack('<H', 10) + bytes([transparent, 0])
    flags = 0x87 if palette else 0
    out += b'\x2c' + struct.pack('<HHHH', left, top, width, height) + bytes([flags])
    if palette:
        out += bytes(c for rgb in palette for c in rgb) + bytes(3 * (256 - len(palette)))
    return out + lzw(indices)


def offset_file():
    """A 64x48 screen without a global map; the first frame is 40x24 at
    (16, 12) with a local map, index 0 transparent (a 10x6 hole); a second
    frame covers the screen."""
    source = photo('kodim23.png', (200, 60, 240, 84)).quantize(199, dither=Image.Dither.NONE)
    raw = source.getpalette()[:3 * 199]
    palette = [(0, 0, 0)] + [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    indices = [i + 1 for i in source.tobytes()]
    for y in range(9, 15):
        for x in range(15, 25):
            indices[y * 40 + x] = 0
    second = [7] * (64 * 48)
    data = (b'GIF89a' + struct.pack('<HH', 64, 48) + b'\x00\x00\x00'
            + frame(16, 12, 40, 24, indices, palette, transparent=0)
            + frame(0, 0, 64, 48, second, palette) + b'\x3b')
    (HERE / 'offset.gif').write_bytes(data)
    reference = Image.new('RGBA', (64, 48), (0, 0, 0, 0))
    for i, index in enumerate(indices):
        if index:
            reference.putpixel((16 + i % 40, 12 + i // 40), palette[index] + (255,))
    reference.save(HERE / 'offset.png')
    # Pillow decodes the same frame pixels (it paints no canvas around them).
    frame_box = (16, 12, 56, 36)
    pillow = Image.open(HERE / 'offset.gif').convert('RGBA').crop(frame_box)
    expected = reference.crop(frame_box)
    assert all(p == e for p, e in zip(pillow.getdata(), expected.getdata()) if e[3]), 'Pillow disagrees on offset.gif'


def far_frame_file():
    """A 16x16 screen whose only frame (16x16) sits at (60000, 60000): the
    canvas that would hold it is 60016 x 60016."""
    data = (b'GIF89a' + struct.pack('<HH', 16, 16) + b'\x80\x00\x00' + bytes(6)
            + frame(60000, 60000, 16, 16, [1] * 256) + b'\x3b')
    (HERE / 'far-frame.gif').write_bytes(data)


if __name__ == '__main__':
    pillow_files()
    offset_file()
    far_frame_file()
    for path in sorted(HERE.glob('*.gif')) + sorted(HERE.glob('*.png')):
        print(f'{path.name:24} {path.stat().st_size:6} bytes')
