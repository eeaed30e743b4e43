import CICU

/// Vertical text (`writing-mode: tb`, `vertical-rl`, `vertical-lr`), as CSS
/// Writing Modes sets it: the pen runs down the chunk on the line through
/// its x, which is the central baseline. Each character is upright (shaped
/// top to bottom with the font's vertical forms and advances, centred on the
/// line) or turned a quarter clockwise (shaped as horizontal text, its em box
/// centred on the line), as UAX #50 says for it (`text-orientation: mixed`),
/// or all of them one way (`upright`, `sideways`; `glyph-orientation-vertical`
/// 0 and 90). `baseline-shift` moves glyphs across the line, up to the right.
extension SVGTextLayout {
    /// `run` split where its grapheme clusters change between upright and turned, in logical order.
    static func oriented(_ run: TextRun, analysis: TextAnalysis, owner: [Int], content: SVGTextContent) -> [(TextRun, Bool)] {
        var pieces: [(TextRun, Bool)] = []
        var start = run.range.lowerBound
        let first = TextShaper.count(analysis.graphemeEnds, atMost: start)
        for end in analysis.graphemeEnds[first...] {
            let clusterEnd = min(end, run.range.upperBound)
            let scalar = TextAnalysis.scalar(in: analysis.units, at: start).0
            let upright = isUpright(scalar, content.spans[content.characters[owner[start]].span].style.text.orientation)
            if let last = pieces.last, last.1 == upright {
                pieces[pieces.count - 1].0.range = last.0.range.lowerBound..<clusterEnd
            } else {
                var piece = run
                piece.range = start..<clusterEnd
                pieces.append((piece, upright))
            }
            start = clusterEnd
            if clusterEnd >= run.range.upperBound { break }
        }
        return pieces
    }

    /// Whether `scalar` stands upright in vertical text set with `orientation`.
    static func isUpright(_ scalar: UInt32, _ orientation: SVGTextStyle.Orientation) -> Bool {
        switch orientation {
        case .upright: return true
        case .sideways: return false
        // UAX #50: U and Tu upright; R and Tr turned (and everything when ICU cannot say).
        case .mixed: return vg_icu_vertical_orientation(scalar) >= 2
        }
    }

    /// Sets `pending` on the vertical line at `pen`: upright from HarfBuzz's vertical offsets, or turned
    /// with its em box's middle on the line.
    static func setVertical(_ pending: inout PendingGlyph, glyph: ShapedGlyph, pen: Vector2, upright: Bool, span: SVGTextContent.Span) {
        let metrics = pending.matched.face.metrics
        let central = Double(metrics.ascender + metrics.descender) / 2 * pending.scale
        pending.x = pen.x + shift(span.style.text, face: pending.matched.face)
        pending.y = pen.y
        pending.lineOffset = central
        if upright {
            pending.orientation = .upright
            pending.offset = Vector2(x: glyph.dx, y: -glyph.dy)
        } else {
            pending.orientation = .sideways
            pending.offset = Vector2(x: glyph.dx, y: central - glyph.dy)
        }
    }
}
