#!/usr/bin/env python3
"""Writes the JPEG fixtures and their reference decodes (Tests/Fixtures/jpeg/).

Sources: the Kodak "parrots" photo (kodim23, in Sources/VignetteCatalog/
Resources/product-parrots.png) and the libjpeg-turbo test images copied into
this folder (testorig.jpg, testimgint.jpg, testimgari.jpg).

Encoded fixtures come from Pillow, except YCCK and marker-less CMYK, which
Pillow cannot write: make_cmyk_variants.c (built here with cc against the
system libjpeg) writes those. Reference decodes come from Pillow's
libjpeg-turbo, which decodes with the accurate integer IDCT (JDCT_ISLOW) and
fancy upsampling by default - the settings Vignette pins. Scaled references
use Pillow's draft() scale with its fast-IDCT flag off (decoderconfig
(scale, 0)), i.e. libjpeg's scale_denom with JDCT_ISLOW. CMYK references are
computed here from Pillow's raw CMYK samples with R = (255-C)(255-K)/255
rounded (Pillow's own formula), the samples read inverted only when the file
has an Adobe marker.

Run from the repository root: python3 Tests/Fixtures/jpeg/make_jpeg_fixtures.py
Needs Pillow (pip install pillow) and a C compiler with libjpeg headers.
"""
import os
import pathlib
import subprocess
import tempfile

from PIL import Image

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
REF = HERE / 'reference'
PHOTO = ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png'


def save_reference(image, name):
    REF.mkdir(exist_ok=True)
    image.save(REF / name, optimize=True)


def reference_decode(name, scale=1):
    """Pillow's decode of fixture `name` at 1/scale (islow, fancy upsampling)."""
    image = Image.open(HERE / name)
    if scale != 1:
        # What draft() does, minus its fast-IDCT flag: decoderconfig (scale, draft=0).
        tile = image.tile[0]
        size = ((image.size[0] + scale - 1) // scale, (image.size[1] + scale - 1) // scale)
        image.tile = [type(tile)(tile[0], (0, 0) + size, tile[2], tile[3])]
        image._size = size
        image.decoderconfig = (scale, 0)
    image.load()
    return image


def mul255(a, b):
    t = a * b + 128
    return (t + (t >> 8)) >> 8


def cmyk_reference(name):
    """RGB from the raw CMYK samples; Pillow un-inverts them as if Adobe-marked."""
    image = reference_decode(name)
    adobe = 'adobe' in image.info
    rgb = Image.new('RGB', image.size)
    pixels = []
    raw = image.tobytes()
    for i in range(0, len(raw), 4):
        c, m, y, k = raw[i:i + 4]
        # Pillow returns 255 - stored; Adobe files store 255 - ink, others ink.
        if not adobe:
            c, m, y, k = 255 - c, 255 - m, 255 - y, 255 - k
        # Now c..k are ink amounts: R = (255 - C)(255 - K) / 255.
        pixels.append((mul255(255 - c, 255 - k), mul255(255 - m, 255 - k), mul255(255 - y, 255 - k)))
    rgb.putdata(pixels)
    return rgb


def photo_crops():
    photo = Image.open(PHOTO).convert('RGB')
    detail = photo.crop((150, 170, 251, 245))           # 101 x 75, a parrot's eye and beak
    small = photo.resize((203, 135), Image.LANCZOS)     # the whole photo, sides not multiples of 8
    return detail, small


def quadrants():
    """24 x 16: red, green / blue, yellow quadrants, to see where corners land."""
    image = Image.new('RGB', (24, 16))
    for (x0, y0), colour in zip([(0, 0), (12, 0), (0, 8), (12, 8)],
                                [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]):
        image.paste(colour, (x0, y0, x0 + 12, y0 + 8))
    return image


def write_cmyk_variants(detail):
    with tempfile.TemporaryDirectory() as tmp:
        tool = os.path.join(tmp, 'make_cmyk_variants')
        subprocess.run(['cc', '-O2', '-o', tool, str(HERE / 'make_cmyk_variants.c'), '-ljpeg'], check=True)
        ink = detail.convert('CMYK').tobytes()
        for mode, samples in [('ycck', bytes(255 - b for b in ink)), ('plain', ink)]:
            raw = os.path.join(tmp, mode + '.cmyk')
            pathlib.Path(raw).write_bytes(samples)
            out = HERE / ('ycck.jpg' if mode == 'ycck' else 'cmyk-plain.jpg')
            subprocess.run([tool, mode, str(detail.width), str(detail.height), raw, str(out)], check=True)


def main():
    detail, small = photo_crops()
    for name, sampling in [('s444.jpg', 0), ('s422.jpg', 1), ('s420.jpg', 2)]:
        detail.save(HERE / name, quality=90, subsampling=sampling)
    detail.convert('L').save(HERE / 'grey.jpg', quality=90)
    detail.save(HERE / 'progressive.jpg', quality=90, subsampling=2, progressive=True)
    detail.save(HERE / 'restart.jpg', quality=90, subsampling=2, restart_marker_blocks=4)
    detail.convert('CMYK').save(HERE / 'cmyk.jpg', quality=90)
    write_cmyk_variants(detail)
    small.save(HERE / 'photo.jpg', quality=85, subsampling=2)
    small.save(HERE / 'photo-progressive.jpg', quality=85, subsampling=2, progressive=True)
    quadrants().save(HERE / 'quadrants.jpg', quality=100, subsampling=0)

    for name in ['s444', 's422', 's420', 'grey', 'testorig', 'testimgint']:
        save_reference(reference_decode(name + '.jpg'), name + '.png')
    for name in ['cmyk', 'ycck', 'cmyk-plain']:
        save_reference(cmyk_reference(name + '.jpg'), name + '.png')
    for scale in [1, 2, 4, 8]:
        save_reference(reference_decode('photo.jpg', scale), f'photo@1_{scale}.png')
    # Same coefficients, other entropy coding: these share a reference (checked, not assumed).
    shared = [('progressive.jpg', 's420.jpg', 1), ('restart.jpg', 's420.jpg', 1),
              ('testimgari.jpg', 'testimgint.jpg', 1)]
    shared += [('photo-progressive.jpg', 'photo.jpg', scale) for scale in [1, 2, 4, 8]]
    for name, twin, scale in shared:
        assert reference_decode(name, scale).tobytes() == reference_decode(twin, scale).tobytes(), name


if __name__ == '__main__':
    main()
