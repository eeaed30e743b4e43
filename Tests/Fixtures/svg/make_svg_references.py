#!/usr/bin/env python3
"""Renders every SVG in this folder with resvg (the resvg-py package from
PyPI) at its own size into NAME.resvg.png: the references
SVGReferenceTests (and SVGTextTests, for text-*.svg) compare Vignette's
rasterizer with, within a stated tolerance. Text is drawn with the same
fonts Vignette's tests give it and no system font: the bundled Noto Sans
(the default family) and the test fonts. Run it again after adding or
changing an SVG here:

    pip install resvg-py && python3 Tests/Fixtures/svg/make_svg_references.py
"""
import glob
import os

import resvg_py

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
fonts = [os.path.join(root, "Sources/CBundledFonts/fonts"), os.path.join(root, "Tests/Fixtures/fonts")]
for path in sorted(glob.glob(os.path.join(here, "*.svg"))):
    png = bytes(resvg_py.svg_to_bytes(svg_path=path, skip_system_fonts=True, font_dirs=fonts, font_family="Noto Sans"))
    out = path[:-4] + ".resvg.png"
    with open(out, "wb") as f:
        f.write(png)
    print(os.path.basename(out), len(png), "bytes")
