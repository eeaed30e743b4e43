import CHarfBuzz

/// A face picked for a style: the font, the instance to draw (a variable
/// font at the asked weight and width) and what CSS lets a renderer
/// synthesise when the family has no such face (a slant; emboldening).
package struct MatchedFace: Sendable {
    package let font: Font
    package let face: FontFace
    /// Degrees to slant an upright face drawn for italic or oblique text.
    package let syntheticSlant: Double
    /// Whether a face lighter than 600 is drawn for bold text (outlines are widened).
    package let syntheticBold: Bool
}

extension FontCollection {
    /// CSS's generic families: each resolves to a family of the collection named like it (`family(forGeneric:in:)`).
    static let generics: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-sans-serif", "ui-serif", "ui-monospace", "emoji", "math"
    ]

    /// The faces tried for `style`, in order: each requested family present
    /// (a generic one as ``family(forGeneric:in:)`` names it — `cursive` and
    /// `fantasy` the first face its OS/2 classification puts there — skipped
    /// when it names none), else the default (first) family; then the fallback chain; then every
    /// other family. Each is the best face of its family by CSS Fonts 4's
    /// matching (stretch, then style, then weight).
    package func chain(for style: TextStyle) -> [MatchedFace] {
        let present = families
        var names: [String] = []
        func add(_ name: String) {
            let key = name.lowercased()
            if let real = present.first(where: { $0.lowercased() == key }), !names.contains(real) { names.append(real) }
        }
        for family in style.families {
            if present.contains(where: { $0.lowercased() == family.lowercased() }) {
                add(family)
            } else if Self.generics.contains(family.lowercased()),
                let named = Self.family(forGeneric: family.lowercased(), in: present)
                    ?? fonts.first(where: { $0.face.generic == family.lowercased() })?.family
            {
                add(named)
            }
        }
        if names.isEmpty, let first = present.first { add(first) }
        fallback.forEach(add)
        present.forEach(add)
        return names.compactMap { match(family: $0, style: style) }
    }

    /// The family a generic name picks by its name's words: `serif` a
    /// "… Serif …" (not "Sans"), `monospace` a "Mono" or "Code" one,
    /// `sans-serif` a "Sans" one, `emoji` an "Emoji" one — of those, the first
    /// of the default (first) family's superfamily (Noto Serif beside Noto
    /// Sans, before another serif), else the first; nil for the others (the
    /// default family).
    static func family(forGeneric generic: String, in families: [String]) -> String? {
        func words(_ name: String) -> [String] { name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init) }
        let named: ([String]) -> Bool
        switch generic {
        case "serif", "ui-serif": named = { $0.contains("serif") && !$0.contains("sans") }
        case "monospace", "ui-monospace": named = { $0.contains { $0.hasPrefix("mono") || $0 == "code" } }
        case "sans-serif", "ui-sans-serif", "system-ui": named = { $0.contains("sans") && !$0.contains { $0.hasPrefix("mono") } }
        case "emoji": named = { $0.contains("emoji") }
        default: return nil
        }
        let candidates = families.filter { named(words($0)) }
        let superfamily = families.first.flatMap { words($0).first }
        return candidates.first { words($0).first == superfamily } ?? candidates.first
    }

    /// The best face of `family` for `style`; nil when the family has none.
    package func match(family: String, style: TextStyle) -> MatchedFace? {
        var candidates = fonts.filter { $0.family.lowercased() == family.lowercased() }
        guard !candidates.isEmpty else { return nil }
        let stretch = style.stretch
        candidates = Self.best(candidates) { Self.stretchKey($0.stretches, stretch) }
        candidates = Self.best(candidates) { Self.styleKey($0.style, style.style) }
        candidates = Self.best(candidates) { Self.weightKey($0.weights, style.weight.value) }
        // CSS: of faces that match alike, the last declared wins — a folder's copy of a family over the bundled one.
        let font = candidates[candidates.count - 1]
        let weight = min(max(style.weight.value, font.weights.lowerBound), font.weights.upperBound)
        let width = min(max(stretch, font.stretches.lowerBound), font.stretches.upperBound)
        let (variations, slantedByAxis) = Self.variations(of: font, style: style, weight: weight, width: width)
        let face = variations.isEmpty ? font.face : FontInstances.shared.instance(of: font.face, variations: variations)
        let slanted: Double
        switch (style.style, font.style) {
        case _ where slantedByAxis: slanted = 0
        case (.normal, _), (.italic, .italic), (.italic, .oblique), (.oblique, .oblique), (.oblique, .italic): slanted = 0
        case (.italic, .normal): slanted = 14
        case (.oblique(let degrees), .normal): slanted = degrees
        }
        return MatchedFace(
            font: font, face: face, syntheticSlant: slanted, syntheticBold: style.weight.value >= 600 && font.weights.upperBound < 600)
    }

    /// A variable face's axes for `style` (CSS Fonts 4): `wght` and `wdth`
    /// from the weight and width, `ital` 1 for italic and `slnt` −angle for
    /// oblique where the face has them (no synthesised slant then), `opsz`
    /// the size (`font-optical-sizing: auto`), then `font-variation-settings`
    /// over them all. Returns whether an axis made the slant.
    static func variations(of font: Font, style: TextStyle, weight: Double, width: Double) -> ([vg_hb_variation], Bool) {
        let axes = Set(font.face.axes.map(\.tag))
        var automatic: [(String, Double)] = []
        if font.weights.lowerBound < font.weights.upperBound { automatic.append(("wght", weight)) }
        if font.stretches.lowerBound < font.stretches.upperBound { automatic.append(("wdth", width)) }
        var slanted = false
        switch style.style {
        case .italic where axes.contains(Font.tag("ital")) && font.style == .normal:
            automatic.append(("ital", 1))
            slanted = true
        case .italic where axes.contains(Font.tag("slnt")) && font.style == .normal:
            automatic.append(("slnt", -14))
            slanted = true
        case .oblique(let degrees) where axes.contains(Font.tag("slnt")):
            automatic.append(("slnt", -degrees))
            slanted = true
        default: break
        }
        if style.opticalSizing, axes.contains(Font.tag("opsz")), style.size.isFinite, style.size > 0 { automatic.append(("opsz", style.size)) }
        var variations = automatic.map { vg_hb_variation(tag: Font.tag($0.0), value: Float($0.1)) }
        variations += style.variations.map { vg_hb_variation(tag: Font.tag($0.key), value: Float($0.value)) }.sorted { $0.tag < $1.tag }
        return (variations, slanted)
    }

    private static func best(_ fonts: [Font], key: (Font) -> (Int, Double)) -> [Font] {
        let keys = fonts.map(key)
        guard let least = keys.min(by: { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }) else { return fonts }
        return zip(fonts, keys).filter { $0.1 == least }.map(\.0)
    }

    /// CSS Fonts 4 §5.2 for font-stretch: within the range; else narrower first at or below 100 %, wider first above.
    static func stretchKey(_ range: ClosedRange<Double>, _ wanted: Double) -> (Int, Double) {
        if range.contains(wanted) { return (0, 0) }
        let v = min(max(wanted, range.lowerBound), range.upperBound)
        if wanted <= 100 { return v < wanted ? (1, wanted - v) : (2, v - wanted) }
        return v > wanted ? (1, v - wanted) : (2, wanted - v)
    }

    /// Italic: italic, oblique, normal. Oblique: oblique (nearest angle), italic, normal. Normal: normal, oblique, italic.
    static func styleKey(_ face: FontStyle, _ wanted: FontStyle) -> (Int, Double) {
        switch (wanted, face) {
        case (.italic, .italic), (.normal, .normal): (0, 0)
        case (.oblique(let a), .oblique(let b)): (0, abs(a - b))
        case (.italic, .oblique), (.oblique, .italic), (.normal, .oblique): (1, 0)
        default: (2, 0)
        }
    }

    /// CSS Fonts 4 §5.2 for font-weight, over ranges.
    static func weightKey(_ range: ClosedRange<Double>, _ w: Double) -> (Int, Double) {
        if range.contains(w) { return (0, 0) }
        let v = min(max(w, range.lowerBound), range.upperBound)
        if w >= 400 && w <= 500 {
            if v > w && v <= 500 { return (1, v - w) }
            return v < w ? (2, w - v) : (3, v - w)
        }
        if w < 400 { return v < w ? (1, w - v) : (2, v - w) }
        return v > w ? (1, v - w) : (2, w - v)
    }
}

/// Instances of variable faces at the variations asked, made once each (up to a count, then started over).
package final class FontInstances: Sendable {
    package static let shared = FontInstances()
    private struct Key: Hashable {
        let face: ObjectIdentifier
        let values: [UInt64]
    }
    // The base face is kept with its instance, so its identifier cannot be reused while the entry lives.
    private let cache = Locked([Key: (base: FontFace, instance: FontFace)]())
    private static let maxInstances = 256

    package func instance(of face: FontFace, variations: [vg_hb_variation]) -> FontFace {
        let key = Key(face: ObjectIdentifier(face), values: variations.map { UInt64($0.tag) << 32 | UInt64($0.value.bitPattern) })
        if let found = cache.withLock({ $0[key]?.instance }) { return found }
        guard let made = face.instance(variations: variations) else { return face }
        cache.withLock { entries in
            if entries.count >= Self.maxInstances { entries.removeAll() }
            entries[key] = (face, made)
        }
        return made
    }
}
