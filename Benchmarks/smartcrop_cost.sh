#!/bin/sh
# What `Focus.smart`'s measure (SmartCrop, internal to VignetteCore) costs per
# source image, apart from the render: its sources compiled as in a release
# build (swiftc -O, clang -O2) with a tiny driver, thread CPU time, best of 9.
#
#   sh Benchmarks/smartcrop_cost.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
core="$root/Sources/VignetteCore"
printf 'module CKernels { header "%s/Sources/CKernels/include/CKernels.h" export * }\n' "$root" > "$work/module.modulemap"
cat > "$work/main.swift" <<'SWIFT'
import Glibc

func cpu() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

// A photo-like source: smooth gradients, seeded grain and a red disc off-centre.
func source(_ width: Int, _ height: Int) -> Bitmap {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var state: UInt32 = 1
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            let grain = Int(state >> 28) - 8
            let i = (y * width + x) * 4
            let dx = x - width * 7 / 10, dy = y - height / 3, r = height / 12
            let inDisc = dx * dx + dy * dy < r * r
            pixels[i] = UInt8(inDisc ? 210 : max(0, min(255, 60 + 120 * x / width + grain)))
            pixels[i + 1] = UInt8(inDisc ? 30 : max(0, min(255, 90 + 80 * y / height + grain)))
            pixels[i + 2] = UInt8(inDisc ? 40 : max(0, min(255, 110 + grain)))
        }
    }
    return Bitmap(trustedWidth: width, height: height, scale: 1, pixels: pixels)
}

for (width, height) in [(768, 512), (3072, 2048), (6000, 4000)] {
    let image = source(width, height)
    var best = Double.infinity
    var focal = (x: 0.0, y: 0.0)
    for _ in 0..<9 {
        let start = cpu()
        focal = SmartCrop.focalPoint(of: image, windowWidth: 2.0 / 3.0, windowHeight: 1)
        best = min(best, cpu() - start)
    }
    let ms = (best * 1e4).rounded() / 10
    print("\(width)x\(height): \(ms) ms, scratch \(SmartCrop.plannedBytes(for: image) >> 10) KiB, focal \(focal)")
}
SWIFT
clang -O2 -I "$root/Sources/CKernels/include" -c "$root/Sources/CKernels/smartcrop_reduce.c" -o "$work/reduce.o"
swiftc -O -module-name SmartCropCost -Xcc -fmodule-map-file="$work/module.modulemap" \
    "$work/main.swift" "$core"/Rendering/SmartCrop*.swift \
    "$core/Pixels/Bitmap.swift" "$core/Pixels/PremultipliedPixel.swift" "$core/Pixels/PixelMath.swift" \
    "$core/Pixels/Color.swift" "$core/Geometry/Size.swift" "$work/reduce.o" -o "$work/smartcrop-cost"
"$work/smartcrop-cost"
