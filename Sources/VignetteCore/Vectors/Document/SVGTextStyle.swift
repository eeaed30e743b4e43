/// The text properties of one element after inheritance, parsed once per
/// declaration: the `font-*` properties, spacing, anchoring, baselines and
/// the decorations in force (each with the paint of the element that
/// declared it, as SVG draws them).
struct SVGTextStyle: Sendable, Hashable {
    enum Anchor: Sendable, Hashable { case start, middle, end }
    enum Baseline: String, Sendable, Hashable {
        case alphabetic, middle, central, hanging, mathematical, ideographic
        case textBeforeEdge = "text-before-edge"
        case textAfterEdge = "text-after-edge"
    }
    /// How vertical text sets its characters: upright or turned a quarter clockwise, per character
    /// as UAX #50 says (`mixed`), or all one way (`text-orientation`, `glyph-orientation-vertical`).
    enum Orientation: Sendable, Hashable { case mixed, upright, sideways }
    /// `unicode-bidi`: an element's text in a bidi embedding of its own `direction`, or with every character
    /// set in that direction (isolates are taken as embeddings; `plaintext` as normal).
    enum Bidi: Sendable, Hashable { case normal, embed, override }
    enum Decoration: String, Sendable, Hashable {
        case underline, overline
        case lineThrough = "line-through"
    }

    /// A decoration line and the paint of the element that declared it.
    struct DecorationPaint: Sendable, Hashable {
        var kind: Decoration
        var fill: SVGPaint
        var fillOpacity: Double
        var stroke: SVGPaint
        var strokeOpacity: Double
        var strokeWidth: Double
    }

    var families: [String] = []
    var weight = 400.0
    var style: FontStyle = .normal
    var stretch = 100.0
    var features: [String: Int] = [:]
    var variations: [String: Double] = [:]
    var opticalSizing = true
    var letterSpacing = 0.0
    var wordSpacing = 0.0
    var anchor: Anchor = .start
    var direction: TextDirection = .leftToRight
    var vertical = false
    var orientation: Orientation = .mixed
    /// Not inherited: set on the element itself.
    var bidi: Bidi = .normal
    var dominantBaseline: Baseline = .alphabetic
    /// Not inherited: set on the element itself.
    var alignmentBaseline: Baseline?
    /// The sum of `baseline-shift` on this element and its text ancestors, in user units, up positive.
    var baselineShift = 0.0
    /// The font sizes of the `sub` and `super` shifts on this element and its text ancestors, summed: each
    /// moves by the face's subscript or superscript offset (`SVGTextLayout.shift(_:face:)`).
    var subscripts = 0.0
    var superscripts = 0.0
    var decorations: [DecorationPaint] = []
    var language: String?

    /// Sets one declared text property, parsed by ``property(_:_:fontSize:)``;
    /// decorations take the fill and stroke of `paint`, the declaring element's.
    mutating func apply(_ property: Property, paint: SVGStyle) {
        switch property {
        case .families(let names): families = names
        case .weight(.absolute(let value)): weight = value
        case .weight(.bolder): weight = Self.weight("bolder", parent: weight) ?? weight
        case .weight(.lighter): weight = Self.weight("lighter", parent: weight) ?? weight
        case .style(let value): style = value
        case .stretch(let value): stretch = value
        case .shorthand(let font):
            (style, weight, stretch, families) = (font.style, font.weight, font.stretch, font.families)
            if font.smallCaps { features["smcp"] = 1 }
        case .features(let value): features = value
        case .variations(let value): variations = value
        case .opticalSizing(let value): opticalSizing = value
        case .feature(let tag, let value): features[tag] = value
        case .letterSpacing(let value): letterSpacing = value
        case .wordSpacing(let value): wordSpacing = value
        case .anchor(let value): anchor = value
        case .direction(let value): direction = value
        case .vertical(let value): vertical = value
        case .orientation(let value): orientation = value
        case .bidi(let value): bidi = value
        case .dominantBaseline(let value): dominantBaseline = value
        case .alignmentBaseline(let value): alignmentBaseline = value
        case .baselineShift(let value): baselineShift += value
        case .scriptShift(let superscript, let size): if superscript { superscripts += size } else { subscripts += size }
        case .decorations(let kinds): addDecorations(kinds, paint: paint)
        case .language(let value): language = value
        }
    }

    private mutating func addDecorations(_ kinds: [Decoration], paint: SVGStyle) {
        for kind in kinds {
            decorations.append(
                DecorationPaint(
                    kind: kind, fill: paint.fill, fillOpacity: paint.fillOpacity, stroke: paint.stroke, strokeOpacity: paint.strokeOpacity,
                    strokeWidth: paint.strokeWidth))
        }
    }

    /// A size in the shorthand: a keyword, or a length with its unit (`12px/1.5` too); a bare number is a weight.
    static func isFontSize(_ word: String) -> Bool {
        let size = String(word.split(separator: "/").first ?? "")
        guard SVGElement.fontSize(size, parent: 16) != nil else { return false }
        return size.contains { $0.isLetter || $0 == "%" } || size == "0"
    }

    /// A CSS family list: names quoted or not, commas between.
    static func families(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { part in
            var name = part.trimmingXMLSpace()
            if name.count >= 2, let first = name.first, first == "'" || first == "\"", name.last == first {
                name = String(name.dropFirst().dropLast())
            } else {
                name = name.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
            return name.isEmpty ? nil : name
        }
    }

    static func weight(_ value: String, parent: Double) -> Double? {
        switch value {
        case "normal": return 400
        case "bold": return 700
        // CSS Fonts 4's table of relative weights.
        case "bolder": return parent < 350 ? 400 : (parent < 550 ? 700 : max(parent, 900))
        case "lighter": return parent < 100 ? parent : (parent < 550 ? 100 : (parent < 750 ? 400 : 700))
        default: return Double(value).flatMap { (1...1000).contains($0) ? $0 : nil }
        }
    }

    static func fontStyle(_ value: String) -> FontStyle? {
        if value == "normal" { return .normal }
        if value == "italic" { return .italic }
        guard value.hasPrefix("oblique") else { return nil }
        let angle = value.dropFirst(7).trimmingXMLSpace()
        return .oblique(degrees: angle.isEmpty ? 14 : (SVGLength.degrees(angle)?.value ?? 14))
    }

    static func stretch(_ value: String) -> Double? {
        let keywords = [
            "ultra-condensed": 50.0, "extra-condensed": 62.5, "condensed": 75, "semi-condensed": 87.5, "normal": 100,
            "semi-expanded": 112.5, "expanded": 125, "extra-expanded": 150, "ultra-expanded": 200
        ]
        if let keyword = keywords[value] { return keyword }
        guard value.hasSuffix("%"), let percent = Double(value.dropLast()), percent >= 0 else { return nil }
        return percent
    }

    /// `"liga" 0, "smcp"`: each tag on (1), or the value given (`on`/`off` too).
    static func features(_ value: String) -> [String: Int]? {
        guard value != "normal" else { return [:] }
        var result: [String: Int] = [:]
        for part in value.split(separator: ",") {
            let words = part.split(separator: " ", omittingEmptySubsequences: true)
            guard let quoted = words.first, quoted.count == 6, quoted.first == "\"" || quoted.first == "'" else { return nil }
            let tag = String(quoted.dropFirst().dropLast())
            let setting = words.count > 1 ? String(words[1]) : "1"
            result[tag] = setting == "on" ? 1 : (setting == "off" ? 0 : Int(setting) ?? 1)
        }
        return result
    }

    static func variations(_ value: String) -> [String: Double]? {
        guard value != "normal" else { return [:] }
        var result: [String: Double] = [:]
        for part in value.split(separator: ",") {
            let words = part.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2, words[0].count == 6, let number = Double(words[1]) else { return nil }
            result[String(words[0].dropFirst().dropLast())] = number
        }
        return result
    }

    static func spacing(_ value: String, fontSize: Double) -> Double? {
        if value == "normal" { return 0 }
        guard let length = SVGLength.parse(value, fontSize: fontSize), !length.isPercentage else { return nil }
        return length.value
    }

    static func baseline(_ value: String) -> Baseline? {
        switch value {
        case "text-top": return .textBeforeEdge
        case "text-bottom", "after-edge": return .textAfterEdge
        case "before-edge": return .textBeforeEdge
        case "baseline": return .alphabetic
        default: return Baseline(rawValue: value)
        }
    }

    /// `baseline-shift`: a length, or a percentage of the font size (`sub` and `super` are the font's: ``Property/scriptShift(superscript:fontSize:)``).
    static func shift(_ value: String, fontSize: Double) -> Double {
        switch value {
        case "baseline": return 0
        default:
            guard let length = SVGLength.parse(value, fontSize: fontSize) else { return 0 }
            return length.isPercentage ? length.value / 100 * fontSize : length.value
        }
    }
}
