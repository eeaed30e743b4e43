/// Greedy line breaking over shaped advances: each line ends at the last
/// break opportunity (UAX #14) that fits the width, trailing spaces
/// hanging past it; a word wider than the whole line breaks between
/// grapheme clusters (CSS's `overflow-wrap: break-word`).
enum LineBreaker {
    /// The lines of `analysis` as ranges of units, and whether a word had to be broken.
    static func lines(_ analysis: TextAnalysis, advances: [Double], width: Double?) -> (lines: [Range<Int>], brokeWords: Bool) {
        let count = analysis.units.count
        guard count > 0 else { return ([0..<0], false) }
        guard let width else { return ([0..<count], false) }
        var prefix = [Double](repeating: 0, count: count + 1)
        for i in 0..<count { prefix[i + 1] = prefix[i] + advances[i] }
        func measured(_ a: Int, _ b: Int) -> Double {
            var end = b
            while end > a, isSpace(analysis.units[end - 1]) { end -= 1 }
            return prefix[end] - prefix[a]
        }
        var lines: [Range<Int>] = []
        var brokeWords = false
        var start = 0
        var lastFit: Int?
        var opportunities = analysis.breaks[...]
        // A tolerance for the sums' rounding: a line exactly as wide as the box fits.
        let limit = width + 1e-9
        while start < count {
            guard let next = opportunities.first else { break }
            if measured(start, next) <= limit {
                lastFit = next
                opportunities = opportunities.dropFirst()
                if next == count {
                    lines.append(start..<count)
                    start = count
                }
                continue
            }
            if let fit = lastFit {
                lines.append(start..<fit)
                start = fit
                lastFit = nil
                continue
            }
            // Not even the first word fits: break it between grapheme clusters.
            brokeWords = true
            var end = start
            for g in analysis.graphemeEnds where g > start && g <= next {
                if end > start, measured(start, g) > limit { break }
                end = g
            }
            lines.append(start..<end)
            start = end
            if end == next { opportunities = opportunities.dropFirst() }
        }
        return (lines.isEmpty ? [0..<count] : lines, brokeWords)
    }

    static func isSpace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x3000 || (0x2000...0x200A).contains(u) || u == 0x205F || u == 0x1680
    }
}
