import CHarfBuzz
import CICU

/// One paragraph's Unicode analysis, in UTF-16 units: bidi embedding
/// levels (UAX #9, ICU), grapheme cluster ends and line-break opportunities
/// (UAX #29 and #14, ICU) and each unit's script (HarfBuzz's Unicode data,
/// with common and inherited characters taking their neighbours' script).
struct TextAnalysis {
    let units: [UInt16]
    /// The paragraph's level: 0 left to right, 1 right to left.
    let baseLevel: UInt8
    let levels: [UInt8]
    /// Offsets where grapheme clusters end (ascending, the last is `units.count`).
    let graphemeEnds: [Int]
    /// Offsets where a line may end (ascending, the last is `units.count`).
    let breaks: [Int]
    /// The ISO 15924 tag of each unit.
    let scripts: [UInt32]

    static let common = Font.tag("Zyyy")
    static let inherited = Font.tag("Zinh")
    static let unknown = Font.tag("Zzzz")

    /// Analyses `units`; without `breakingLines` (text that never wraps, as SVG's) the only break is at the end.
    /// `embedding` presets each unit's explicit bidi level (`unicode-bidi`; see `vg_icu_bidi_levels`).
    init(_ units: [UInt16], direction: TextDirection, language: String?, breakingLines: Bool = true, embedding: [UInt8]? = nil)
        throws(TextImage.Error)
    {
        self.units = units
        let count = Int32(units.count)
        guard count > 0 else {
            (baseLevel, levels, graphemeEnds, breaks, scripts) = (direction == .rightToLeft ? 1 : 0, [], [], [], [])
            return
        }
        try TextLibraries.require()
        var levels = [UInt8](repeating: 0, count: units.count)
        var resolved: Int32 = 0
        let base: Int32 = direction == .automatic ? -1 : (direction == .rightToLeft ? 1 : 0)
        let status: Int32
        if let embedding, embedding.count == units.count {
            status = vg_icu_bidi_levels(units, count, base, embedding, &levels, &resolved)
        } else {
            status = vg_icu_bidi_levels(units, count, base, nil, &levels, &resolved)
        }
        guard status == 0 else { throw .analysisFailed("bidi levels") }
        self.levels = levels
        baseLevel = UInt8(truncatingIfNeeded: resolved) & 1
        var ends = [Int32](repeating: 0, count: units.count + 1)
        let graphemes = vg_icu_grapheme_breaks(units, count, &ends, Int32(ends.count))
        guard graphemes > 0 else { throw .analysisFailed("grapheme clusters") }
        graphemeEnds = ends.prefix(Int(graphemes)).map(Int.init)
        if breakingLines {
            var hard = [UInt8](repeating: 0, count: units.count + 1)
            let lineBreaks = language.withOptionalCString { locale in
                vg_icu_line_breaks(units, count, locale, &ends, &hard, Int32(ends.count))
            }
            guard lineBreaks > 0 else { throw .analysisFailed("line breaks") }
            breaks = ends.prefix(Int(lineBreaks)).map(Int.init)
        } else {
            breaks = [units.count]
        }
        scripts = Self.scripts(of: units)
    }

    /// Each unit's script; common and inherited take the script before them (or after, at the start).
    private static func scripts(of units: [UInt16]) -> [UInt32] {
        var result = [UInt32](repeating: common, count: units.count)
        var i = 0
        while i < units.count {
            let (scalar, length) = scalar(in: units, at: i)
            let script = vg_hb_script(scalar)
            for k in i..<i + length { result[k] = script }
            i += length
        }
        var last: UInt32?
        for k in result.indices {
            if result[k] == common || result[k] == inherited || result[k] == unknown {
                if let last { result[k] = last }
            } else {
                last = result[k]
            }
        }
        let first = result.first { $0 != common && $0 != inherited && $0 != unknown } ?? common
        for k in result.indices where result[k] == common || result[k] == inherited || result[k] == unknown { result[k] = first }
        return result
    }

    /// The scalar at `i` and its length in units (an unpaired surrogate is U+FFFD).
    static func scalar(in units: [UInt16], at i: Int) -> (UInt32, Int) {
        let u = units[i]
        if u >= 0xD800, u < 0xDC00, i + 1 < units.count, units[i + 1] >= 0xDC00, units[i + 1] < 0xE000 {
            return (0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(units[i + 1] - 0xDC00), 2)
        }
        return (u >= 0xD800 && u < 0xE000 ? 0xFFFD : UInt32(u), 1)
    }
}

extension Optional where Wrapped == String {
    func withOptionalCString<R>(_ body: (UnsafePointer<CChar>?) -> R) -> R {
        switch self {
        case .some(let text): text.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
