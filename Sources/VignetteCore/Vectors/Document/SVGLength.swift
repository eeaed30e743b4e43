/// A length with its unit: user units (px), absolute units at 96 px per
/// inch, `em`/`ex` at a 16 px font, or a percentage of the viewport.
struct SVGLength: Sendable, Hashable {
    /// Which side of the viewport a percentage refers to.
    enum Axis: Sendable, Hashable { case horizontal, vertical, diagonal }

    static let fontSize = 16.0

    var value: Double
    var isPercentage = false

    /// `12`, `12px`, `1.5em`, `50%`, `10mm`; nil for anything else. `em`
    /// and `ex` are the element's font size and half of it.
    static func parse(_ text: String) -> SVGLength? { parse(text, fontSize: fontSize) }

    /// `parse(_:)` at a given font size.
    static func parse(_ text: String, fontSize: Double) -> SVGLength? {
        var scanner = NumberScanner(text)
        scanner.skipSpace()
        guard let number = scanner.number() else { return nil }
        let unit = String(decoding: Array(text.utf8)[scanner.index...], as: UTF8.self).trimmingXMLSpace()
        let factors: [String: Double] = [
            "": 1, "px": 1, "pt": 4.0 / 3, "pc": 16, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96,
            "em": fontSize, "ex": fontSize / 2
        ]
        if unit == "%" { return SVGLength(value: number, isPercentage: true) }
        guard let factor = factors[unit] else { return nil }
        return SVGLength(value: number * factor)
    }

    /// In user units, a percentage of the viewport's `axis`.
    func resolved(_ axis: Axis, viewport: (width: Double, height: Double) = (100, 100)) -> Double {
        guard isPercentage else { return value }
        let side: Double
        switch axis {
        case .horizontal: side = viewport.width
        case .vertical: side = viewport.height
        case .diagonal: side = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        }
        return value / 100 * side
    }
}

extension SVGLength {
    /// An angle in degrees, from `deg`, `grad`, `rad` or `turn`, or a bare
    /// number (degrees in an SVG attribute; CSS allows a bare 0 only).
    static func degrees(_ text: String) -> (value: Double, hasUnit: Bool)? {
        let trimmed = text.trimmingXMLSpace()
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            return Double(trimmed.dropLast(unit.count)).map { ($0 * factor, true) }
        }
        return Double(trimmed).map { ($0, false) }
    }
}
