#!/usr/bin/env python3
"""Makes the WOFF2 test fonts (OFL 1.1, as their sources: OFL.txt):

- WOFF2LatinTest.woff2 (family "WOFF2 Latin Test", so it never stands in for
  the bundled Noto Sans): Noto Sans Regular cut to Basic Latin and Latin-1
  (composite glyphs such as "é" included, TrueType instructions kept), with
  WOFF2's glyf/loca transform and its hmtx transform;
- NotoSansCJKjp-Subset.woff2: NotoSansCJKjp-Subset.otf (CFF outlines, no
  glyf) re-wrapped.

    pip install fonttools brotli && python3 Tests/Fixtures/fonts/make_woff2_test_fonts.py
"""
import os

from fontTools import subset
from fontTools.ttLib import TTFont, woff2

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))

options = subset.Options()
options.layout_features = ["*"]
options.hinting = True
options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
font = TTFont(os.path.join(root, "Sources/CBundledFonts/fonts/NotoSans-Regular.ttf"))
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)))
subsetter.subset(font)
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "WOFF2 Latin Test"
    elif record.nameID == 6:
        record.string = "WOFF2LatinTest-Regular"
plain = os.path.join("/tmp", "NotoSans-Latin.ttf")
font.save(plain)
woff2.compress(plain, os.path.join(here, "WOFF2LatinTest.woff2"), transform_tables={"glyf", "loca", "hmtx"})

cff = TTFont(os.path.join(here, "NotoSansCJKjp-Subset.otf"))
cff.flavor = "woff2"
cff.save(os.path.join(here, "NotoSansCJKjp-Subset.woff2"))
