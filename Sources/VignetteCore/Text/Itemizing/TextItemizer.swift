/// A run of one paragraph: one bidi level, one script, one face.
struct TextRun: Sendable {
    var range: Range<Int>
    var level: UInt8
    var script: UInt32
    /// Index into the chain of matched faces.
    var face: Int

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits a paragraph into runs where the level, the script or the face
/// changes. The face of each grapheme cluster is the first of the chain
/// that has a glyph for every character in it (variation selectors and
/// joiners need none), else the first face: a cluster never splits
/// between fonts, so marks and emoji sequences stay whole.
enum TextItemizer {
    static func runs(_ analysis: TextAnalysis, in range: Range<Int>, chain: [MatchedFace]) -> [TextRun] {
        var runs: [TextRun] = []
        var start = range.lowerBound
        for end in analysis.graphemeEnds where end > range.lowerBound {
            let clusterEnd = min(end, range.upperBound)
            guard start < clusterEnd else { break }
            let face = faceIndex(for: analysis.units, start..<clusterEnd, chain: chain)
            var k = start
            while k < clusterEnd {
                let level = analysis.levels[k]
                let script = analysis.scripts[k]
                var j = k + 1
                while j < clusterEnd, analysis.levels[j] == level, analysis.scripts[j] == script { j += 1 }
                if var last = runs.last, last.range.upperBound == k, last.level == level, last.script == script, last.face == face {
                    last.range = last.range.lowerBound..<j
                    runs[runs.count - 1] = last
                } else {
                    runs.append(TextRun(range: k..<j, level: level, script: script, face: face))
                }
                k = j
            }
            start = clusterEnd
            if clusterEnd == range.upperBound { break }
        }
        return runs
    }

    private static func faceIndex(for units: [UInt16], _ cluster: Range<Int>, chain: [MatchedFace]) -> Int {
        var scalars: [UInt32] = []
        var i = cluster.lowerBound
        while i < cluster.upperBound {
            let (scalar, length) = TextAnalysis.scalar(in: units, at: i)
            if !ignorable(scalar) { scalars.append(scalar) }
            i += length
        }
        guard !scalars.isEmpty else { return 0 }
        for (index, matched) in chain.enumerated() where scalars.allSatisfy({ matched.face.glyph(for: $0) != nil }) {
            return index
        }
        return 0
    }

    /// Characters a font need not have: joiners, variation selectors, bidi controls, soft hyphen, tabs and newlines.
    static func ignorable(_ s: UInt32) -> Bool {
        s == 0x200C || s == 0x200D || (0xFE00...0xFE0F).contains(s) || (0xE0100...0xE01EF).contains(s)
            || (0x200E...0x200F).contains(s) || (0x202A...0x202E).contains(s) || (0x2066...0x2069).contains(s) || s == 0xAD
            || s == 0x09 || s == 0x0A || s == 0x0D || s == 0x2028 || s == 0x2029 || (0xE0020...0xE007F).contains(s)
    }
}
