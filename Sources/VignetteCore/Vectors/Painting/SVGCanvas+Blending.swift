/// `mix-blend-mode`: a layer composited onto what is below it with one of
/// the Compositing and Blending spec's modes. Each pixel is worked in
/// doubles from +, −, ×, ÷ and √ only (exact in IEEE arithmetic), then
/// rounded, so every machine gives the same bytes.
extension SVGCanvas {
    /// The modes `mix-blend-mode` names; `normal` is plain source-over.
    static let blendModes: Set<String> = [
        "multiply", "screen", "overlay", "darken", "lighten", "color-dodge", "color-burn", "hard-light", "soft-light",
        "difference", "exclusion", "hue", "saturation", "color", "luminosity"
    ]

    /// `layer` at `opacity` over this canvas, its colour mixed with the
    /// backdrop's by `mode` where both are present:
    /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs).
    mutating func composite(_ layer: SVGCanvas, opacity: UInt8, mode: String) {
        guard Self.blendModes.contains(mode) else { return composite(layer, opacity: opacity) }
        guard opacity != 0 else { return }
        let o = Double(opacity) / 255
        layer.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: s.count, by: 4) where s[i + 3] != 0 {
                    let sa = Double(s[i + 3]) / 255 * o
                    let ba = Double(d[i + 3]) / 255
                    let source = (0..<3).map { Double(s[i + $0]) / 255 * o }
                    let backdrop = (0..<3).map { Double(d[i + $0]) / 255 }
                    let mixed = Self.mix(
                        mode, backdrop: backdrop.map { ba == 0 ? 0 : min($0 / ba, 1) }, source: source.map { min($0 / sa, 1) })
                    for k in 0..<3 {
                        let value = source[k] * (1 - ba) + backdrop[k] * (1 - sa) + sa * ba * mixed[k]
                        d[i + k] = UInt8((min(max(value, 0), 1) * 255).rounded())
                    }
                    d[i + 3] = UInt8((min(sa + ba * (1 - sa), 1) * 255).rounded())
                    for k in 0..<3 where d[i + k] > d[i + 3] { d[i + k] = d[i + 3] }
                }
            }
        }
    }

    /// B(Cb, Cs) on unpremultiplied colour in 0…1.
    static func mix(_ mode: String, backdrop b: [Double], source s: [Double]) -> [Double] {
        switch mode {
        case "hue": return setLuminosity(setSaturation(s, saturation(b)), luminosity(b))
        case "saturation": return setLuminosity(setSaturation(b, saturation(s)), luminosity(b))
        case "color": return setLuminosity(s, luminosity(b))
        case "luminosity": return setLuminosity(b, luminosity(s))
        default: return (0..<3).map { separable(mode, b[$0], s[$0]) }
        }
    }

    static func separable(_ mode: String, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case "multiply": return cb * cs
        case "screen": return cb + cs - cb * cs
        case "overlay": return separable("hard-light", cs, cb)
        case "darken": return min(cb, cs)
        case "lighten": return max(cb, cs)
        case "color-dodge": return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case "color-burn": return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case "hard-light": return cs <= 0.5 ? cb * 2 * cs : separable("screen", cb, 2 * cs - 1)
        case "soft-light":
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case "difference": return abs(cb - cs)
        case "exclusion": return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    static func luminosity(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }

    static func saturation(_ c: [Double]) -> Double { c.max()! - c.min()! }

    /// `c` moved to luminosity `l`, then brought back into 0…1 keeping its luminosity.
    static func setLuminosity(_ c: [Double], _ l: Double) -> [Double] {
        let d = l - luminosity(c)
        let moved = c.map { $0 + d }
        let lum = luminosity(moved)
        let low = moved.min()!
        let high = moved.max()!
        return moved.map { value in
            var v = value
            if low < 0 { v = lum + (v - lum) * lum / (lum - low) }
            if high > 1 { v = lum + (v - lum) * (1 - lum) / (high - lum) }
            return v
        }
    }

    /// `c` with saturation `s`: its largest channel at s, its smallest at 0, the middle one scaled between.
    static func setSaturation(_ c: [Double], _ s: Double) -> [Double] {
        let order = (0..<3).sorted { c[$0] < c[$1] }
        let (low, middle, high) = (order[0], order[1], order[2])
        var out = [0.0, 0.0, 0.0]
        if c[high] > c[low] {
            out[middle] = (c[middle] - c[low]) * s / (c[high] - c[low])
            out[high] = s
        }
        return out
    }
}
