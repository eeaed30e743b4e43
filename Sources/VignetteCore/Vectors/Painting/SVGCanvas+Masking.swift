/// Multiplying a layer by a clip or a mask.
extension SVGCanvas {
    mutating func clear() {
        for i in pixels.indices { pixels[i] = 0 }
    }

    /// Each pixel × the other canvas's alpha at the same place.
    mutating func multiply(byAlphaOf mask: SVGCanvas) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let m = mask.pixels[i + 3]
            if m == 255 { continue }
            for k in 0..<4 { pixels[i + k] = PixelMath.multiply(pixels[i + k], m) }
        }
    }

    /// Each pixel × the mask's luminance (premultiplied, so luminance × alpha:
    /// sRGB coefficients in 1/65536) or its alpha.
    mutating func multiply(byMaskOf mask: SVGCanvas, luminance: Bool) {
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let m: UInt8
            if luminance {
                let value = 13_926 * Int(mask.pixels[i]) + 46_885 * Int(mask.pixels[i + 1]) + 4_725 * Int(mask.pixels[i + 2])
                m = UInt8(min(255, (value + 32_768) >> 16))
            } else {
                m = mask.pixels[i + 3]
            }
            if m == 255 { continue }
            for k in 0..<4 { pixels[i + k] = PixelMath.multiply(pixels[i + k], m) }
        }
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
