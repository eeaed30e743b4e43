/// `text`: its content laid out with the document's fonts, each span's
/// glyphs filled and stroked as a path of its own, every span's paint
/// servers sized by the bounding box of the whole text.
extension SVGRenderer {
    mutating func drawText(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard let (content, layout) = try layOut(element, style: state.style, viewport: state.viewport) else { return }
        let pieces = layout.pieces(content)
        let bounds = Self.glyphBounds(pieces)
        for piece in pieces where !piece.path.elements.isEmpty {
            var inner = state
            inner.style = content.spans[piece.span].style
            inner.style.markers = SVGStyle.Markers()
            if let decoration = piece.decoration {
                inner.style.fill = decoration.fill
                inner.style.fillOpacity = decoration.fillOpacity
                inner.style.stroke = decoration.stroke
                inner.style.strokeOpacity = decoration.strokeOpacity
                inner.style.strokeWidth = decoration.strokeWidth
            }
            try drawShape(piece.path, state: inner, bounds: bounds, on: &canvas)
        }
    }

    /// Every glyph and decoration of a `text` as one outline (a clip path's child), its glyphs counted.
    mutating func textOutline(_ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double)) throws(SVGDocument.Error)
        -> VectorPath?
    {
        guard let (content, layout) = try layOut(element, style: style, viewport: viewport) else { return nil }
        var outline = VectorPath()
        for piece in layout.pieces(content) where content.spans[piece.span].style.visible { outline.elements += piece.path.elements }
        return outline
    }

    /// The box around the glyphs of a `text` laid out with `style` (for bounding-box units; its glyphs are not counted).
    func textBounds(_ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double)) -> (min: Vector2, max: Vector2)? {
        var counter = self
        counter.glyphCount = 0
        guard let laidOut = try? counter.layOut(element, style: style, viewport: viewport) else { return nil }
        return Self.glyphBounds(laidOut.layout.pieces(laidOut.content))
    }

    /// The text's content and layout, its glyphs counted against `maxGlyphs`; nil when it has no characters.
    private mutating func layOut(
        _ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double)
    ) throws(SVGDocument.Error) -> (content: SVGTextContent, layout: SVGTextLayout)? {
        var budget = limits.maxGlyphs - glyphCount
        // The layout knows what was left, not the whole budget: name the budget and the count it would pass.
        let exceeded = SVGDocument.Error.limitExceeded(limit: "maxGlyphs", value: limits.maxGlyphs + 1)
        guard let content = SVGTextContent(element, style: style, viewport: viewport, ids: ids, maxCharacters: budget) else { throw exceeded }
        guard !content.characters.isEmpty else { return nil }
        do {
            let layout = try SVGTextLayout(content, fonts: fonts ?? .standard, glyphBudget: &budget)
            glyphCount = limits.maxGlyphs - budget
            return (content, layout)
        } catch {
            throw exceeded
        }
    }

    /// The box around the glyphs (decorations left out).
    private static func glyphBounds(_ pieces: [SVGTextLayout.Piece]) -> (min: Vector2, max: Vector2)? {
        var bounds: (min: Vector2, max: Vector2)?
        for piece in pieces where piece.decoration == nil {
            guard let box = Self.bounds(of: piece.path) else { continue }
            bounds = bounds.map { Self.union($0, box) } ?? box
        }
        return bounds
    }
}
