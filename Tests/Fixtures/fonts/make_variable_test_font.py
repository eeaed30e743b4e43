#!/usr/bin/env python3
"""Makes the variable test fonts from Inter's variable font (Debian's
fonts-inter-variable, Inter.var.ttf: axes wght 100-900 and slnt -10-0), cut
to Basic Latin with its variations kept (OFL 1.1: Inter-OFL.txt):

- VariableWeightTest.ttf, family "Variable Weight Test": the two axes as
  they are (weights and font-variation-settings set wght; oblique sets slnt);
- OpticalSizeTest.ttf, family "Optical Size Test": the same with the slnt
  axis renamed opsz and given the range 8-144 (default 144), so a smaller
  optical size leans further (-10 degrees at 8) — a test of
  font-optical-sizing: auto, which sets opsz to the font size.

    apt-get install fonts-inter-variable && pip install fonttools
    python3 Tests/Fixtures/fonts/make_variable_test_font.py
"""
import os

from fontTools import subset
from fontTools.ttLib import TTFont

here = os.path.dirname(os.path.abspath(__file__))


def cut(family, postscript):
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    font = TTFont("/usr/share/fonts/truetype/inter-vf/Inter.var.ttf")
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = family
        elif record.nameID == 6:
            record.string = postscript
    return font


cut("Variable Weight Test", "VariableWeightTest-Regular").save(os.path.join(here, "VariableWeightTest.ttf"))
font = cut("Optical Size Test", "OpticalSizeTest-Regular")
font["fvar"].instances = []  # named by slnt coordinates; none is needed
del font["STAT"]  # it describes the axes as they were
path = os.path.join(here, "OpticalSizeTest.ttf")
font.save(path)
# gvar and avar refer to axes by index: only fvar's axis record changes, in place.
data = bytearray(open(path, "rb").read())
tables = {bytes(data[12 + 16 * i : 16 + 16 * i]): int.from_bytes(data[20 + 16 * i : 24 + 16 * i], "big")
          for i in range(int.from_bytes(data[4:6], "big"))}
fvar = tables[b"fvar"]
axes_at, count, size = (int.from_bytes(data[fvar + k : fvar + k + 2], "big") for k in (4, 8, 10))
for i in range(count):
    record = fvar + axes_at + i * size
    if data[record : record + 4] == b"slnt":
        data[record : record + 4] = b"opsz"
        for k, value in enumerate((8.0, 144.0, 144.0)):
            data[record + 4 + 4 * k : record + 8 + 4 * k] = int(value * 65536).to_bytes(4, "big", signed=True)
open(path, "wb").write(bytes(data))
print("VariableWeightTest.ttf OpticalSizeTest.ttf")
