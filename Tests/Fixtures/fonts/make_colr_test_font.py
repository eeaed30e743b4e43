#!/usr/bin/env python3
"""Makes ColorLayers-Test.ttf: Noto Sans cut to "AB" and renamed, with a
COLRv0 table that draws "A" as two layers — itself in palette red, then
"B" in the text's own colour (palette index 0xFFFF) — and a one-palette
CPAL. A test font for COLRv0 glyphs (OFL 1.1, as Noto Sans: OFL.txt).

    pip install fonttools && python3 Tests/Fixtures/fonts/make_colr_test_font.py
"""
import os

from fontTools import subset
from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.ttLib import TTFont

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
source = os.path.join(root, "Sources/CBundledFonts/fonts/NotoSans-Regular.ttf")
options = subset.Options()
options.layout_features = []
options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
font = TTFont(source)
subsetter = subset.Subsetter(options)
subsetter.populate(text="AB")
subsetter.subset(font)
cmap = font.getBestCmap()
a, b = cmap[ord("A")], cmap[ord("B")]
font["COLR"] = buildCOLR({a: [(a, 0), (b, 0xFFFF)]})
font["CPAL"] = buildCPAL([[(0.8, 0.0, 0.0, 1.0)]])
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Color Layers Test"
    elif record.nameID == 6:
        record.string = "ColorLayersTest-Regular"
font.save(os.path.join(here, "ColorLayers-Test.ttf"))
print("ColorLayers-Test.ttf")
