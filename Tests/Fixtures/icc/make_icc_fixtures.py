#!/usr/bin/env python3
"""Writes the ICC fixtures of ColorProfileTests: profiles, tagged PNGs and
their sRGB references.

Setup (once):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pillow numpy
Run from the repository root:
    /tmp/venv/bin/python Tests/Fixtures/icc/make_icc_fixtures.py

Profiles are written here byte by byte (ICC v4.3, matrix-shaper, no
profile ID, fixed date), so they do not come from the library under test:
- display-p3.icc   Display P3: P3 primaries, D65, the sRGB tone curve ('para' type 3)
- adobe-rgb.icc    Adobe RGB (1998)-like: its primaries, D65, gamma 563/256 ('curv')
- grey-gamma22.icc a grey display profile, gamma 2.2 ('para' type 0)
The colorants are the primaries' XYZ adapted from D65 to the D50 PCS with
the Bradford transform, as ICC.1 asks.

Images (Pillow writes the iCCP chunk):
- p3-swatches.png      64x40 RGBA: ramps, primaries, a colour cube, an alpha ramp; Display P3
- adobe-rgb-parrots.png 128x96 RGB crop of kodim23 (product-parrots.png), pixels
                       reinterpreted as Adobe RGB
- grey-gamma22.png     256x4 grey ramp with the grey profile
- srgb-tagged.png      the parrots crop tagged with lcms2's own sRGB profile
- garbage-iccp.png     the parrots crop with 200 bytes of noise as its iCCP profile
References, converted by Pillow's ImageCms (its bundled lcms2) with the
relative colorimetric intent to its built-in sRGB profile, saved untagged:
- <name>.srgb.png for the first three.
"""
import io
import pathlib
import struct

import numpy as np
from PIL import Image, ImageCms

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
D50 = np.array([0.9642, 1.0, 0.8249])
BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])


def s15(v):
    return struct.pack('>i', int(round(v * 65536)))


def xyz_of(x, y):
    return np.array([x / y, 1.0, (1 - x - y) / y])


def rgb_to_xyz(primaries, white):
    """The RGB -> XYZ matrix whose columns are the primaries scaled to the white."""
    m = np.column_stack([xyz_of(*p) for p in primaries])
    return m * np.linalg.solve(m, xyz_of(*white))


def bradford(src_white):
    cone = BRADFORD @ src_white, BRADFORD @ D50
    return np.linalg.inv(BRADFORD) @ np.diag(cone[1] / cone[0]) @ BRADFORD


def tag_xyz(v):
    return b'XYZ ' + bytes(4) + b''.join(s15(c) for c in v)


def tag_mluc(text):
    utf16 = text.encode('utf-16-be')
    return b'mluc' + bytes(4) + struct.pack('>II', 1, 12) + b'enUS' + struct.pack('>II', len(utf16), 28) + utf16


def tag_para(kind, params):
    return b'para' + bytes(4) + struct.pack('>HH', kind, 0) + b''.join(s15(p) for p in params)


def tag_gamma_curv(gamma_u8f8):
    return b'curv' + bytes(4) + struct.pack('>IH', 1, gamma_u8f8) + bytes(2)


def profile(space, tags):
    """An ICC v4.3 display profile: header, tag table, 4-byte aligned tag data (shared when equal)."""
    table, data, offsets = [], b'', {}
    start = 128 + 4 + 12 * len(tags)
    for signature, body in tags:
        if body not in offsets:
            offsets[body] = start + len(data)
            data += body + bytes(-len(body) % 4)
        table.append(struct.pack('>4sII', signature, offsets[body], len(body)))
    size = start + len(data)
    header = struct.pack('>I4sI4s4s4s6H4sI', size, b'lcms', 0x04300000, b'mntr', space, b'XYZ ',
                         2026, 1, 1, 0, 0, 0, b'acsp', 0)
    header += bytes(4 + 4 + 4 + 8) + struct.pack('>I', 0) + b''.join(s15(c) for c in D50)
    header += bytes(128 - len(header))
    return header + struct.pack('>I', len(tags)) + b''.join(table) + data


def rgb_profile(name, primaries, trc):
    d65 = (0.3127, 0.3290)
    m = bradford(xyz_of(*d65)) @ rgb_to_xyz(primaries, d65)
    chad = b'sf32' + bytes(4) + b''.join(s15(c) for c in bradford(xyz_of(*d65)).flatten())
    return profile(b'RGB ', [
        (b'desc', tag_mluc(name)), (b'cprt', tag_mluc('No copyright, use freely')),
        (b'wtpt', tag_xyz(D50)), (b'chad', chad),
        (b'rXYZ', tag_xyz(m[:, 0])), (b'gXYZ', tag_xyz(m[:, 1])), (b'bXYZ', tag_xyz(m[:, 2])),
        (b'rTRC', trc), (b'gTRC', trc), (b'bTRC', trc)])


SRGB_CURVE = tag_para(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
P3 = rgb_profile('Display P3 (Vignette test fixture)', [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], SRGB_CURVE)
ADOBE = rgb_profile('Adobe RGB (1998)-like (Vignette test fixture)',
                    [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], tag_gamma_curv(0x0233))
GREY = profile(b'GRAY', [(b'desc', tag_mluc('Grey gamma 2.2 (Vignette test fixture)')),
                         (b'cprt', tag_mluc('No copyright, use freely')),
                         (b'wtpt', tag_xyz(D50)), (b'kTRC', tag_para(0, [2.2]))])


def swatches():
    """64x40 RGBA: rows 0-7 R, G, B ramps and greys (2 rows each), 8-15 pure and
    mixed primaries, 16-31 a 16x16x4 cube slice, 32-39 an alpha ramp over orange."""
    a = np.zeros((40, 64, 4), np.uint8)
    a[..., 3] = 255
    ramp = np.linspace(0, 255, 64).round().astype(np.uint8)
    for i, channels in enumerate([(0,), (1,), (2,), (0, 1, 2)]):
        for c in channels:
            a[2 * i:2 * i + 2, :, c] = ramp
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
               (255, 255, 255), (0, 0, 0), (234, 51, 35), (200, 50, 50), (255, 128, 0), (30, 200, 120),
               (128, 128, 128), (10, 20, 240), (250, 250, 10), (90, 60, 200)]
    for i, colour in enumerate(colours):
        a[8:16, 4 * i:4 * i + 4, :3] = colour
    for y in range(16):
        for x in range(64):
            a[16 + y, x, :3] = (x % 16 * 17, y * 17, x // 16 * 85)
    a[32:40, :, :3] = (255, 128, 0)
    a[32:40, :, 3] = ramp
    return Image.fromarray(a, 'RGBA')


def save(image, name, icc=None):
    out = io.BytesIO()
    image.save(out, 'PNG', icc_profile=icc) if icc is not None else image.save(out, 'PNG')
    (HERE / name).write_bytes(out.getvalue())


def to_srgb(image, icc, mode):
    source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    target = ImageCms.createProfile('sRGB')
    return ImageCms.profileToProfile(image, source, target, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                     outputMode=mode)


def main():
    for name, data in [('display-p3.icc', P3), ('adobe-rgb.icc', ADOBE), ('grey-gamma22.icc', GREY)]:
        (HERE / name).write_bytes(data)
    parrots = Image.open(ROOT / 'Sources/VignetteCatalog/Resources/product-parrots.png').convert('RGB')
    crop = parrots.crop((320, 160, 448, 256))
    grey = Image.fromarray(np.tile(np.arange(256, dtype=np.uint8), (4, 1)), 'L')
    for image, name, icc, mode in [(swatches(), 'p3-swatches', P3, 'RGBA'), (crop, 'adobe-rgb-parrots', ADOBE, 'RGB'),
                                   (grey, 'grey-gamma22', GREY, 'RGB')]:
        save(image, name + '.png', icc)
        save(to_srgb(image, icc, mode), name + '.srgb.png')
    save(crop, 'srgb-tagged.png', ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes())
    save(crop, 'garbage-iccp.png', bytes((i * 73 + 41) % 256 for i in range(200)))
    print('lcms2 in Pillow:', ImageCms.core.littlecms_version)


if __name__ == '__main__':
    main()
