/// Premultiplied pixel operations: template tint and source-over.
enum Compositor {
    /// Recolours premultiplied pixels as a template: colour = tint,
    /// alpha = pixel alpha × tint alpha.
    static func tint(_ pixels: inout [UInt8], with tint: Color) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let alpha = PixelMath.multiply(p[i + 3], tint.alpha)
                p[i] = PixelMath.multiply(tint.red, alpha)
                p[i + 1] = PixelMath.multiply(tint.green, alpha)
                p[i + 2] = PixelMath.multiply(tint.blue, alpha)
                p[i + 3] = alpha
                i += 4
            }
        }
    }

    /// Whether every pixel's alpha is 255 (RGBA bytes, 4 per pixel).
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var all: UInt32 = 0xFFFF_FFFF
            for word in words { all &= word }  // an AND-reduction the compiler vectorises
            return UInt32(littleEndian: all) >> 24 == 0xFF
        }
    }

    /// Every pixel of alpha 0 made transparent black (its colour bytes too): what
    /// source-over of these pixels onto transparent black gives, in one pass of words.
    static func clearTransparent(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices where UInt32(littleEndian: words[i]) >> 24 == 0 { words[i] = 0 }
        }
    }

    /// ``sourceOver`` onto a canvas that is transparent black under the region: each
    /// pixel of `source` copied, those of alpha 0 as transparent black.
    static func copyOntoClear(_ source: [UInt8], width: Int, height: Int, onto canvas: inout Bitmap, x: Int, y: Int) {
        let canvasWidth = canvas.width
        source.withUnsafeBytes { s in
            canvas.pixels.withUnsafeMutableBytes { d in
                let (from, to) = (s.bindMemory(to: UInt32.self), d.bindMemory(to: UInt32.self))
                for row in 0..<height {
                    let (src, dst) = (row * width, (y + row) * canvasWidth + x)
                    for i in 0..<width {
                        let word = from[src + i]
                        to[dst + i] = UInt32(littleEndian: word) >> 24 == 0 ? 0 : word
                    }
                }
            }
        }
    }

    /// Draws `source` (`width × height` premultiplied pixels) over `canvas`
    /// with its top-left at (`x`, `y`), source-over. The region must lie
    /// inside the canvas.
    static func sourceOver(
        _ source: [UInt8], width: Int, height: Int, onto canvas: inout Bitmap, x: Int, y: Int
    ) {
        let canvasWidth = canvas.width
        source.withUnsafeBufferPointer { s in
            canvas.pixels.withUnsafeMutableBufferPointer { d in
                for row in 0..<height {
                    let src = s.baseAddress! + row * width * 4
                    let dst = d.baseAddress! + ((y + row) * canvasWidth + x) * 4
                    for i in Swift.stride(from: 0, to: width * 4, by: 4) {
                        let a = src[i + 3]
                        if a == 255 {
                            dst[i] = src[i]
                            dst[i + 1] = src[i + 1]
                            dst[i + 2] = src[i + 2]
                            dst[i + 3] = 255
                        } else if a != 0 {
                            let inverse = 255 - a
                            dst[i] = src[i] &+ PixelMath.multiply(dst[i], inverse)
                            dst[i + 1] = src[i + 1] &+ PixelMath.multiply(dst[i + 1], inverse)
                            dst[i + 2] = src[i + 2] &+ PixelMath.multiply(dst[i + 2], inverse)
                            dst[i + 3] = a &+ PixelMath.multiply(dst[i + 3], inverse)
                        }
                    }
                }
            }
        }
    }
}
