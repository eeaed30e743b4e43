#!/usr/bin/env bash
# Regenerates the AVIF fixtures with libavif's own tools (Debian package
# `libavif-bin` 0.11.1: avifenc, avifdec; AV1 by aom, decoded by dav1d) from
# the shared test photos; Pillow only crops and resizes the sources.
# Usage: make_avif_fixtures.sh [path/to/shared/testdata]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
testdata="${1:-$(git -C "$here" rev-parse --show-toplevel)/../shared/testdata}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$here"
enc() { avifenc --jobs 1 --speed 6 "$@" >/dev/null; }
ref() { avifdec --jobs 1 --depth 8 --upsampling bilinear "$1" "$2" >/dev/null; }

# Sources: an odd-sized photo crop (127x95: chroma rows and columns left
# over at the edges), a 64x48 crop, a second 64x48 crop, a 96x96 icon with alpha.
python3 - "$testdata" "$work" <<'PY'
import sys
from PIL import Image
testdata, work = sys.argv[1], sys.argv[2]
Image.open(f'{testdata}/photos/kodim23.png').crop((420, 140, 547, 235)).save(f'{work}/photo.png')
Image.open(f'{testdata}/photos/kodim07.png').crop((200, 200, 264, 248)).save('lossless.png')
Image.open(f'{testdata}/photos/kodim23.png').crop((130, 180, 194, 228)).save(f'{work}/frame2.png')
Image.open(f'{testdata}/icons/Transparency.png').convert('RGBA').resize((96, 96), Image.LANCZOS).save('alpha.png')
PY

# Lossless (identity matrix, 4:4:4): decodes to the source pixels exactly.
enc --lossless lossless.png lossless.avif
enc --lossless alpha.png alpha.avif
enc --lossless --premultiply alpha.png premultiplied.avif
# Lossy: 4:2:0 opaque, 4:2:0 colour with lossless alpha, 10-bit 4:4:4, monochrome 4:0:0.
enc --yuv 420 --min 20 --max 30 "$work/photo.png" photo-420.avif
enc --yuv 420 --min 20 --max 30 --minalpha 0 --maxalpha 0 alpha.png alpha-420.avif
enc --depth 10 --yuv 444 --min 20 --max 30 "$work/photo.png" depth10.avif
enc --yuv 400 --min 20 --max 30 "$work/photo.png" gray.avif
ref photo-420.avif photo-420.png
ref alpha-420.avif alpha-420.png
ref depth10.avif depth10.png
ref gray.avif gray.png

# Orientation: irot (anticlockwise quarter turns) and imir on the lossless crop.
enc --lossless --irot 1 lossless.png irot1.avif
enc --lossless --irot 3 lossless.png irot3.avif
enc --lossless --imir 1 lossless.png imir1.avif
enc --lossless --irot 1 --imir 0 lossless.png irot1-imir0.avif

# An ICC profile in the colr box (the sRGB2014 profile of the WebP fixtures).
enc --yuv 420 --min 20 --max 30 --icc ../webp/sRGB2014.icc "$work/photo.png" icc.avif

# An image sequence (major brand avis) of two lossless frames.
enc --lossless lossless.png "$work/frame2.png" sequence.avif
ls -l "$here"
