/// The text properties as declared, each parsed once when the tree is
/// built (font-relative lengths in the declaring element's font size).
extension SVGTextStyle {
    /// One declared text property's value.
    enum Property: Sendable, Hashable {
        case families([String])
        case weight(Weight)
        case style(FontStyle)
        case stretch(Double)
        /// `font`: what it resets and sets (its size is resolved with the other `font-size`s).
        case shorthand(Shorthand)
        case features([String: Int])
        case variations([String: Double])
        /// `font-optical-sizing`: whether a face's `opsz` axis follows the font size.
        case opticalSizing(Bool)
        /// One OpenType feature on, off (0) or back to the font's default (nil): `font-kerning`, `font-variant`.
        case feature(String, Int?)
        case letterSpacing(Double)
        case wordSpacing(Double)
        case anchor(Anchor)
        case direction(TextDirection)
        case vertical(Bool)
        case orientation(Orientation)
        case bidi(Bidi)
        case dominantBaseline(Baseline)
        case alignmentBaseline(Baseline?)
        /// Added to the shift the parent's text is at.
        case baselineShift(Double)
        /// `sub` or `super` at a font size: moved by the font's own offset for them, when it is known.
        case scriptShift(superscript: Bool, fontSize: Double)
        case decorations([Decoration])
        case language(String?)
    }

    /// `font-weight`: a number, or one step from the parent's.
    enum Weight: Sendable, Hashable {
        case absolute(Double)
        case bolder, lighter
    }

    /// The `font` shorthand's longhands.
    struct Shorthand: Sendable, Hashable {
        var style: FontStyle = .normal
        var weight = 400.0
        var stretch = 100.0
        var smallCaps = false
        var families: [String] = []
    }

    /// The text property `name` declares with `value`; nil when `name` is
    /// none of them or `value` is one it ignores.
    static func property(_ name: String, _ value: String, fontSize: Double) -> Property? {
        switch name {
        case "font-family": return .families(families(value))
        case "font-weight":
            if value == "bolder" { return .weight(.bolder) }
            if value == "lighter" { return .weight(.lighter) }
            return weight(value, parent: 400).map { .weight(.absolute($0)) }
        case "font-style": return fontStyle(value).map(Property.style)
        case "font-stretch": return stretch(value).map(Property.stretch)
        case "font": return shorthand(value).map(Property.shorthand)
        case "font-feature-settings": return features(value).map(Property.features)
        case "font-variation-settings": return variations(value).map(Property.variations)
        case "font-optical-sizing": return value == "none" ? .opticalSizing(false) : (value == "auto" ? .opticalSizing(true) : nil)
        case "font-kerning": return value == "none" ? .feature("kern", 0) : (value == "normal" || value == "auto" ? .feature("kern", nil) : nil)
        case "font-variant", "font-variant-caps": return value == "small-caps" ? .feature("smcp", 1) : (value == "normal" ? .feature("smcp", nil) : nil)
        case "letter-spacing": return spacing(value, fontSize: fontSize).map(Property.letterSpacing)
        case "word-spacing": return spacing(value, fontSize: fontSize).map(Property.wordSpacing)
        case "text-anchor": return .anchor([.start, .middle, .end][["start", "middle", "end"].firstIndex(of: value) ?? 0])
        case "direction": return value == "rtl" ? .direction(.rightToLeft) : (value == "ltr" ? .direction(.leftToRight) : nil)
        case "writing-mode": return .vertical(["tb", "tb-rl", "vertical-rl", "vertical-lr"].contains(value))
        case "text-orientation":
            return ["mixed": Orientation.mixed, "upright": .upright, "sideways": .sideways, "sideways-right": .sideways][value]
                .map(Property.orientation)
        case "unicode-bidi":
            let kinds = ["normal": Bidi.normal, "plaintext": .normal, "embed": .embed, "isolate": .embed]
            return (kinds[value] ?? (value == "bidi-override" || value == "isolate-override" ? .override : nil)).map(Property.bidi)
        case "glyph-orientation-vertical":
            return ["auto": Orientation.mixed, "0": .upright, "0deg": .upright, "90": .sideways, "90deg": .sideways][value]
                .map(Property.orientation)
        case "dominant-baseline": return (baseline(value) ?? (value == "auto" ? .alphabetic : nil)).map(Property.dominantBaseline)
        case "alignment-baseline": return .alignmentBaseline(baseline(value))
        case "baseline-shift":
            guard value != "sub", value != "super" else { return .scriptShift(superscript: value == "super", fontSize: fontSize) }
            return .baselineShift(shift(value, fontSize: fontSize))
        case "text-decoration", "text-decoration-line":
            return .decorations(value.split(separator: " ").compactMap { Decoration(rawValue: String($0)) })
        case "xml:lang", "lang": return .language(value.isEmpty ? nil : value)
        default: return nil
        }
    }

    /// The size word of a `font` shorthand (`30px` of `bold 30px/1.2 serif`); nil without one.
    static func shorthandSize(_ value: String) -> String? {
        let words = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        return words.first(where: isFontSize).map { String($0.split(separator: "/").first ?? "") }
    }

    /// `font: [style] [variant] [weight] [stretch] size[/line-height] family, …`; nil without a size.
    private static func shorthand(_ value: String) -> Shorthand? {
        let words = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let sizeIndex = words.firstIndex(where: isFontSize) else { return nil }
        var font = Shorthand()
        for word in words[..<sizeIndex] {
            if let s = fontStyle(word), word != "normal" { font.style = s }
            if let w = weight(word, parent: 400), word != "normal" { font.weight = w }
            if let s = stretch(word), word != "normal" { font.stretch = s }
            if word == "small-caps" { font.smallCaps = true }
        }
        font.families = families(words[(sizeIndex + 1)...].joined(separator: " "))
        return font
    }
}
