#!/usr/bin/env python3
"""Pillow's 256-colour quantisers on the crop GIFEncodingTests.aPhotoIsQuantisedAbove36dB
encodes (the parrots photo, 256x256 from (256, 128)), undithered: PSNR over RGB and
GIF bytes, to set beside Vignette's figures in that test's comment.

    python3 Scripts/compare_gif_quantiser.py      # needs Pillow (pip install pillow)
"""
import io
import math
import pathlib

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parent.parent
photo = Image.open(ROOT / "Sources/VignetteCatalog/Resources/product-parrots.png").convert("RGB")
crop = photo.crop((256, 128, 512, 384))


def psnr(a, b):
    x, y = a.tobytes(), b.convert("RGB").tobytes()
    squared = sum((p - q) ** 2 for p, q in zip(x, y))
    return 10 * math.log10(255 * 255 * len(x) / squared)


for name, method in [("median cut", Image.Quantize.MEDIANCUT), ("max coverage", Image.Quantize.MAXCOVERAGE),
                     ("fast octree", Image.Quantize.FASTOCTREE)]:
    quantised = crop.quantize(256, method=method, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    quantised.save(buffer, "GIF")
    print(f"Pillow {name}: {psnr(crop, quantised):.2f} dB, {len(buffer.getvalue())} bytes")
