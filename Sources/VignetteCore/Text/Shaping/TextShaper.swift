import CHarfBuzz

/// One glyph of a shaped run, in pixels: its advance and its offset from
/// the pen (y up, as fonts have it), and the UTF-16 offset of its cluster.
struct ShapedGlyph: Sendable {
    var glyph: UInt32
    var cluster: Int
    var advance: Double
    var dx: Double
    var dy: Double
}

/// A run shaped by HarfBuzz, its glyphs in visual order (right to left
/// runs come reversed, as HarfBuzz gives them).
struct ShapedRun: Sendable {
    var run: TextRun
    var glyphs: [ShapedGlyph]
    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Shapes runs with HarfBuzz at a size in pixels per em; letter and word
/// spacing are added to the advances as CSS adds them (after each
/// grapheme cluster; after each space).
struct TextShaper {
    let style: TextStyle
    let chain: [MatchedFace]
    /// Pixels per em: the size in points × the scale.
    let pixelsPerEm: Double
    let features: [vg_hb_feature]

    init(style: TextStyle, chain: [MatchedFace], pixelsPerEm: Double) {
        self.style = style
        self.chain = chain
        self.pixelsPerEm = pixelsPerEm
        var settings = style.features
        // CSS: with letter spacing, optional ligatures are not applied (the letters would not space).
        if style.letterSpacing != 0 {
            for tag in ["liga", "clig", "dlig", "hlig"] where settings[tag] == nil { settings[tag] = 0 }
        }
        features = settings.sorted { $0.key < $1.key }.map { tag, value in
            vg_hb_feature(tag: Font.tag(tag), value: UInt32(clamping: max(0, value)), start: 0, end: UInt32.max)
        }
    }

    /// Shapes `run` of `analysis` (the whole paragraph is the context); `glyphBudget` is spent. A `vertical`
    /// run is shaped top to bottom (the `vert` forms, vertical advances): its advances are downwards, its
    /// offsets from the glyph's vertical origin. `kerningInto`: the run's last glyph is kerned with the
    /// grapheme after it when that one starts before this offset and has the run's level (SVG text, whose
    /// spans split runs where the letters do not part: `A<tspan font-weight="bold">V</tspan>` keeps A–V's
    /// kerning, as resvg and browsers keep it).
    func shape(
        _ run: TextRun, in analysis: TextAnalysis, vertical: Bool = false, kerningInto limit: Int? = nil, glyphBudget: inout Int
    ) throws(TextImage.Error) -> ShapedRun {
        let face = chain[run.face].face
        let k = pixelsPerEm / Double(face.unitsPerEm)
        let end = vertical ? run.range.upperBound : lookAhead(run, in: analysis, limit: limit)
        var raw = try shaped(run, length: end - run.range.lowerBound, in: analysis, vertical: vertical, budget: glyphBudget)
        if end > run.range.upperBound {
            // The glyphs of the grapheme after are dropped; merged into one of the run's (a ligature), the run is shaped alone.
            if raw.contains(where: { Int($0.cluster) == run.range.upperBound }) {
                raw.removeAll { Int($0.cluster) >= run.range.upperBound }
            } else {
                raw = try shaped(run, length: run.range.count, in: analysis, vertical: vertical, budget: glyphBudget)
            }
        }
        guard raw.count <= glyphBudget else { throw .tooManyGlyphs(limit: glyphBudget) }
        glyphBudget -= raw.count
        guard glyphBudget >= 0 else { throw .tooManyGlyphs(limit: glyphBudget + raw.count) }
        var glyphs = raw.map { g in
            ShapedGlyph(
                glyph: g.glyph, cluster: Int(g.cluster), advance: Double(vertical ? -g.y_advance : g.x_advance) * k, dx: Double(g.x_offset) * k,
                dy: Double(g.y_offset) * k)
        }
        addSpacing(to: &glyphs, in: analysis, run: run)
        return ShapedRun(run: run, glyphs: glyphs)
    }

    /// Where shaping `run` may end: past the next grapheme when it starts before `limit` at the run's level (left to right).
    private func lookAhead(_ run: TextRun, in analysis: TextAnalysis, limit: Int?) -> Int {
        let end = run.range.upperBound
        // Right to left, a pair's kerning sits on its logically later glyph, which the next run shapes: not looked for.
        guard let limit, !run.isRightToLeft, end < min(limit, analysis.units.count), analysis.levels[end] == run.level else { return end }
        let next = Self.count(analysis.graphemeEnds, atMost: end)
        return next < analysis.graphemeEnds.count ? min(analysis.graphemeEnds[next], limit) : end
    }

    /// HarfBuzz's glyphs for `length` code units from the run's start (cached by the shape cache).
    private func shaped(_ run: TextRun, length: Int, in analysis: TextAnalysis, vertical: Bool, budget: Int) throws(TextImage.Error)
        -> [vg_hb_glyph]
    {
        let face = chain[run.face].face
        let key = ShapeCache.Key(
            face: ObjectIdentifier(face), paragraph: analysis.units, start: run.range.lowerBound, length: length,
            rightToLeft: run.isRightToLeft, vertical: vertical, script: run.script, language: style.language,
            features: features.map { UInt64($0.tag) << 32 | UInt64($0.value) })
        // Long paragraphs are not kept: hashing one per run would cost more than shaping it once.
        let cached = analysis.units.count <= ShapeCache.maxParagraph
        if cached, let raw = ShapeCache.shared.glyphs(for: key) { return raw }
        let raw = analysis.units.withUnsafeBufferPointer { text in
            face.shape(
                text, start: run.range.lowerBound, length: length, rightToLeft: run.isRightToLeft, vertical: vertical, script: run.script,
                language: style.language, features: features, maxGlyphs: max(0, budget) + 8)
        }
        guard let raw else { throw .tooManyGlyphs(limit: budget) }
        if cached { ShapeCache.shared.insert(raw, for: key, face: face) }
        return raw
    }

    /// Letter spacing after each grapheme cluster and word spacing after each space, on the cluster's last glyph in logical order.
    private func addSpacing(to glyphs: inout [ShapedGlyph], in analysis: TextAnalysis, run: TextRun) {
        let letter = style.letterSpacing * pixelsPerEm / style.size
        let word = style.wordSpacing * pixelsPerEm / style.size
        guard letter != 0 || word != 0, !glyphs.isEmpty else { return }
        let order = run.isRightToLeft ? Array(glyphs.indices.reversed()) : Array(glyphs.indices)
        for (position, index) in order.enumerated() {
            let cluster = glyphs[index].cluster
            let isLast = position + 1 == order.count || glyphs[order[position + 1]].cluster != cluster
            guard isLast else { continue }
            let end = position + 1 == order.count ? run.range.upperBound : glyphs[order[position + 1]].cluster
            let graphemes = Self.count(analysis.graphemeEnds, atMost: max(end, cluster + 1)) - Self.count(analysis.graphemeEnds, atMost: cluster)
            var extra = letter * Double(max(1, graphemes))
            if analysis.units[cluster] == 0x20 || analysis.units[cluster] == 0xA0 { extra += word }
            glyphs[index].advance += extra
        }
    }

    /// How many of the ascending `values` are at most `limit` (a binary search: spacing a long run stays linear).
    static func count(_ values: [Int], atMost limit: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= limit { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
