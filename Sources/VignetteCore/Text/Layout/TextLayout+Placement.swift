/// The vertical metrics every line of a text shares: the primary face's
/// ascent and descent at the size, and the distance between baselines
/// (the font's own, or `lineHeight` × the size with the difference split
/// above and below, as CSS's half-leading).
struct LineMetrics {
    let ascent: Double
    let descent: Double
    let advance: Double
    let halfLeading: Double

    init(_ face: FontFace, pixelsPerEm: Double, lineHeight: Double?) {
        let k = pixelsPerEm / Double(face.unitsPerEm)
        let m = face.metrics
        ascent = Double(m.ascender) * k
        descent = -Double(m.descender) * k
        let natural = ascent + descent + max(0, Double(m.line_gap) * k)
        let chosen = lineHeight.map { $0 * pixelsPerEm } ?? natural
        advance = max(1, chosen)
        halfLeading = (chosen - ascent - descent) / 2
    }
}

extension TextLayout {
    /// Sizes the box and places every glyph: lines aligned across it, the block aligned down it, baselines on whole pixels.
    mutating func place(_ text: TextImage, scale: Double, pixelsPerEm: Double, metrics: LineMetrics, chain: [MatchedFace]) {
        let contentWidth = lines.map(\.width).max() ?? 0
        let contentHeight = Double(lines.count) * metrics.advance
        let boxWidth = text.width.map { $0 * scale } ?? contentWidth
        let boxHeight = text.height.map { $0 * scale } ?? contentHeight
        width = text.width != nil ? Int((boxWidth).rounded()) : Int(contentWidth.rounded(.up))
        height = text.height != nil ? Int(boxHeight.rounded()) : Int(contentHeight.rounded(.up))
        if contentWidth > boxWidth + 1e-9 || contentHeight > boxHeight + 1e-9 { fits = false }
        let top: Double
        switch text.verticalAlignment {
        case .top: top = 0
        case .center: top = (boxHeight - contentHeight) / 2
        case .bottom: top = boxHeight - contentHeight
        }
        let faces = Dictionary(uniqueKeysWithValues: chain.enumerated().map { ($0.offset, $0.element) })
        for (index, line) in lines.enumerated() {
            let baseline = (top + metrics.halfLeading + metrics.ascent + Double(index) * metrics.advance).rounded()
            var pen = Self.start(of: line, in: boxWidth, alignment: text.style.alignment)
            for run in line.runs {
                guard let matched = faces[run.run.face] else { continue }
                let k = pixelsPerEm / Double(matched.face.unitsPerEm)
                for g in run.glyphs {
                    glyphs.append(
                        PlacedGlyph(
                            face: matched.face, glyph: g.glyph, x: pen + g.dx, y: baseline - g.dy, pixelsPerUnit: k,
                            slant: matched.syntheticSlant, embolden: matched.syntheticBold))
                    pen += g.advance
                }
            }
        }
    }

    private static func start(of line: TextLine, in width: Double, alignment: TextAlignment) -> Double {
        let free = width - line.width
        let rightToLeft = line.baseLevel == 1
        switch alignment {
        case .left: return 0
        case .right: return free
        case .center: return free / 2
        case .leading: return rightToLeft ? free : 0
        case .trailing: return rightToLeft ? 0 : free
        }
    }
}
