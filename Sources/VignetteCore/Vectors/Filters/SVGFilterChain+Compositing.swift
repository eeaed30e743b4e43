/// `feComposite`, `feBlend` and `feColorMatrix`, in integers: coefficients
/// are rounded to 1/65536 first, so every machine gives the same bytes.
extension SVGFilterChain {
    /// `in` (S) with `in2` (D) by `operator`, premultiplied.
    func composite(_ s: SVGFilterImage, _ d: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let op = primitive["operator"] ?? "over"
        if op == "arithmetic" {
            let k = (1...4).map { Self.fixed(Self.numbers(primitive, "k\($0)")?.first ?? 0) }
            return Self.combine(s, d) { sc, dc, _, _ in
                let sum = k[0] * sc * dc + k[1] * sc * 255 + k[2] * dc * 255 + k[3] * 255 * 255
                return Self.divideRounded(sum, 255 * 65_536)
            }
        }
        return Self.combine(s, d) { sc, dc, sa, da in
            switch op {
            case "in": Self.mul(sc, da)
            case "out": Self.mul(sc, 255 - da)
            case "atop": Self.mul(sc, da) + Self.mul(dc, 255 - sa)
            case "xor": Self.mul(sc, 255 - da) + Self.mul(dc, 255 - sa)
            default: sc + Self.mul(dc, 255 - sa)
            }
        }
    }

    /// `in` (A, on top) over `in2` (B) by `mode`, premultiplied: the five
    /// modes of SVG 1.1 in integers, the other eleven of Compositing and
    /// Blending as `mix-blend-mode` works them.
    func blend(_ a: SVGFilterImage, _ b: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let mode = primitive["mode"].flatMap(SVGBlendMode.init(rawValue:)) ?? .normal
        if ![.normal, .multiply, .screen, .darken, .lighten].contains(mode) {
            return Self.mixed(a, over: b, mode: mode)
        }
        // Every mode's alpha is qa + qb − qa·qb.
        let alpha: (Int, Int) -> Int = { qa, qb in qa + qb - Self.mul(qa, qb) }
        return Self.combine(a, b, alpha: alpha) { ca, cb, qa, qb in
            let over = ca + Self.mul(cb, 255 - qa)
            let under = cb + Self.mul(ca, 255 - qb)
            switch mode {
            case .multiply: return Self.mul(cb, 255 - qa) + Self.mul(ca, 255 - qb) + Self.mul(ca, cb)
            case .screen: return ca + cb - Self.mul(ca, cb)
            case .darken: return min(over, under)
            case .lighten: return max(over, under)
            default: return over
            }
        }
    }

    /// `a` over `b` by a mode of Compositing and Blending, in doubles from +, −, × and ÷:
    /// co = ca·(1 − αb) + cb·(1 − αa) + αa·αb·B(Cb, Ca), αo = αa + αb − αa·αb.
    static func mixed(_ a: SVGFilterImage, over b: SVGFilterImage, mode: SVGBlendMode) -> SVGFilterImage {
        var out = SVGFilterImage(width: a.width, height: a.height, linear: a.linear)
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            let (qa, qb) = (Int(a.pixels[i + 3]), Int(b.pixels[i + 3]))
            let alpha = UInt8(qa + qb - mul(qa, qb))
            out.pixels[i + 3] = alpha
            guard qa != 0, qb != 0 else {
                // Where either is transparent the mode has nothing to mix: the other shows as it is.
                for k in 0..<3 { out.pixels[i + k] = min(alpha, qa == 0 ? b.pixels[i + k] : a.pixels[i + k]) }
                continue
            }
            let (sa, ba) = (Double(qa) / 255, Double(qb) / 255)
            let source = SVGRGB(r: Double(a.pixels[i]) / 255, g: Double(a.pixels[i + 1]) / 255, b: Double(a.pixels[i + 2]) / 255)
            let backdrop = SVGRGB(r: Double(b.pixels[i]) / 255, g: Double(b.pixels[i + 1]) / 255, b: Double(b.pixels[i + 2]) / 255)
            let mixed = Self.mix(mode, backdrop: backdrop.map { min($0 / ba, 1) }, source: source.map { min($0 / sa, 1) })
            for k in 0..<3 {
                let value = source[k] * (1 - ba) + backdrop[k] * (1 - sa) + sa * ba * mixed[k]
                out.pixels[i + k] = min(alpha, UInt8((min(max(value, 0), 1) * 255).rounded()))
            }
        }
        return out
    }

    /// B(Cb, Cs) as resvg's feBlend gives it: `SVGCanvas.mix`, except that the
    /// four non-separable modes bring a colour back into gamut only from
    /// above, then cut what is below 0 (tiny-skia's ClipColor never scales
    /// up from below, as the spec's does; Chrome does, so the two differ there).
    static func mix(_ mode: SVGBlendMode, backdrop b: SVGRGB, source s: SVGRGB) -> SVGRGB {
        switch mode {
        case .hue: return luminosity(SVGCanvas.setSaturation(s, SVGCanvas.saturation(b)), SVGCanvas.luminosity(b))
        case .saturation: return luminosity(SVGCanvas.setSaturation(b, SVGCanvas.saturation(s)), SVGCanvas.luminosity(b))
        case .color: return luminosity(s, SVGCanvas.luminosity(b))
        case .luminosity: return luminosity(b, SVGCanvas.luminosity(s))
        default: return SVGCanvas.mix(mode, backdrop: b, source: s)
        }
    }

    /// `c` moved to luminosity `l`, scaled toward its luminosity when a channel passes 1, then cut at 0.
    static func luminosity(_ c: SVGRGB, _ l: Double) -> SVGRGB {
        let d = l - SVGCanvas.luminosity(c)
        let moved = c.map { $0 + d }
        let lum = SVGCanvas.luminosity(moved)
        let high = moved.max
        return moved.map { max(0, high > 1 ? lum + ($0 - lum) * (1 - lum) / (high - lum) : $0) }
    }

    /// Applies `channel(s, d, sAlpha, dAlpha)` to every colour channel and
    /// `alpha(sAlpha, dAlpha)` (by default `channel` with the alphas as
    /// both) to alpha, clamped to 0…255 and colour to alpha.
    static func combine(
        _ s: SVGFilterImage, _ d: SVGFilterImage, alpha: ((Int, Int) -> Int)? = nil, _ channel: (Int, Int, Int, Int) -> Int
    ) -> SVGFilterImage {
        var out = SVGFilterImage(width: s.width, height: s.height, linear: s.linear)
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            let sa = Int(s.pixels[i + 3])
            let da = Int(d.pixels[i + 3])
            let value = min(255, max(0, alpha?(sa, da) ?? channel(sa, da, sa, da)))
            out.pixels[i + 3] = UInt8(value)
            for k in 0..<3 {
                out.pixels[i + k] = UInt8(min(value, max(0, channel(Int(s.pixels[i + k]), Int(d.pixels[i + k]), sa, da))))
            }
        }
        return out
    }

    /// `type` matrix, saturate, hueRotate or luminanceToAlpha, on unpremultiplied colour.
    func colorMatrix(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let m = Self.matrix(primitive).map(Self.fixed)
        var out = input
        // No allocation per pixel: the matrix and the pixels through pointers, the channels in locals.
        m.withUnsafeBufferPointer { m in
            out.pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 4) {
                    let a = p[i + 3]
                    let (r, g, b) = (PixelMath.unmultiply(p[i], a), PixelMath.unmultiply(p[i + 1], a), PixelMath.unmultiply(p[i + 2], a))
                    let c = (Int(r), Int(g), Int(b), Int(a))
                    func channel(_ row: Int) -> UInt8 {
                        let k = row * 5
                        let sum = m[k] * c.0 + m[k + 1] * c.1 + m[k + 2] * c.2 + m[k + 3] * c.3 + m[k + 4] * 255
                        return UInt8(min(255, max(0, Self.divideRounded(sum, 65_536))))
                    }
                    let alpha = channel(3)
                    let (outR, outG, outB) = (channel(0), channel(1), channel(2))
                    p[i] = PixelMath.multiply(outR, alpha)
                    p[i + 1] = PixelMath.multiply(outG, alpha)
                    p[i + 2] = PixelMath.multiply(outB, alpha)
                    p[i + 3] = alpha
                }
            }
        }
        return out
    }

    /// The 4 × 5 matrix a `feColorMatrix` names (the identity when its values are wrong).
    static func matrix(_ primitive: SVGElement) -> [Double] {
        let identity: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
        let values = numbers(primitive, "values")
        switch primitive["type"] ?? "matrix" {
        case "saturate":
            let s = max(0, values?.first ?? 1)
            return [
                0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0, 0, 0, 0, 1, 0
            ]
        case "hueRotate":
            let (sin, cos) = AffineTransform.sineCosine(degrees: values?.first ?? 0)
            return [
                0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928, 0, 0,
                0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.140, 0.072 - cos * 0.072 - sin * 0.283, 0, 0,
                0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072, 0, 0,
                0, 0, 0, 1, 0
            ]
        case "luminanceToAlpha":
            return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0]
        default:
            guard let values, values.count == 20 else { return identity }
            return values
        }
    }

    /// A coefficient in 1/65536, clamped to ±10,000 so sums stay far inside 64 bits.
    static func fixed(_ value: Double) -> Int { Int((min(max(value, -10_000), 10_000) * 65_536).rounded()) }

    /// `value / divisor` rounded half up, for either sign.
    static func divideRounded(_ value: Int, _ divisor: Int) -> Int {
        let shifted = value + divisor / 2
        return shifted >= 0 ? shifted / divisor : -((-shifted + divisor - 1) / divisor)
    }

    static func mul(_ a: Int, _ b: Int) -> Int { Int(PixelMath.multiply(UInt8(a), UInt8(b))) }
}
