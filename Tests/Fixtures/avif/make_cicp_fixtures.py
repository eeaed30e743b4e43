#!/usr/bin/env python3
"""Writes the CICP-only AVIF fixtures (nclx colour, no ICC profile) and
their sRGB references.

Run from the repository root, with avifenc (Debian `libavif-bin` 0.11.1)
and Pillow + numpy (see ../icc/make_icc_fixtures.py for a venv):
    python3 Tests/Fixtures/avif/make_cicp_fixtures.py

Source pixels: the 64x40 RGBA swatches of ../icc/p3-swatches.png (ramps,
primaries, a colour cube slice, an alpha ramp), taken as stored and encoded
losslessly (identity matrix, 4:4:4, lossless alpha) with `--ignore-icc`, so
each AVIF decodes to exactly those values before colour conversion:
- cicp-p3.avif       --cicp 12/13/0  Display P3 primaries, sRGB transfer
- cicp-bt2020.avif   --cicp 9/14/0   BT.2020 primaries, BT.2020 10-bit transfer
- cicp-bt709.avif    --cicp 1/1/0    BT.709: stays as stored
- cicp-pq.avif       --cicp 9/16/0   BT.2020 PQ (HDR): not converted, stays as stored
References, converted by Pillow's ImageCms (relative colorimetric, to its
built-in sRGB) from ICC profiles written byte by byte by make_icc_fixtures.py,
never by the code under test:
- cicp-p3.srgb.png     from ../icc/display-p3.icc (P3 primaries, D65, sRGB curve)
- cicp-bt2020.srgb.png from a BT.2020 profile made the same way with the sRGB
                       curve: Vignette shows BT.709-family camera curves with
                       the sRGB curve, as Chromium does.
"""
import io
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / 'icc'))
import make_icc_fixtures as icc  # noqa: E402
from PIL import Image  # noqa: E402

BT2020 = icc.rgb_profile('BT.2020 with the sRGB curve (Vignette test fixture)',
                         [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)], icc.SRGB_CURVE)


def avif(source, name, cicp):
    subprocess.run(['avifenc', '--jobs', '1', '--speed', '6', '--lossless', '--ignore-icc', '--cicp', cicp,
                    str(source), str(HERE / name)], check=True, stdout=subprocess.DEVNULL)


def main():
    swatches = Image.open(HERE.parent / 'icc' / 'p3-swatches.png')
    swatches.load()
    with tempfile.TemporaryDirectory() as work:
        source = pathlib.Path(work) / 'swatches.png'
        swatches.save(source, 'PNG')  # untagged
        for name, cicp in [('cicp-p3', '12/13/0'), ('cicp-bt2020', '9/14/0'), ('cicp-bt709', '1/1/0'),
                           ('cicp-pq', '9/16/0')]:
            avif(source, name + '.avif', cicp)
    for name, profile in [('cicp-p3', icc.P3), ('cicp-bt2020', BT2020)]:
        out = io.BytesIO()
        icc.to_srgb(swatches, profile, 'RGBA').save(out, 'PNG')
        (HERE / (name + '.srgb.png')).write_bytes(out.getvalue())


if __name__ == '__main__':
    main()
