/// Multiplying a layer by a clip or a mask.
extension SVGCanvas {
    mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Each pixel × the other canvas's alpha at the same place.
    mutating func multiply(byAlphaOf mask: SVGCanvas) {
        mask.pixels.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { d in
                let count = min(d.count, m.count)
                let (masks, layer) = (UnsafeRawBufferPointer(m), UnsafeRawBufferPointer(d))
                var i = 0
                while i < count {
                    // Four pixels at once that scaling leaves as they are: all transparent, or under an opaque mask.
                    if i + 16 <= count {
                        let empty = layer.loadUnaligned(fromByteOffset: i, as: UInt64.self) | layer.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        let alphas = masks.loadUnaligned(fromByteOffset: i, as: UInt64.self) & masks.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                        if empty == 0 || UInt64(littleEndian: alphas) & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                            i += 16
                            continue
                        }
                    }
                    if m[i + 3] != 255 { Self.scale(d, i, by: m[i + 3]) }
                    i += 4
                }
            }
        }
    }

    /// Each pixel × the mask's luminance (premultiplied, so luminance × alpha:
    /// sRGB coefficients in 1/65536) or its alpha.
    mutating func multiply(byMaskOf mask: SVGCanvas, luminance: Bool) {
        mask.pixels.withUnsafeBufferPointer { m in
            pixels.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: min(d.count, m.count), by: 4) {
                    let value: UInt8
                    if luminance {
                        let sum = 13_926 * Int(m[i]) + 46_885 * Int(m[i + 1]) + 4_725 * Int(m[i + 2])
                        value = UInt8(min(255, (sum + 32_768) >> 16))
                    } else {
                        value = m[i + 3]
                    }
                    if value != 255 { Self.scale(d, i, by: value) }
                }
            }
        }
    }

    /// The pixel at byte `i`, every channel × `m` / 255.
    @inline(__always)
    private static func scale(_ d: UnsafeMutableBufferPointer<UInt8>, _ i: Int, by m: UInt8) {
        let pixel = UnsafeMutableRawPointer(d.baseAddress! + i)
        pixel.storeBytes(of: multiply(pixel.loadUnaligned(as: SIMD4<UInt8>.self), m), as: SIMD4<UInt8>.self)
    }
}

extension SVGCanvas {
    /// `layer` over this canvas with its top-left pixel at (`x`, `y`); the layer lies inside the canvas.
    mutating func composite(_ layer: SVGCanvas, atX x: Int, y: Int) {
        layer.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for row in 0..<layer.height {
                    let from = row * layer.width * 4
                    let to = ((y + row) * width + x) * 4
                    for i in stride(from: 0, to: layer.width * 4, by: 4) where s[from + i + 3] != 0 {
                        Self.over(d, to + i, s[from + i], s[from + i + 1], s[from + i + 2], s[from + i + 3])
                    }
                }
            }
        }
    }
}
