/// Premultiplied RGBA pixels an SVG is drawn on, with source-over
/// compositing by the same integer formula as the bitmap path.
struct SVGCanvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    static func bytes(width: Int, height: Int) -> Int { width.multipliedReportingOverflow(by: height).partialValue &* 4 }

    /// A premultiplied colour over row `y` where `coverage` (0…255) says, in `columns`.
    mutating func blend(row y: Int, columns: Range<Int>, coverage: [UInt8], color: (UInt8, UInt8, UInt8, UInt8)) {
        let base = y * width * 4
        pixels.withUnsafeMutableBufferPointer { d in
            for x in columns {
                let c = coverage[x]
                guard c != 0 else { continue }
                let i = base + x * 4
                let a = c == 255 ? color.3 : PixelMath.multiply(color.3, c)
                guard a != 0 else { continue }
                let r = c == 255 ? color.0 : PixelMath.multiply(color.0, c)
                let g = c == 255 ? color.1 : PixelMath.multiply(color.1, c)
                let b = c == 255 ? color.2 : PixelMath.multiply(color.2, c)
                Self.over(d, i, r, g, b, a)
            }
        }
    }

    /// A gradient or pattern over row `y` where `coverage` says, in `columns`.
    mutating func blend(row y: Int, columns: Range<Int>, coverage: [UInt8], shader: some SVGShader) {
        let base = y * width * 4
        pixels.withUnsafeMutableBufferPointer { d in
            for x in columns {
                let c = coverage[x]
                guard c != 0 else { continue }
                let color = shader.color(x: x, y: y)
                let a = PixelMath.multiply(color.3, c)
                guard a != 0 else { continue }
                Self.over(d, base + x * 4, PixelMath.multiply(color.0, c), PixelMath.multiply(color.1, c), PixelMath.multiply(color.2, c), a)
            }
        }
    }

    @inline(__always)
    static func over(_ d: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        if a == 255 {
            d[i] = r
            d[i + 1] = g
            d[i + 2] = b
            d[i + 3] = 255
        } else {
            let inverse = 255 - a
            d[i] = r &+ PixelMath.multiply(d[i], inverse)
            d[i + 1] = g &+ PixelMath.multiply(d[i + 1], inverse)
            d[i + 2] = b &+ PixelMath.multiply(d[i + 2], inverse)
            d[i + 3] = a &+ PixelMath.multiply(d[i + 3], inverse)
        }
    }

    /// `layer` over this canvas at `opacity` (0…255).
    mutating func composite(_ layer: SVGCanvas, opacity: UInt8) {
        guard opacity != 0 else { return }
        layer.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: s.count, by: 4) where s[i + 3] != 0 {
                    if opacity == 255 {
                        Self.over(d, i, s[i], s[i + 1], s[i + 2], s[i + 3])
                    } else {
                        let a = PixelMath.multiply(s[i + 3], opacity)
                        guard a != 0 else { continue }
                        Self.over(
                            d, i, PixelMath.multiply(s[i], opacity), PixelMath.multiply(s[i + 1], opacity),
                            PixelMath.multiply(s[i + 2], opacity), a)
                    }
                }
            }
        }
    }
}
