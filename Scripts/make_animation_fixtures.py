#!/usr/bin/env python3
"""Builds the animated GIF, WebP and APNG fixtures of Tests/Fixtures/animation
and the composed frames every decoder must give.

    python3 -m venv .venv && .venv/bin/pip install pillow numpy
    .venv/bin/python Scripts/make_animation_fixtures.py

For every file NAME it writes NAME (the animation), NAME.frames.png (every
composed frame as straight RGBA, stacked top to bottom) and an entry in
expected.json (canvas, frame count, durations in ms, loop count as plays
(0 = forever), tolerance per channel of the premultiplied comparison).

References:
- GIF and WebP: Pillow's own decoding (ImageSequence, each frame
  .convert('RGBA')), except where browsers and Pillow differ on purpose:
  disposal 2 (browsers clear to transparent, Pillow paints the background
  colour: disposal.gif's reference is composed here from the indices
  written, and checked equal to Pillow's everywhere else) and a GIF
  without any colour map (opaque black as Chromium's Wuffs gives it).
- APNG: composed here by the APNG specification in float (numpy), over an
  8-bit straight-alpha canvas, never by Pillow (its OVER blending is wrong
  for partial alpha).
GIF loop counts are plays: no NETSCAPE2.0 extension = 1, value 0 = 0
(forever), value n = n + 1 (browsers repeat n times after the first play).
Every input is synthetic (drawn here): no third-party data. Rerunning gives
the same bytes for the same Pillow/libwebp.
"""
import io
import json
import pathlib
import struct
import zlib

import numpy as np
from PIL import Image, ImageSequence

OUT = pathlib.Path(__file__).resolve().parent.parent / 'Tests' / 'Fixtures' / 'animation'
EXPECTED = {}


def strip(frames):
    """Frames (H x W x 4 uint8 arrays) stacked top to bottom as one PNG."""
    buffer = io.BytesIO()
    Image.fromarray(np.concatenate(frames, axis=0), 'RGBA').save(buffer, 'PNG', optimize=True)
    return buffer.getvalue()


def record(name, data, frames, durations, loop_count, tolerance=0):
    (OUT / name).write_bytes(data)
    (OUT / f'{name}.frames.png').write_bytes(strip(frames))
    height, width = frames[0].shape[:2]
    EXPECTED[name] = {'width': width, 'height': height, 'frameCount': len(frames),
                      'durations': durations, 'loopCount': loop_count, 'tolerance': tolerance}


def pillow_frames(data):
    """Pillow's composed frames as straight RGBA arrays, and their durations."""
    image = Image.open(io.BytesIO(data))
    frames, durations = [], []
    for frame in ImageSequence.Iterator(image):
        frames.append(np.array(frame.convert('RGBA')))
        durations.append(int(frame.info.get('duration', 0)))
    return frames, durations, image.info.get('loop')


def pattern(width, height, seed, alpha=False):
    """A deterministic RGBA test pattern: gradients, a disc, a seed shift."""
    y, x = np.mgrid[0:height, 0:width]
    rgba = np.zeros((height, width, 4), np.uint8)
    rgba[..., 0] = (x * 255 // max(1, width - 1) + seed * 40) % 256
    rgba[..., 1] = (y * 255 // max(1, height - 1) + seed * 70) % 256
    rgba[..., 2] = ((x + y) * 9 + seed * 100) % 256
    rgba[..., 3] = 255
    if alpha:
        disc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (min(width, height) / 2.5) ** 2
        rgba[..., 3] = np.where(disc, 255, 0)
    return rgba


# ---------------------------------------------------------------- GIF


def lzw(indices, min_code_size=8):
    """Valid LZW without compressing: literal codes at a fixed width, a clear
    code before the table would widen it."""
    width = min_code_size + 1
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    codes, run = [clear], (1 << min_code_size) - 2
    for i, index in enumerate(indices):
        if i and i % run == 0:
            codes.append(clear)
        codes.append(int(index))
    codes.append(end)
    bits = sum(code << (width * i) for i, code in enumerate(codes))
    data = bits.to_bytes((width * len(codes) + 7) // 8, 'little')
    blocks = b''.join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255))
    return bytes([min_code_size]) + blocks + b'\x00'


def interlaced_order(height):
    return [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, height, step)]


def gif_frame(rect, indices, disposal=1, delay=10, transparent=None, palette=None, interlace=False):
    """Graphic Control Extension, image descriptor, optional local colour
    map (256 entries) and image data of one frame."""
    left, top, width, height = rect
    packed = disposal << 2 | (1 if transparent is not None else 0)
    out = b'\x21\xf9\x04' + bytes([packed]) + struct.pack('<H', delay) + bytes([transparent or 0, 0])
    flags = (0x87 if palette is not None else 0) | (0x40 if interlace else 0)
    out += b'\x2c' + struct.pack('<HHHH', left, top, width, height) + bytes([flags])
    if palette is not None:
        out += bytes(np.asarray(palette, np.uint8).reshape(-1)) + bytes(3 * (256 - len(palette)))
    rows = interlaced_order(height) if interlace else range(height)
    return out + lzw(np.concatenate([indices[y] for y in rows]))


def gif_file(size, frames, global_palette=None, loop=None):
    width, height = size
    flags = 0x87 if global_palette is not None else 0
    out = b'GIF89a' + struct.pack('<HH', width, height) + bytes([flags, 0, 0])
    if global_palette is not None:
        out += bytes(np.asarray(global_palette, np.uint8).reshape(-1)) + bytes(3 * (256 - len(global_palette)))
    if loop is not None:
        out += b'\x21\xff\x0bNETSCAPE2.0\x03\x01' + struct.pack('<H', loop) + b'\x00'
    return out + b''.join(frames) + b'\x3b'


def palette(seed, count=16):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, (count, 3), dtype=np.uint8)


def indices(width, height, seed, count=16):
    y, x = np.mgrid[0:height, 0:width]
    return ((x // 3 + y // 2 + seed) % count).astype(np.uint8)


def compose_gif(size, specs):
    """Browsers' GIF composition from the indices written: transparent
    indices leave the canvas, disposal 2 clears to transparent, 3 restores."""
    width, height = size
    canvas, out = np.zeros((height, width, 4), np.uint8), []
    for (left, top, w, h), idx, disposal, transparent, colors in specs:
        before = canvas.copy()
        for y in range(h):
            for x in range(w):
                if idx[y, x] != transparent:
                    canvas[top + y, left + x] = (*colors[idx[y, x]], 255)
        out.append(canvas.copy())
        if disposal == 2:
            canvas[top:top + h, left:left + w] = 0
        elif disposal == 3:
            canvas[:] = before
    return out


def gif_disposal():
    """Every disposal method, transparency, a local palette, interlace,
    partial rectangles. Reference: browsers' composition (compose_gif),
    checked against Pillow, which agrees except where disposal 2 cleared a
    rectangle: Pillow paints the background colour there, browsers (and
    Vignette) leave it transparent."""
    hole = indices(10, 8, 1)
    hole[2:5, 3:7] = 0  # index 0 is transparent in the frames that say so
    global_colors, local_colors = palette(1), palette(9)
    specs = [((0, 0, 32, 24), indices(32, 24, 0), 1, None, global_colors, 10, False),
             ((4, 4, 10, 8), hole, 3, 0, global_colors, 20, False),
             ((16, 8, 12, 10), indices(12, 10, 5), 2, 0, global_colors, 5, False),
             ((2, 6, 20, 16), indices(20, 16, 3), 1, 7, local_colors, 0, True),
             ((24, 18, 8, 6), indices(8, 6, 2), 2, 0, global_colors, 7, False),
             ((8, 2, 6, 6), indices(6, 6, 4), 0, 0, global_colors, 15, False)]
    frames = [gif_frame(rect, idx, disposal=disposal, delay=delay, transparent=transparent,
                        palette=None if colors is global_colors else colors, interlace=interlace)
              for rect, idx, disposal, transparent, colors, delay, interlace in specs]
    data = gif_file((32, 24), frames, global_colors, loop=0)
    composed = compose_gif((32, 24), [spec[:5] for spec in specs])
    pillow, durations, loop = pillow_frames(data)
    assert loop == 0 and len(pillow) == 6, (loop, len(pillow))
    background = np.array([*global_colors[0], 255], np.uint8)
    for ours, theirs in zip(composed, pillow):
        differ = (ours != theirs).any(axis=2)
        assert (ours[differ] == 0).all() and (theirs[differ] == background).all(), 'Pillow differs beyond disposal 2'
    record('disposal.gif', data, composed, durations, 0)
    return data, composed, durations


def gif_pillow():
    """Written by Pillow's own encoder: local palettes (each frame quantised
    on its own), partial rectangles (its difference boxes), interlace,
    transparency, disposals 1 and 2, loop=2 (three plays)."""
    images = []
    for seed in range(4):
        rgba = pattern(40, 30, seed, alpha=seed % 2 == 1)
        image = Image.fromarray(rgba, 'RGBA').quantize(32 + seed * 16, method=Image.Quantize.FASTOCTREE)
        images.append(image)
    buffer = io.BytesIO()
    images[0].save(buffer, 'GIF', save_all=True, append_images=images[1:], duration=[80, 120, 60, 200],
                   disposal=[1, 2, 1, 2], loop=2, interlace=True, optimize=False)
    data = buffer.getvalue()
    composed, durations, loop = pillow_frames(data)
    record('pillow.gif', data, composed, durations, loop + 1)


def gif_no_color_map():
    """No global and no local colour map: every index is opaque black,
    the transparent index transparent (browsers; Pillow differs)."""
    second = indices(8, 8, 1)
    second[0:4, 0:4] = 3
    frames = [gif_frame((0, 0, 16, 12), indices(16, 12, 0), disposal=1, delay=10),
              gif_frame((4, 2, 8, 8), second, disposal=1, delay=10, transparent=3)]
    data = gif_file((16, 12), frames)
    first = np.zeros((12, 16, 4), np.uint8)
    first[..., 3] = 255
    composed = [first, first.copy()]  # the second frame is black over black, its hole shows black
    record('no-colormap.gif', data, composed, [100, 100], 1)


def gif_damaged(data, composed, durations):
    """disposal.gif with the record after the third frame damaged: the three
    frames before it are the animation (browsers show them)."""
    third_end = data.index(b'\x21\xf9\x04', data.index(b'\x21\xf9\x04', data.index(b'\x21\xf9\x04') + 1) + 1)
    fourth = data.index(b'\x21\xf9\x04', third_end + 1)
    damaged = data[:fourth] + b'\x99' + data[fourth + 1:]
    record('damaged.gif', damaged, composed[:3], durations[:3], 0)


# ---------------------------------------------------------------- WebP


def webp_files():
    """Pillow's animated WebP writer (libwebp's WebPAnimEncoder picks the
    sub-rectangles, blend and dispose modes); lossless and lossy."""
    frames = []
    for seed in range(5):
        rgba = pattern(48, 36, seed % 3, alpha=True)
        rgba[(seed * 5) % 30:(seed * 5) % 30 + 6, 10:30, :] = (200, 40 * seed, 90, 128)  # partial alpha band
        frames.append(Image.fromarray(rgba, 'RGBA'))
    for name, lossless, tolerance in (('lossless.webp', True, 0), ('lossy.webp', False, 0)):
        buffer = io.BytesIO()
        frames[0].save(buffer, 'WEBP', save_all=True, append_images=frames[1:], duration=[100, 40, 250, 70, 30],
                       loop=4, lossless=lossless, quality=70, method=4, allow_mixed=False, kmin=2, kmax=3)
        data = buffer.getvalue()
        composed, durations, loop = pillow_frames(data)
        record(name, data, composed, durations, loop, tolerance)


# ---------------------------------------------------------------- APNG


def chunk(kind, payload):
    return struct.pack('>I', len(payload)) + kind + payload + struct.pack('>I', zlib.crc32(kind + payload))


def png_data(rows):
    """zlib data of filter-0 rows (bytes per row)."""
    return zlib.compress(b''.join(b'\x00' + bytes(row) for row in rows), 9)


def fctl(sequence, rect, delay, dispose, blend):
    left, top, width, height = rect
    return chunk(b'fcTL', struct.pack('>IIIIIHHBB', sequence, width, height, left, top, delay[0], delay[1],
                                      dispose, blend))


def compose_apng(size, frames):
    """The APNG specification's composition, in float over an 8-bit
    straight-alpha canvas: every output frame is the canvas after blending."""
    width, height = size
    canvas = np.zeros((height, width, 4), np.uint8)
    out = []
    for index, (rect, pixels, dispose, blend) in enumerate(frames):
        left, top, w, h = rect
        region = (slice(top, top + h), slice(left, left + w))
        before = canvas[region].copy()
        if blend == 0:
            canvas[region] = pixels
        else:
            src = pixels.astype(np.float64) / 255
            dst = canvas[region].astype(np.float64) / 255
            sa, da = src[..., 3:], dst[..., 3:]
            oa = sa + da * (1 - sa)
            color = np.where(oa > 0, (sa * src[..., :3] + (1 - sa) * da * dst[..., :3]) / np.where(oa > 0, oa, 1), 0)
            canvas[region] = np.floor(np.concatenate([color, oa], axis=-1) * 255 + 0.5).astype(np.uint8)
        out.append(canvas.copy())
        if dispose == 2 and index == 0:
            dispose = 1  # APNG: PREVIOUS on the first frame is BACKGROUND
        if dispose == 1:
            canvas[region] = 0
        elif dispose == 2:
            canvas[region] = before
    return out


def partial_alpha(width, height, seed):
    rgba = pattern(width, height, seed)
    y, x = np.mgrid[0:height, 0:width]
    rgba[..., 3] = ((x * 37 + y * 23 + seed * 50) % 256).astype(np.uint8)
    return rgba


def apng_rgba():
    """RGBA, the default image is the first frame; every dispose and blend
    op over partial alpha; num_plays 3; delays with den 0 (= 1/100 s)."""
    size = (24, 20)
    frames = [((0, 0, 24, 20), partial_alpha(24, 20, 0), 0, 0),
              ((3, 2, 10, 9), partial_alpha(10, 9, 1), 2, 1),
              ((8, 6, 12, 10), partial_alpha(12, 10, 2), 1, 1),
              ((0, 10, 16, 10), partial_alpha(16, 10, 3), 0, 0),
              ((2, 1, 20, 18), partial_alpha(20, 18, 4), 0, 1)]
    delays = [(1, 10), (25, 1000), (7, 0), (0, 1), (1, 3)]
    out = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', *size, 8, 6, 0, 0, 0))
    out += chunk(b'acTL', struct.pack('>II', len(frames), 3))
    sequence = 0
    for index, ((rect, pixels, dispose, blend), delay) in enumerate(zip(frames, delays)):
        out += fctl(sequence, rect, delay, dispose, blend)
        sequence += 1
        data = png_data(pixels.reshape(pixels.shape[0], -1))
        if index == 0:
            out += chunk(b'IDAT', data[:40]) + chunk(b'IDAT', data[40:])
        else:
            out += chunk(b'fdAT', struct.pack('>I', sequence) + data)
            sequence += 1
    out += chunk(b'IEND', b'')
    durations = [100, 25, 70, 0, 333]
    record('rgba.apng.png', out, compose_apng(size, frames), durations, 3, tolerance=1)
    return out


def apng_palette():
    """Palette with tRNS (copied into every frame), a default image that is
    not part of the animation, PREVIOUS on the first frame, plays forever."""
    size = (16, 16)
    colors = np.array([[255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 250, 20], [10, 10, 10]], np.uint8)
    alphas = np.array([255, 128, 40, 200, 0], np.uint8)
    lookup = np.concatenate([colors, alphas[:, None]], axis=1)

    def idx(width, height, seed):
        y, x = np.mgrid[0:height, 0:width]
        return ((x + 2 * y + seed) % 5).astype(np.uint8)

    raw = [((2, 2, 12, 12), idx(12, 12, 0), 2, 0), ((0, 0, 16, 16), idx(16, 16, 1), 0, 1),
           ((5, 3, 8, 10), idx(8, 10, 2), 1, 1), ((1, 6, 14, 4), idx(14, 4, 3), 0, 0)]
    out = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', *size, 8, 3, 0, 0, 0))
    out += chunk(b'acTL', struct.pack('>II', len(raw), 0))
    out += chunk(b'PLTE', bytes(colors.reshape(-1))) + chunk(b'tRNS', bytes(alphas))
    out += chunk(b'IDAT', png_data(np.full((16, 16), 3, np.uint8)))  # the still image only
    sequence = 0
    for rect, pixels, dispose, blend in raw:
        out += fctl(sequence, rect, (1, 20), dispose, blend)
        out += chunk(b'fdAT', struct.pack('>I', sequence + 1) + png_data(pixels))
        sequence += 2
    out += chunk(b'IEND', b'')
    frames = [(rect, lookup[pixels], dispose, blend) for rect, pixels, dispose, blend in raw]
    record('palette.apng.png', out, compose_apng(size, frames), [50] * 4, 0, tolerance=1)


def apng_bad(valid):
    """A frame reaching past the canvas, and a sequence number out of order."""
    start = valid.index(b'fcTL', valid.index(b'fcTL') + 4) - 4  # the second fcTL chunk
    length = struct.unpack('>I', valid[start:start + 4])[0]
    payload = bytearray(valid[start + 8:start + 8 + length])
    end = start + 12 + length
    outside = bytearray(payload)
    outside[12:16] = struct.pack('>I', 20)  # x_offset 20 + width 10 > 24
    (OUT / 'outside.apng.png').write_bytes(valid[:start] + chunk(b'fcTL', bytes(outside)) + valid[end:])
    skipped = bytearray(payload)
    skipped[0:4] = struct.pack('>I', 7)
    (OUT / 'sequence.apng.png').write_bytes(valid[:start] + chunk(b'fcTL', bytes(skipped)) + valid[end:])


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    data, composed, durations = gif_disposal()
    gif_damaged(data, composed, durations)
    gif_pillow()
    gif_no_color_map()
    webp_files()
    apng_bad(apng_rgba())
    apng_palette()
    (OUT / 'expected.json').write_text(json.dumps(EXPECTED, indent=1, sort_keys=True) + '\n')
    print('\n'.join(f'{name}: {e["frameCount"]} frames {e["durations"]} loop {e["loopCount"]}'
                    for name, e in sorted(EXPECTED.items())))


if __name__ == '__main__':
    main()
