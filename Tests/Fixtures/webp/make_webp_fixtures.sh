#!/usr/bin/env bash
# Regenerates the WebP fixtures with libwebp's own tools (Debian package
# `webp`: cwebp, dwebp, webpmux) from the shared test photos. References are
# dwebp decodes by the same libwebp the package links, so tests compare
# pixel for pixel. Usage: make_webp_fixtures.sh [path/to/shared/testdata]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
testdata="${1:-$(git -C "$here" rev-parse --show-toplevel)/../shared/testdata}"
photos="$testdata/photos"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$here"

# Still images: lossy, lossless, lossy with alpha.
cwebp -quiet -q 75 -m 4 -crop 420 140 128 96 "$photos/kodim23.png" -o lossy.webp
cwebp -quiet -lossless -crop 200 200 64 48 "$photos/kodim07.png" -o lossless.webp
cwebp -quiet -q 80 -alpha_q 100 -resize 96 96 "$testdata/icons/Transparency.png" -o alpha.webp
dwebp -quiet -nodither lossy.webp -o lossy.png
dwebp -quiet -nodither lossless.webp -o lossless.png
dwebp -quiet -nodither alpha.webp -o alpha.png
# Scaled decoding references: 1/4 (exact) and 1/3 (sides round up: 43x32).
dwebp -quiet -nodither lossy.webp -resize 32 24 -o lossy-scale4.png
dwebp -quiet -nodither lossy.webp -resize 43 32 -o lossy-scale3.png

# cwebp's own encodes of the 64x48 reference at the encoder's defaults
# (quality 80, method 4; lossless effort 80): WebPCodec must write these bytes.
cwebp -quiet -q 80 lossless.png -o cwebp-q80.webp
cwebp -quiet -lossless -q 80 lossless.png -o cwebp-lossless.webp

# Animation whose first frame covers the canvas (frame 1 decodes as frame1.png).
cwebp -quiet -q 75 -crop 130 180 64 64 "$photos/kodim23.png" -o "$work/f1.webp"
cwebp -quiet -q 75 -crop 100 100 64 64 "$photos/kodim07.png" -o "$work/f2.webp"
webpmux -frame "$work/f1.webp" +100 -frame "$work/f2.webp" +100 -loop 0 -o animated.webp
dwebp -quiet -nodither "$work/f1.webp" -o animated-frame1.png
# Animation whose first frame (32x32 at 16,16) leaves the 64x64 canvas transparent around it.
cwebp -quiet -lossless -crop 190 210 32 32 "$photos/kodim23.png" -o "$work/small.webp"
webpmux -frame "$work/small.webp" +100+16+16 -frame "$work/f2.webp" +100+0+0 -loop 0 -o animated-offset.webp
dwebp -quiet -nodither "$work/small.webp" -o animated-offset-frame1.png

# EXIF orientation 6 as raw TIFF (the WebP spec's form) and 8 behind an
# "Exif\0\0" header (as some writers add), on the 64x48 lossless image.
python3 - "$work" <<'PY'
import struct, sys
def exif(orientation, prefix=b''):
    ifd = struct.pack('<H', 1) + struct.pack('<HHIHH', 0x0112, 3, 1, orientation, 0) + struct.pack('<I', 0)
    return prefix + b'II*\x00' + struct.pack('<I', 8) + ifd
open(sys.argv[1] + '/exif6.bin', 'wb').write(exif(6))
open(sys.argv[1] + '/exif8.bin', 'wb').write(exif(8, b'Exif\x00\x00'))
PY
webpmux -set exif "$work/exif6.bin" lossless.webp -o exif-orientation-6.webp
webpmux -set exif "$work/exif8.bin" lossless.webp -o exif-orientation-8.webp

# ICCP: the sRGB2014 profile embedded in libjpeg-turbo's monkey12.jpg.
python3 - "$testdata/jpeg/monkey12.jpg" sRGB2014.icc <<'PY'
import sys
data, i, parts = open(sys.argv[1], 'rb').read(), 2, []
while i + 4 <= len(data) and data[i] == 0xFF and data[i + 1] not in (0xD9, 0xDA):
    length = int.from_bytes(data[i + 2:i + 4], 'big')
    body = data[i + 4:i + 2 + length]
    if data[i + 1] == 0xE2 and body.startswith(b'ICC_PROFILE\x00'):
        parts.append((body[12], body[14:]))
    i += 2 + length
open(sys.argv[2], 'wb').write(b''.join(p for _, p in sorted(parts)))
PY
webpmux -set icc sRGB2014.icc lossy.webp -o iccp.webp
ls -l "$here"
