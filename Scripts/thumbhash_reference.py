#!/usr/bin/env python3
"""Reference ThumbHash strings for the tests in Tests/VignetteCoreTests/ThumbHashTests.swift.

The algorithm is evanw's ThumbHash as its Rust version computes it (every
value an IEEE single, `f32`), written here with numpy float32 scalars and
arrays: products element by element and sums with `cumsum` (sequential, in
the reference's order, unlike numpy's pairwise `sum`). The cosine is the
double-precision `math.cos` of the single-precision argument, rounded once
to single — a correctly rounded `cosf` but for rare ties, as Vignette's own
libm-free cosine is.

Usage (Pillow and numpy in a venv):
    python3 -m venv /tmp/th && /tmp/th/bin/pip install Pillow numpy thumbhash
    /tmp/th/bin/python Scripts/thumbhash_reference.py            # print the references
    /tmp/th/bin/python Scripts/thumbhash_reference.py --pypi     # also the PyPI `thumbhash` (0.1.2)
    /tmp/th/bin/python Scripts/thumbhash_reference.py --write-decoded  # (re)write decoded-*.png

Checked once against evanw's Rust reference itself (rust/src/lib.rs, built
with rustc 1.95 and glibc's cosf): the same bytes for every input here, and the
same decoded pixels for both `DECODED` hashes.

The PyPI package `thumbhash` is a float64 port of the JavaScript version; it
rounds with Python's `round` (half to even, where the reference rounds half
away from zero), its alpha channel fails (`a_dc` becomes a tuple) and its
decoder reuses stale cosines, so it is printed for comparison only (opaque
images).

Inputs: `synthetic(w, h, k, alpha)` below (the same formula as the Swift test),
and the PNGs in Tests/Fixtures/thumbhash (the Kodak photos and Transparency.png
fitted within 100x100 by `vignette render --mode aspectFit`, see README.md
there).
"""
import base64
import glob
import math
import os
import sys

import numpy as np
from PIL import Image

F = np.float32
PI = F(math.pi)


def cos32(x):
    return F(math.cos(float(x)))


def rnd(x):
    """Rust's f32::round (half away from zero) then a saturating `as u32`."""
    v = math.floor(abs(float(x)) + 0.5) * (1 if x >= 0 else -1)
    return int(max(0, min(v, 4294967295)))


def encode_channel(channel, w, h, nx, ny):
    dc, ac, scale = F(0), [], F(0)
    for cy in range(ny):
        cx = 0
        while cx * ny < nx * (ny - cy):
            fx = np.array([cos32(PI / F(w) * F(cx) * (F(x) + F(0.5))) for x in range(w)], dtype=F)
            fy = np.array([cos32(PI / F(h) * F(cy) * (F(y) + F(0.5))) for y in range(h)], dtype=F)
            terms = (channel.reshape(h, w) * fx[None, :]) * fy[:, None]
            f = np.cumsum(terms.reshape(-1), dtype=F)[-1] / F(w * h)
            if cx > 0 or cy > 0:
                ac.append(F(f))
                scale = max(F(abs(f)), scale)
            else:
                dc = F(f)
            cx += 1
    if scale > 0:
        ac = [F(0.5) + F(0.5) / scale * a for a in ac]
    return dc, ac, scale


def encode(w, h, rgba):
    assert w <= 100 and h <= 100
    px = np.array(rgba, dtype=np.uint8).reshape(-1, 4).astype(F)
    alpha = px[:, 3] / F(255)
    wr, wg, wb = [alpha / F(255) * px[:, c] for c in range(3)]
    avg_r, avg_g, avg_b, avg_a = (np.cumsum(v, dtype=F)[-1] for v in (wr, wg, wb, alpha))
    if avg_a > 0:
        avg_r, avg_g, avg_b = avg_r / avg_a, avg_g / avg_a, avg_b / avg_a
    has_alpha = avg_a < F(w * h)
    limit = 5 if has_alpha else 7
    lx = max(1, rnd(F(limit * w) / F(max(w, h))))
    ly = max(1, rnd(F(limit * h) / F(max(w, h))))
    r = avg_r * (F(1) - alpha) + alpha / F(255) * px[:, 0]
    g = avg_g * (F(1) - alpha) + alpha / F(255) * px[:, 1]
    b = avg_b * (F(1) - alpha) + alpha / F(255) * px[:, 2]
    l, p, q = (r + g + b) / F(3), (r + g) / F(2) - b, r - g
    l_dc, l_ac, l_scale = encode_channel(l, w, h, max(3, lx), max(3, ly))
    p_dc, p_ac, p_scale = encode_channel(p, w, h, 3, 3)
    q_dc, q_ac, q_scale = encode_channel(q, w, h, 3, 3)
    a_dc, a_ac, a_scale = encode_channel(alpha, w, h, 5, 5) if has_alpha else (F(1), [], F(1))
    landscape = w > h
    h24 = (rnd(F(63) * l_dc) | rnd(F(31.5) + F(31.5) * p_dc) << 6 | rnd(F(31.5) + F(31.5) * q_dc) << 12
           | rnd(F(31) * l_scale) << 18 | (1 << 23 if has_alpha else 0)) & 0xFFFFFFFF
    h16 = ((ly if landscape else lx) | rnd(F(63) * p_scale) << 3 | rnd(F(63) * q_scale) << 9
           | (1 << 15 if landscape else 0)) & 0xFFFF
    out = [h24 & 255, (h24 >> 8) & 255, (h24 >> 16) & 255, h16 & 255, h16 >> 8]
    if has_alpha:
        out.append((rnd(F(15) * a_dc) | rnd(F(15) * a_scale) << 4) & 255)
    odd = False
    for f in l_ac + p_ac + q_ac + a_ac:
        u = min(255, rnd(F(15) * f))
        if odd:
            out[-1] |= (u << 4) & 255
        else:
            out.append(u)
        odd = not odd
    return bytes(out)


def decode(hash_bytes, w=None, h=None):
    """The reference decoder (Rust's, in f32; bytes truncated), straight RGBA."""
    hb = list(hash_bytes)
    h24 = hb[0] | hb[1] << 8 | hb[2] << 16
    h16 = hb[3] | hb[4] << 8
    l_dc, p_dc = F(h24 & 63) / F(63), F((h24 >> 6) & 63) / F(31.5) - F(1)
    q_dc, l_scale = F((h24 >> 12) & 63) / F(31.5) - F(1), F((h24 >> 18) & 31) / F(31)
    has_alpha, landscape = (h24 >> 23) != 0, (h16 >> 15) != 0
    p_scale, q_scale = F((h16 >> 3) & 63) / F(63), F((h16 >> 9) & 63) / F(63)
    l_max = 5 if has_alpha else 7
    lx, ly = max(3, l_max if landscape else h16 & 7), max(3, h16 & 7 if landscape else l_max)
    a_dc, a_scale = (F(hb[5] & 15) / F(15), F(hb[5] >> 4) / F(15)) if has_alpha else (F(1), F(1))
    nibbles = [(byte >> s) & 15 for byte in hb[6 if has_alpha else 5:] for s in (0, 4)]

    def channel(nx, ny, scale):
        ac = []
        for cy in range(ny):
            cx = 0 if cy else 1
            while cx * ny < nx * (ny - cy):
                ac.append((F(nibbles.pop(0)) / F(7.5) - F(1)) * scale)
                cx += 1
        return ac
    l_ac, p_ac = channel(lx, ly, l_scale), channel(3, 3, p_scale * F(1.25))
    q_ac = channel(3, 3, q_scale * F(1.25))
    a_ac = channel(5, 5, a_scale) if has_alpha else []
    ratio = F(l_max if landscape else h16 & 7) / F(h16 & 7 if landscape else l_max)
    if w is None:
        w, h = (32, rnd(F(32) / ratio)) if ratio > 1 else (rnd(F(32) * ratio), 32)
    out = []

    def acc(v, ac, nx, ny, fx, fy, basis_first):
        j = 0
        for cy in range(ny):
            cx, fy2 = (0 if cy else 1), fy[cy] * F(2)
            while cx * ny < nx * (ny - cy):
                v = v + (ac[j] * (fx[cx] * fy2) if basis_first else ac[j] * fx[cx] * fy2)
                j, cx = j + 1, cx + 1
        return v
    for y in range(h):
        for x in range(w):
            fx = [cos32(PI / F(w) * (F(x) + F(0.5)) * F(c)) for c in range(7)]
            fy = [cos32(PI / F(h) * (F(y) + F(0.5)) * F(c)) for c in range(7)]
            l = acc(l_dc, l_ac, lx, ly, fx, fy, False)
            p = acc(p_dc, p_ac, 3, 3, fx, fy, True)
            q = acc(q_dc, q_ac, 3, 3, fx, fy, True)
            a = acc(a_dc, a_ac, 5, 5, fx, fy, False) if has_alpha else a_dc
            b = l - F(2) / F(3) * p
            r = (F(3) * l - b + q) / F(2)
            g = r - q
            out += [int(F(min(max(v, F(0)), F(1))) * F(255)) for v in (r, g, b, a)]
    return w, h, out


def synthetic(w, h, k, alpha=False):
    out = []
    for y in range(h):
        for x in range(w):
            a = (x * 29 + y * 53 + k * 7) % 256 if alpha else 255
            out += [(x * 37 + y * 11 + k) % 256, (x * x + 3 * y * y + 5 * k) % 256, (255 - x * 13 - y * 7 - k) % 256, a]
    return out


SYNTHETIC = [(16, 12, 0, False), (7, 5, 3, False), (1, 1, 2, False), (100, 3, 1, False), (3, 100, 4, False),
             (100, 100, 5, False), (20, 30, 6, True), (64, 48, 7, True)]


DECODED = ["GRkGFYYKQ5xqmLZ2iWeXd25QBYdX", "3weCCwAHo7ZveWdKB2b63WgIi6iIWGg="]


def main():
    pypi = "--pypi" in sys.argv
    if pypi:
        import thumbhash
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    inputs = [(f"synthetic({w}, {h}, {k}, alpha: {str(a).lower()})", w, h, synthetic(w, h, k, a), a)
              for w, h, k, a in SYNTHETIC]
    for path in sorted(glob.glob(os.path.join(root, "Tests/Fixtures/thumbhash/*-fitted.png"))):
        image = Image.open(path)
        rgba = list(image.convert("RGBA").tobytes())
        inputs.append((os.path.basename(path), image.width, image.height, rgba, image.mode == "RGBA"))
    for name, w, h, rgba, alpha in inputs:
        line = f"{name}\t{base64.b64encode(encode(w, h, rgba)).decode()}"
        if pypi and not alpha:
            line += "\tpypi " + base64.b64encode(bytes(thumbhash.rgba_to_thumb_hash(w, h, rgba))).decode()
        print(line)
    for hash_string in DECODED:
        w, h, rgba = decode(base64.b64decode(hash_string))
        print(f"decode {hash_string}\t{w}x{h}\t{rgba[:16]} …")
        if "--write-decoded" in sys.argv:
            name = "decoded-" + hash_string[:4].replace("/", "_").replace("+", "-") + ".png"
            Image.frombytes("RGBA", (w, h), bytes(rgba)).save(os.path.join(root, "Tests/Fixtures/thumbhash", name))


if __name__ == "__main__":
    main()
