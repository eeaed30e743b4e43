/// What fills or strokes a shape: nothing, a colour, the `color` property
/// (`currentColor`, which a descriptor's tint sets), a paint server by
/// reference with a fallback, or the context element's fill or stroke.
enum SVGPaint: Sendable, Hashable {
    case none
    case color(SVGColor)
    case currentColor
    case reference(id: String, fallback: SVGColor?)
    /// `context-fill`: the fill of the shape a marker is drawn on, or of the `use` whose content this is.
    case contextFill
    /// `context-stroke`: the stroke of the shape a marker is drawn on, or of the `use` whose content this is.
    case contextStroke

    /// `none`, a colour, `currentColor`, `context-fill`, `context-stroke` or `url(#id) [fallback]`; nil when invalid.
    static func parse(_ text: String) -> SVGPaint? {
        let value = text.trimmingXMLSpace()
        if value == "none" { return SVGPaint.none }
        switch value.lowercased() {
        case "currentcolor": return .currentColor
        case "context-fill": return .contextFill
        case "context-stroke": return .contextStroke
        default: break
        }
        if value.hasPrefix("url(") {
            guard let close = value.firstIndex(of: ")") else { return nil }
            var id = value[value.index(value.startIndex, offsetBy: 4)..<close].trimming(" \"'")
            guard id.hasPrefix("#") else { return SVGPaint.none }
            id.removeFirst()
            let rest = String(value[value.index(after: close)...]).trimmingXMLSpace()
            let fallback: SVGColor? = rest.isEmpty || rest == "none" ? nil : SVGColor.parse(rest)
            return .reference(id: id, fallback: fallback)
        }
        return SVGColor.parse(value).map(SVGPaint.color)
    }
}

/// An sRGB colour with straight alpha, as CSS writes it.
struct SVGColor: Sendable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255

    static let black = SVGColor(red: 0, green: 0, blue: 0)
    static let transparent = SVGColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`, `hsl()`/`hsla()`, a named colour or `transparent`.
    static func parse(_ text: String) -> SVGColor? {
        let value = text.trimmingXMLSpace().lowercased()
        if value.hasPrefix("#") { return hex(value.dropFirst()) }
        if let open = value.firstIndex(of: "("), value.hasSuffix(")") {
            let function = value[..<open].trimmingXMLSpace()
            let body = value[value.index(after: open)..<value.index(before: value.endIndex)]
            let parts = body.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" }).map(String.init)
            switch function {
            case "rgb", "rgba": return rgb(parts)
            case "hsl", "hsla": return hsl(parts)
            default: return nil
            }
        }
        if value == "transparent" { return .transparent }
        return SVGColor.named[value]
    }

    private static func hex(_ digits: Substring) -> SVGColor? {
        let values = digits.compactMap { $0.hexDigitValue.map(UInt8.init) }
        guard values.count == digits.count else { return nil }
        switch values.count {
        case 3, 4:
            let v = values.map { $0 * 17 }
            return SVGColor(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 255)
        case 6, 8:
            let v = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            return SVGColor(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 255)
        default: return nil
        }
    }

    /// A component: `128`, `50%`, clamped to 0…255.
    private static func channel(_ text: String) -> UInt8? {
        if text.hasSuffix("%") {
            guard let v = Double(text.dropLast()), v.isFinite else { return nil }
            return UInt8(min(255, max(0, (v * 2.55).rounded())))
        }
        guard let v = Double(text), v.isFinite else { return nil }
        return UInt8(min(255, max(0, v.rounded())))
    }

    /// An alpha: `0.5` or `50%`.
    static func unit(_ text: String) -> Double? {
        let percent = text.hasSuffix("%")
        guard let v = Double(percent ? String(text.dropLast()) : text), v.isFinite else { return nil }
        return min(1, max(0, percent ? v / 100 : v))
    }

    private static func rgb(_ parts: [String]) -> SVGColor? {
        guard parts.count == 3 || parts.count == 4, let r = channel(parts[0]), let g = channel(parts[1]), let b = channel(parts[2])
        else { return nil }
        let alpha = parts.count == 4 ? unit(parts[3]) : 1
        guard let alpha else { return nil }
        return SVGColor(red: r, green: g, blue: b, alpha: UInt8((alpha * 255).rounded()))
    }

    private static func hsl(_ parts: [String]) -> SVGColor? {
        guard parts.count == 3 || parts.count == 4, let hue = Double(parts[0].replacingOccurrences(of: "deg", with: "")),
            hue.isFinite, let s = unit(parts[1]), let l = unit(parts[2])
        else { return nil }
        let alpha = parts.count == 4 ? unit(parts[3]) : 1
        guard let alpha else { return nil }
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let q = l < 0.5 ? l * (1 + s) : l + s - l * s
        let p = 2 * l - q
        func component(_ t0: Double) -> UInt8 {
            let t = t0 < 0 ? t0 + 1 : (t0 > 1 ? t0 - 1 : t0)
            let v: Double =
                t < 1.0 / 6 ? p + (q - p) * 6 * t : t < 0.5 ? q : t < 2.0 / 3 ? p + (q - p) * (2.0 / 3 - t) * 6 : p
            return UInt8(min(255, max(0, (v * 255).rounded())))
        }
        return SVGColor(
            red: component(h + 1.0 / 3), green: component(h), blue: component(h - 1.0 / 3), alpha: UInt8((alpha * 255).rounded()))
    }
}

extension String {
    /// Without leading and trailing characters of `set`.
    func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    func trimming(_ set: String) -> String { String(self).trimming(set) }
    func trimmingXMLSpace() -> String { String(self).trimmingXMLSpace() }
}
