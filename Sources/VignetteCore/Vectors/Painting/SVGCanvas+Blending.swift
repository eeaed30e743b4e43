/// `mix-blend-mode`: a layer composited onto what is below it with one of
/// the Compositing and Blending spec's modes. Each pixel is worked in
/// doubles from +, −, ×, ÷ and √ only (exact in IEEE arithmetic), then
/// rounded, so every machine gives the same bytes.
extension SVGCanvas {
    /// `layer` at `opacity` over this canvas, its colour mixed with the
    /// backdrop's by `mode` where both are present:
    /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs).
    mutating func composite(_ layer: SVGCanvas, opacity: UInt8, mode: SVGBlendMode) {
        guard mode != .normal else { return composite(layer, opacity: opacity) }
        guard opacity != 0 else { return }
        let o = Double(opacity) / 255
        layer.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                Self.forEachVisible(s) { i in
                    let sa = Double(s[i + 3]) / 255 * o
                    let ba = Double(d[i + 3]) / 255
                    let source = SVGRGB(r: Double(s[i]) / 255 * o, g: Double(s[i + 1]) / 255 * o, b: Double(s[i + 2]) / 255 * o)
                    let backdrop = SVGRGB(r: Double(d[i]) / 255, g: Double(d[i + 1]) / 255, b: Double(d[i + 2]) / 255)
                    let mixed = Self.mix(
                        mode, backdrop: backdrop.map { ba == 0 ? 0 : Swift.min($0 / ba, 1) }, source: source.map { Swift.min($0 / sa, 1) })
                    for k in 0..<3 {
                        let value = source[k] * (1 - ba) + backdrop[k] * (1 - sa) + sa * ba * mixed[k]
                        d[i + k] = UInt8(DeterministicMath.roundedNonNegative(Swift.min(Swift.max(value, 0), 1) * 255))
                    }
                    d[i + 3] = UInt8(DeterministicMath.roundedNonNegative(Swift.min(sa + ba * (1 - sa), 1) * 255))
                    for k in 0..<3 where d[i + k] > d[i + 3] { d[i + k] = d[i + 3] }
                }
            }
        }
    }

    /// B(Cb, Cs) on unpremultiplied colour in 0…1.
    static func mix(_ mode: SVGBlendMode, backdrop b: SVGRGB, source s: SVGRGB) -> SVGRGB {
        switch mode {
        case .hue: return setLuminosity(setSaturation(s, saturation(b)), luminosity(b))
        case .saturation: return setLuminosity(setSaturation(b, saturation(s)), luminosity(b))
        case .color: return setLuminosity(s, luminosity(b))
        case .luminosity: return setLuminosity(b, luminosity(s))
        default: return SVGRGB(r: mode.separable(b.r, s.r), g: mode.separable(b.g, s.g), b: mode.separable(b.b, s.b))
        }
    }

    static func luminosity(_ c: SVGRGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }

    static func saturation(_ c: SVGRGB) -> Double { c.max - c.min }

    /// `c` moved to luminosity `l`, then brought back into 0…1 keeping its luminosity.
    static func setLuminosity(_ c: SVGRGB, _ l: Double) -> SVGRGB {
        let d = l - luminosity(c)
        let moved = c.map { $0 + d }
        let lum = luminosity(moved)
        let low = moved.min
        let high = moved.max
        return moved.map { value in
            var v = value
            if low < 0 { v = lum + (v - lum) * lum / (lum - low) }
            if high > 1 { v = lum + (v - lum) * (1 - lum) / (high - lum) }
            return v
        }
    }

    /// `c` with saturation `s`: its largest channel at s, its smallest at 0, the middle one scaled between.
    static func setSaturation(_ c: SVGRGB, _ s: Double) -> SVGRGB {
        // The order a stable sort of the channels by value gives.
        var (low, middle, high) = (0, 1, 2)
        if c[middle] < c[low] { swap(&low, &middle) }
        if c[high] < c[middle] {
            swap(&middle, &high)
            if c[middle] < c[low] { swap(&low, &middle) }
        }
        var out = SVGRGB(r: 0, g: 0, b: 0)
        if c[high] > c[low] {
            out[middle] = (c[middle] - c[low]) * s / (c[high] - c[low])
            out[high] = s
        }
        return out
    }
}
