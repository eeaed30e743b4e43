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
        // Premultiplied: no alpha, no colour, nothing to add.
        guard color.3 != 0 else { return }
        let base = y * width * 4
        let source = SIMD4<UInt8>(color.0, color.1, color.2, color.3)
        coverage.withUnsafeBufferPointer { coverage in
            pixels.withUnsafeMutableBufferPointer { d in
                for x in columns {
                    let c = coverage[x]
                    guard c != 0 else { continue }
                    if c == 255 {
                        Self.over(d, base + x * 4, source)
                    } else {
                        let a = PixelMath.multiply(color.3, c)
                        guard a != 0 else { continue }
                        Self.over(d, base + x * 4, Self.multiply(source, c))
                    }
                }
            }
        }
    }

    /// A gradient or pattern over row `y` where `coverage` says, in `columns`.
    mutating func blend(row y: Int, columns: Range<Int>, coverage: [UInt8], shader: some SVGShader) {
        let base = y * width * 4
        coverage.withUnsafeBufferPointer { coverage in
            pixels.withUnsafeMutableBufferPointer { d in
                for x in columns {
                    let c = coverage[x]
                    guard c != 0 else { continue }
                    let color = shader.color(x: x, y: y)
                    guard PixelMath.multiply(color.3, c) != 0 else { continue }
                    Self.over(d, base + x * 4, Self.multiply(SIMD4(color.0, color.1, color.2, color.3), c))
                }
            }
        }
    }

    /// Each channel × `c` / 255, rounded: PixelMath.multiply on four lanes.
    @inline(__always)
    static func multiply(_ color: SIMD4<UInt8>, _ c: UInt8) -> SIMD4<UInt8> {
        let t = SIMD4<UInt32>(truncatingIfNeeded: color) &* UInt32(c) &+ 128
        return SIMD4<UInt8>(truncatingIfNeeded: (t &+ (t &>> 8)) &>> 8)
    }

    /// Premultiplied `source` over the pixel at byte `i`: s + d × (255 − αs) / 255, per channel.
    @inline(__always)
    static func over(_ d: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ source: SIMD4<UInt8>) {
        let pixel = UnsafeMutableRawPointer(d.baseAddress! + i)
        if source[3] == 255 {
            pixel.storeBytes(of: source, as: SIMD4<UInt8>.self)
        } else {
            let below = pixel.loadUnaligned(as: SIMD4<UInt8>.self)
            pixel.storeBytes(of: multiply(below, 255 - source[3]) &+ source, as: SIMD4<UInt8>.self)
        }
    }

    @inline(__always)
    static func over(_ d: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        over(d, i, SIMD4(r, g, b, a))
    }

    /// Calls `body` with the byte offset of every pixel of `s` whose alpha is not 0, in order.
    /// Layers are mostly transparent: four pixels whose alphas are all 0 are passed over at once.
    @inline(__always)
    static func forEachVisible(_ s: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        let raw = UnsafeRawBufferPointer(s)
        let count = s.count
        var i = 0
        while i < count {
            if i + 16 <= count {
                let alphas = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                if UInt64(littleEndian: alphas) & 0xFF00_0000_FF00_0000 == 0 {
                    i += 16
                    continue
                }
            }
            if s[i + 3] != 0 { body(i) }
            i += 4
        }
    }

    /// `layer` over this canvas at `opacity` (0…255).
    mutating func composite(_ layer: SVGCanvas, opacity: UInt8) {
        guard opacity != 0 else { return }
        layer.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                Self.forEachVisible(s) { i in
                    if opacity == 255 {
                        Self.over(d, i, s[i], s[i + 1], s[i + 2], s[i + 3])
                    } else {
                        let a = PixelMath.multiply(s[i + 3], opacity)
                        guard a != 0 else { return }
                        Self.over(
                            d, i, PixelMath.multiply(s[i], opacity), PixelMath.multiply(s[i + 1], opacity),
                            PixelMath.multiply(s[i + 2], opacity), a)
                    }
                }
            }
        }
    }
}
