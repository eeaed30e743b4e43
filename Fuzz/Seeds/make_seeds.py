#!/usr/bin/env python3
"""Writes the generated part of the fuzz seed corpora (Fuzz/Seeds/<target>/gen-*).

Small images (Pillow) that reach the decoders' side paths: EXIF orientation,
an embedded ICC profile, progressive JPEG, CMYK, palette and alpha, lossless
and animated WebP, AVIF with alpha; and a disk-cache entry in the layout
`DiskCacheEntry.serialized()` writes. The other seeds are copied from
Tests/Fixtures (see Fuzz/Seeds/README.md). Run from the repository root.
"""
import json
import pathlib
import struct
import zlib

from PIL import Image

ROOT = pathlib.Path('Fuzz/Seeds')
ICC = pathlib.Path('Tests/Fixtures/icc/display-p3.icc').read_bytes()


def picture(mode='RGB', size=(12, 9)):
    """A small gradient with an edge, so every codec has detail to code."""
    image = Image.new('RGBA', size)
    image.putdata([(x * 20 % 256, y * 28 % 256, (x * y * 7) % 256, 255 if x < 6 else 96)
                   for y in range(size[1]) for x in range(size[0])])
    return image.convert(mode)


def exif(orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


def save(target, name, image, **options):
    folder = ROOT / target
    folder.mkdir(parents=True, exist_ok=True)
    image.save(folder / f'gen-{name}', **options)


def images():
    save('jpeg', 'orient6-icc.jpg', picture(), quality=70, exif=exif(6), icc_profile=ICC)
    save('jpeg', 'progressive-420.jpg', picture(size=(20, 17)), quality=60, progressive=True, subsampling=2)
    save('jpeg', 'cmyk.jpg', picture('CMYK'), quality=60)
    save('jpeg', 'grey.jpg', picture('L'), quality=60, exif=exif(3))
    save('webp', 'lossless-alpha.webp', picture('RGBA'), lossless=True)
    save('webp', 'lossy-icc-exif.webp', picture(), quality=50, icc_profile=ICC, exif=exif(8))
    frames = [picture('RGBA'), picture('RGBA').transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
    save('webp', 'animated.webp', frames[0], save_all=True, append_images=frames[1:], duration=50, lossless=True)
    save('avif', 'alpha.avif', picture('RGBA', (8, 6)), quality=40)
    save('avif', 'orient-icc.avif', picture(size=(6, 8)), quality=40, exif=exif(5), icc_profile=ICC)
    save('gif', 'palette-transparent.gif', picture('P'), transparency=3)
    save('gif', 'animated.gif', picture('P'), save_all=True, duration=40,
         append_images=[picture('P').transpose(Image.Transpose.FLIP_TOP_BOTTOM)], interlace=True)


def png_chunk(kind, payload):
    return struct.pack('>I', len(payload)) + kind + payload + struct.pack('>I', zlib.crc32(kind + payload))


def png_with_exif():
    """An 8-bit RGB PNG with an eXIf chunk before IDAT (orientation 7)."""
    width, height = 5, 4
    rows = b''.join(b'\x01' + bytes((x * 50 + y * 9) % 256 for x in range(width * 3)) for y in range(height))
    ihdr = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    data = b'\x89PNG\r\n\x1a\n' + png_chunk(b'IHDR', ihdr) + png_chunk(b'eXIf', exif(7)[6:] if exif(7).startswith(b'Exif') else exif(7))
    data += png_chunk(b'IDAT', zlib.compress(rows)) + png_chunk(b'IEND', b'')
    for target in ('png-fast', 'png-libpng'):
        (ROOT / target).mkdir(parents=True, exist_ok=True)
        (ROOT / target / 'gen-exif-orient7.png').write_bytes(data)


def cache_entry():
    """An entry as `DiskCacheEntry.serialized()` writes it (dates as seconds since 2001)."""
    key = b'https://example.com/a.png'
    meta = json.dumps({'etag': '"v1"', 'storedAt': 770000000.0, 'freshUntil': 770003600.0,
                       'cacheControl': 'max-age=3600', 'mustRevalidate': False}, sort_keys=True).encode()
    payload = b'\x89PNG\r\n\x1a\n'
    body = b'VGCE' + bytes([1, 0, 0, 0]) + struct.pack('<IIQ', len(key), len(meta), len(payload)) + key + meta + payload
    (ROOT / 'disk-cache-entry').mkdir(parents=True, exist_ok=True)
    (ROOT / 'disk-cache-entry' / 'gen-entry.bin').write_bytes(body + struct.pack('<I', zlib.crc32(body)))


if __name__ == '__main__':
    images()
    png_with_exif()
    cache_entry()
