#!/usr/bin/env bash
# Regenerates the HEIC fixtures with libheif's own tools (Debian packages
# libheif-examples 1.15.1: heif-enc with x265 3.5; libheif-dev for
# reencode.c) from flat-colour PNGs that make_sources.py writes, so every
# pixel's expected value is known. heif-enc and x265 give the same bytes
# run to run. Usage: make_heif_fixtures.sh   (apt-get install libheif-examples libheif-dev)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$here"
enc() { heif-enc "$@" >/dev/null; }

python3 make_sources.py . ../webp/sRGB2014.icc
mv blocks16.png blocks-icc.png alpha-premultiplied.png "$work/"   # inputs only: the references are blocks.png / alpha.png

# Lossy 4:2:0 (x265's default), flat 32x24 blocks: within a few levels of the source.
enc -q 90 blocks.png -o blocks.heic
enc -q 90 alpha.png -o alpha.heic
enc -q 90 "$work/blocks-icc.png" -o icc.heic                   # the PNG's iCCP becomes a colr 'prof' box
enc -b 10 -q 90 "$work/blocks16.png" -o depth10.heic          # 10-bit from the 16-bit PNG
# Lossless 4:4:4 (YCbCr, no nclx: decodes within 1 of the source).
enc -L -p chroma=444 blocks.png -o lossless.heic
enc -L -p chroma=444 --premultiplied-alpha "$work/alpha-premultiplied.png" -o premultiplied.heic
enc -L -p chroma=444 tall.png -o tall.heic

# What heif-enc cannot write: irot/imir, an Exif orientation, nclx primaries.
# reencode keeps tall.heic's decoded pixels exactly (lossless, RGB identity matrix).
cc -O1 -o "$work/reencode" reencode.c -lheif
for orientation in 2 3 4 5 6 7 8; do "$work/reencode" tall.heic "orient$orientation.heic" "$orientation"; done
"$work/reencode" tall.heic exif6.heic 1 6                 # Exif Orientation 6, no transform: shown as stored
"$work/reencode" tall.heic orient6-exif3.heic 6 3         # irot for 6, Exif says 3: only the irot counts
"$work/reencode" tall.heic nclx-p3.heic 1 0 12 13         # Display P3 primaries, sRGB transfer, no ICC

# Grids written byte by byte around tall.heic's tile (a valid one and hostile ones).
python3 make_grids.py
