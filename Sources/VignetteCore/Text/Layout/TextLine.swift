/// A glyph placed on the text's canvas: its face (and what is synthesised
/// for it), its pen position in pixels (x right, baseline y down) and the
/// face's pixels per font unit.
struct PlacedGlyph: Sendable {
    var face: FontFace
    var glyph: UInt32
    var x: Double
    var y: Double
    var pixelsPerUnit: Double
    var slant: Double
    var embolden: Bool
}

/// One laid-out line: its runs shaped and in visual order, and its width in pixels.
struct TextLine: Sendable {
    var runs: [ShapedRun]
    var baseLevel: UInt8
    var width: Double { runs.reduce(0) { $0 + $1.width } }

    /// Runs in visual order by UAX #9's rule L2: from the highest level down to
    /// the lowest odd one, every sequence at that level or above is reversed.
    static func visualOrder(_ runs: [ShapedRun]) -> [ShapedRun] {
        guard let highest = runs.map(\.run.level).max(), highest > 0 else { return runs }
        let lowestOdd = runs.map(\.run.level).filter { $0 & 1 == 1 }.min() ?? highest
        var order = runs
        var level = highest
        while level >= max(1, lowestOdd) {
            var i = 0
            while i < order.count {
                guard order[i].run.level >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, order[j].run.level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
