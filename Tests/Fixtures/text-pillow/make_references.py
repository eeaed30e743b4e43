#!/usr/bin/env python3
"""Makes references.json: how Pillow's ImageDraw, with the raqm layout
(HarfBuzz shaping, FriBiDi bidi), lays out each case of cases.json — the
lines a greedy wrap by measured widths gives, each line's width, where the
alignment starts it, and its ink per column (the line drawn alone into a
strip as tall as the font's ascent plus descent, baseline at the ascent).
TextLayoutPillowTests compares Vignette's overlay layout with it.

Pillow wraps nothing itself: its users split at spaces (words) and, for
Japanese, between characters, except before closing punctuation and the
long-vowel mark and after an opening bracket, keeping each line no wider
than the box. A line is measured without its trailing spaces. An RTL case's
lines are laid out at the paragraph's direction (its first strong
character), as UAX #9 sets it for the whole paragraph.

    pip install pillow fonttools   # Pillow's wheels bring raqm; FriBiDi: apt-get install libfribidi0
    python3 Tests/Fixtures/text-pillow/make_references.py
"""
import json
import os
import re
import unicodedata

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, __version__, features

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
assert features.check("raqm") and features.check("fribidi"), "Pillow needs raqm and FriBiDi (apt-get install libfribidi0)"

NO_BREAK_BEFORE = set("、。」！？ー")
NO_BREAK_AFTER = set("「")


def tokens(text, breaks):
    if breaks == "words":
        return re.findall(r"\S+\s*", text)
    out = []
    for ch in text:
        if out and (ch in NO_BREAK_BEFORE or out[-1][-1] in NO_BREAK_AFTER):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def direction(text):
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return "rtl"
        if kind == "L":
            return "ltr"
    return "ltr"


def vertical(path, size):
    font = TTFont(path)
    os2, hhea = font["OS/2"], font["hhea"]
    if os2.fsSelection & (1 << 7):
        ascent, descent = os2.sTypoAscender, os2.sTypoDescender
    else:
        ascent, descent = hhea.ascent, hhea.descent
    k = size / font["head"].unitsPerEm
    return ascent * k, -descent * k


MARGIN = 4  # px: no break is decided this close to the box's edge, where rounding could tip it


def wrap(case, font, dirn):
    lines, line = [], ""
    for token in tokens(case["text"], case["breaks"]):
        candidate = line + token
        width = font.getlength(candidate.rstrip(), direction=dirn)
        assert abs(width - case["width"]) >= MARGIN, f"{case['id']}: a break {width - case['width']:.1f} px from the edge"
        if not line or width <= case["width"]:
            line = candidate
        else:
            lines.append(line.rstrip())
            line = token
    lines.append(line.rstrip())
    return lines


def main():
    cases = json.load(open(os.path.join(here, "cases.json"), encoding="utf-8"))
    references = {"pillow": __version__, "raqm": features.version("raqm"), "cases": []}
    for case in cases:
        path = os.path.join(root, case["font"])
        font = ImageFont.truetype(path, case["size"], layout_engine=ImageFont.Layout.RAQM)
        dirn = direction(case["text"])
        ascent, descent = vertical(path, case["size"])
        strip = round(ascent + descent)
        lines = []
        for text in wrap(case, font, dirn):
            width = font.getlength(text, direction=dirn)
            free = case["width"] - width
            x = {"left": 0, "right": free, "center": free / 2}[case["alignment"]]
            image = Image.new("L", (case["width"], strip))
            ImageDraw.Draw(image).text((x, round(ascent)), text, font=font, fill=255, anchor="ls", direction=dirn)
            pixels = image.load()
            profile = [sum(pixels[c, r] for r in range(strip)) for c in range(case["width"])]
            lines.append({"text": text, "width": round(width, 3), "x": round(x, 3), "ink": profile})
        references["cases"].append({"id": case["id"], "direction": dirn, "lines": lines})
        print(case["id"], dirn, [l["text"] for l in lines], [l["width"] for l in lines])
    with open(os.path.join(here, "references.json"), "w", encoding="utf-8") as out:
        json.dump(references, out, ensure_ascii=False, separators=(",", ":"))
        out.write("\n")


if __name__ == "__main__":
    main()
