/// A blend mode of Compositing and Blending, as `mix-blend-mode` and
/// `feBlend`'s `mode` name it: parsed once, matched as a case in pixel loops.
enum SVGBlendMode: String, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge"
    case colorBurn = "color-burn"
    case hardLight = "hard-light"
    case softLight = "soft-light"
    case difference, exclusion, hue, saturation, color, luminosity

    /// The four modes that mix the channels together rather than one by one.
    var isNonSeparable: Bool { self == .hue || self == .saturation || self == .color || self == .luminosity }

    /// B(cb, cs) of a separable mode on one unpremultiplied channel in 0…1.
    func separable(_ cb: Double, _ cs: Double) -> Double {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return SVGBlendMode.hardLight.separable(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs)))
        case .colorBurn: return cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs))
        case .hardLight: return cs <= 0.5 ? cb * 2 * cs : SVGBlendMode.screen.separable(cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }
}

/// Three unpremultiplied colour channels in 0…1: a blend's working value,
/// on the stack rather than in an array per pixel.
struct SVGRGB: Sendable, Hashable {
    var r: Double, g: Double, b: Double

    subscript(_ k: Int) -> Double {
        get { k == 0 ? r : (k == 1 ? g : b) }
        set {
            if k == 0 { r = newValue } else if k == 1 { g = newValue } else { b = newValue }
        }
    }

    func map(_ body: (Double) -> Double) -> SVGRGB { SVGRGB(r: body(r), g: body(g), b: body(b)) }
    var max: Double { Swift.max(Swift.max(r, g), b) }
    var min: Double { Swift.min(Swift.min(r, g), b) }
}
