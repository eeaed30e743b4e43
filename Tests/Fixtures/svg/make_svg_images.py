#!/usr/bin/env python3
"""Writes svg-images.svg: SVG documents in image elements, as data: URLs
percent-encoded, in base64, without a media type and gzipped (svgz), fitted
by preserveAspectRatio. Then run make_svg_references.py for its resvg render.

    python3 Tests/Fixtures/svg/make_svg_images.py
"""
import base64
import gzip
import os
import urllib.parse

inner = ('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">'
         '<defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>'
         '<rect width="40" height="20" fill="url(#g)"/><circle cx="10" cy="10" r="8" fill="#f80" stroke="#000" stroke-width="1.5"/>'
         '<path d="M24 4 L36 16 M36 4 L24 16" stroke="#fff" stroke-width="2"/></svg>')
# resvg draws an SVG image in an SVG image, a rotated one and the clip at the image's viewport
# a pixel larger than Chromium and Vignette do, so those are tested in SVGImageTests instead.
overflow = ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
            '<circle cx="10" cy="10" r="9" fill="#c0c"/><circle cx="10" cy="10" r="6" fill="#fff"/></svg>')
pct = "data:image/svg+xml;utf8," + urllib.parse.quote(inner)
b64 = "data:image/svg+xml;base64," + base64.b64encode(inner.encode()).decode()
nomime = "data:;base64," + base64.b64encode(inner.encode()).decode()
gz = "data:image/svg+xml;base64," + base64.b64encode(gzip.compress(inner.encode(), mtime=0)).decode()
ov = "data:image/svg+xml;base64," + base64.b64encode(overflow.encode()).decode()
svg = f'''<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="160" height="120">
  <!-- SVG documents in image elements: percent-encoded, base64, without a media type, gzipped (svgz). -->
  <rect width="160" height="120" fill="#eee"/>
  <image x="4" y="4" width="72" height="24" href="{pct}"/>
  <image x="84" y="4" width="72" height="36" xlink:href="{b64}" preserveAspectRatio="xMaxYMax slice"/>
  <image x="4" y="34" width="72" height="30" href="{nomime}" preserveAspectRatio="none"/>
  <image x="84" y="44" width="36" height="36" href="{gz}" preserveAspectRatio="xMinYMid meet"/>
  <image x="20" y="70" width="40" height="40" href="{ov}" opacity="0.7"/>
  <image x="90" y="84" width="60" height="30" href="{b64}" transform="translate(-4 -2)"/>
</svg>
'''
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "svg-images.svg"), "w") as f:
    f.write(svg)
