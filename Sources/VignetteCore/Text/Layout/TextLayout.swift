/// Text laid out at one size: paragraphs analysed, runs itemized and
/// shaped, lines broken to the box, cut to the line budget with an
/// ellipsis, reordered visually, aligned; every glyph placed in pixels.
struct TextLayout {
    var lines: [TextLine] = []
    /// The box in pixels (the content's size where the text has no box).
    var width = 0
    var height = 0
    /// Whether all the text is shown whole: no line cut, no word broken, nothing past the box.
    var fits = true
    var glyphs: [PlacedGlyph] = []

    /// Lays `text` out at `size` points for `scale`, spending `glyphBudget`.
    init(_ text: TextImage, size: Double, scale: Double, chain: [MatchedFace], glyphBudget: inout Int) throws(TextImage.Error) {
        let pixelsPerEm = size * scale
        let shaper = TextShaper(style: text.style, chain: chain, pixelsPerEm: pixelsPerEm)
        let boxWidth = text.width.map { $0 * scale }
        let metrics = LineMetrics(chain[0].face, pixelsPerEm: pixelsPerEm, lineHeight: text.style.lineHeight)
        let maxLines = min(text.maxLines ?? Int.max, text.height.map { max(1, Int(($0 * scale + 1e-9) / metrics.advance)) } ?? Int.max)
        var cut = false
        let paragraphs = Self.paragraphs(text.string)
        for (number, paragraph) in paragraphs.enumerated() {
            guard !cut else { break }
            let analysis = try TextAnalysis(paragraph, direction: text.style.direction, language: text.style.language)
            let runs = TextItemizer.runs(analysis, in: 0..<paragraph.count, chain: chain)
            let shaped = try runs.map { run throws(TextImage.Error) in try shaper.shape(run, in: analysis, glyphBudget: &glyphBudget) }
            var advances = [Double](repeating: 0, count: paragraph.count)
            for run in shaped { for g in run.glyphs { advances[g.cluster] += g.advance } }
            let (ranges, broke) = LineBreaker.lines(analysis, advances: advances, width: boxWidth)
            if broke { fits = false }
            for (index, range) in ranges.enumerated() {
                if lines.count + 1 > text.limits.maxLines { throw .tooManyLines(limit: text.limits.maxLines) }
                let more = index + 1 < ranges.count || number + 1 < paragraphs.count
                if lines.count + 1 == maxLines, more {
                    let cutAt = Self.ellipsisEnd(range, analysis: analysis, advances: advances, shaper: shaper, chain: chain, width: boxWidth)
                    lines.append(
                        try ellipsized(analysis, range.lowerBound..<cutAt, shaper: shaper, chain: chain, width: boxWidth, budget: &glyphBudget))
                    cut = true
                    fits = false
                    break
                }
                lines.append(try line(range, of: analysis, shaped: shaped, shaper: shaper, budget: &glyphBudget))
            }
        }
        place(text, scale: scale, pixelsPerEm: pixelsPerEm, metrics: metrics, chain: chain)
    }

    /// The string's paragraphs as UTF-16, split at line and paragraph separators.
    static func paragraphs(_ string: String) -> [[UInt16]] {
        var result: [[UInt16]] = [[]]
        var previous: UInt16 = 0
        for u in string.utf16 {
            if u == 0x0A && previous == 0x0D {
                previous = u
                continue
            }
            if [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains(u) { result.append([]) } else { result[result.count - 1].append(u) }
            previous = u
        }
        return result
    }

    /// One line: the runs clipped to `range` (trailing spaces dropped), reshaped where a run was cut.
    private func line(
        _ range: Range<Int>, of analysis: TextAnalysis, shaped: [ShapedRun], shaper: TextShaper, budget: inout Int
    ) throws(TextImage.Error) -> TextLine {
        var end = range.upperBound
        while end > range.lowerBound, LineBreaker.isSpace(analysis.units[end - 1]) { end -= 1 }
        var runs: [ShapedRun] = []
        for run in shaped where run.run.range.overlaps(range.lowerBound..<max(end, range.lowerBound)) {
            let clipped = max(run.run.range.lowerBound, range.lowerBound)..<min(run.run.range.upperBound, end)
            if clipped == run.run.range {
                runs.append(run)
            } else {
                var piece = run.run
                piece.range = clipped
                runs.append(try shaper.shape(piece, in: analysis, glyphBudget: &budget))
            }
        }
        return TextLine(runs: TextLine.visualOrder(runs), baseLevel: analysis.baseLevel)
    }

    /// Where the last line shown ends before its ellipsis: the last grapheme
    /// boundary in `range` at which the text and "…" fit the width, by the
    /// paragraph's advances (the line is shaped again after, and shortened if
    /// shaping disagrees).
    private static func ellipsisEnd(
        _ range: Range<Int>, analysis: TextAnalysis, advances: [Double], shaper: TextShaper, chain: [MatchedFace], width: Double?
    ) -> Int {
        guard let width else { return range.upperBound }
        var budget = 64
        let dots =
            (try? TextAnalysis([0x2026], direction: .leftToRight, language: nil)).flatMap { single in
                TextItemizer.runs(single, in: 0..<1, chain: chain).first.flatMap { try? shaper.shape($0, in: single, glyphBudget: &budget).width }
            } ?? 0
        var end = range.lowerBound
        var total = 0.0
        var start = range.lowerBound
        for g in analysis.graphemeEnds where g > range.lowerBound && g <= range.upperBound {
            total += advances[start..<g].reduce(0, +)
            start = g
            if total + dots > width + 1e-9 { break }
            end = g
        }
        return end
    }

    /// The last line shown: the text of `range` with "…" after it, laid out as a line of
    /// its own, shortened by a grapheme cluster at a time while it is wider than `width`.
    private func ellipsized(
        _ analysis: TextAnalysis, _ range: Range<Int>, shaper: TextShaper, chain: [MatchedFace], width: Double?, budget: inout Int
    ) throws(TextImage.Error) -> TextLine {
        let direction: TextDirection = analysis.baseLevel == 1 ? .rightToLeft : .leftToRight
        var ends = analysis.graphemeEnds.filter { $0 > range.lowerBound && $0 <= range.upperBound }
        ends.insert(range.lowerBound, at: 0)
        var candidate = ends.count - 1
        while true {
            var units = Array(analysis.units[range.lowerBound..<ends[candidate]])
            while let last = units.last, LineBreaker.isSpace(last) { units.removeLast() }
            units.append(0x2026)
            let single = try TextAnalysis(units, direction: direction, language: shaper.style.language)
            var shaped: [ShapedRun] = []
            for run in TextItemizer.runs(single, in: 0..<units.count, chain: chain) {
                shaped.append(try shaper.shape(run, in: single, glyphBudget: &budget))
            }
            let line = TextLine(runs: TextLine.visualOrder(shaped), baseLevel: single.baseLevel)
            if candidate == 0 || width.map({ line.width <= $0 + 1e-9 }) ?? true { return line }
            candidate -= 1
        }
    }
}
