#!/usr/bin/env python3
"""Makes VariableWeightTest.ttf: Inter's variable roman (Debian's
fonts-inter-variable, Inter-roman.var.ttf: one axis, wght 100-900) cut to
Basic Latin with its variations kept, renamed "Variable Weight Test". A test
font for variable faces: weights and font-variation-settings set its axis
(OFL 1.1: Inter-OFL.txt).

    apt-get install fonts-inter-variable && pip install fonttools
    python3 Tests/Fixtures/fonts/make_variable_test_font.py
"""
import os

from fontTools import subset
from fontTools.ttLib import TTFont

here = os.path.dirname(os.path.abspath(__file__))
options = subset.Options()
options.layout_features = ["*"]
options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
font = TTFont("/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf")
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=range(0x20, 0x7F))
subsetter.subset(font)
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Variable Weight Test"
    elif record.nameID == 6:
        record.string = "VariableWeightTest-Regular"
font.save(os.path.join(here, "VariableWeightTest.ttf"))
print("VariableWeightTest.ttf")
