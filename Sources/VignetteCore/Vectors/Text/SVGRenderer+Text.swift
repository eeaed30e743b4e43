/// `text`: its content laid out with the document's fonts, each span's
/// glyphs filled and stroked as a path of its own, every span's paint
/// servers sized by the bounding box of the whole text.
extension SVGRenderer {
    mutating func drawText(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        let content = SVGTextContent(element, style: state.style, viewport: state.viewport, ids: ids)
        guard !content.characters.isEmpty else { return }
        var budget = limits.maxGlyphs - glyphCount
        let layout: SVGTextLayout
        do {
            layout = try SVGTextLayout(content, fonts: fonts ?? .standard, glyphBudget: &budget)
        } catch {
            // The layout knows what was left, not the whole budget: name the budget and the count it would pass.
            throw .limitExceeded(limit: "maxGlyphs", value: limits.maxGlyphs + 1)
        }
        glyphCount = limits.maxGlyphs - budget
        let pieces = layout.pieces(content)
        var bounds: (min: Vector2, max: Vector2)?
        for piece in pieces where piece.decoration == nil {
            guard let box = Self.bounds(of: piece.path) else { continue }
            bounds = bounds.map { Self.union($0, box) } ?? box
        }
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
        let content = SVGTextContent(element, style: style, viewport: viewport, ids: ids)
        guard !content.characters.isEmpty else { return nil }
        var budget = limits.maxGlyphs - glyphCount
        do {
            let layout = try SVGTextLayout(content, fonts: fonts ?? .standard, glyphBudget: &budget)
            glyphCount = limits.maxGlyphs - budget
            var outline = VectorPath()
            for piece in layout.pieces(content) where content.spans[piece.span].style.visible { outline.elements += piece.path.elements }
            return outline
        } catch {
            throw .limitExceeded(limit: "maxGlyphs", value: limits.maxGlyphs + 1)
        }
    }

    /// The box around the glyphs of a `text` laid out with `style` (for bounding-box units; its glyphs are not counted).
    func textBounds(_ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double)) -> (min: Vector2, max: Vector2)? {
        let content = SVGTextContent(element, style: style, viewport: viewport, ids: ids)
        var budget = limits.maxGlyphs
        guard !content.characters.isEmpty, let layout = try? SVGTextLayout(content, fonts: fonts ?? .standard, glyphBudget: &budget) else { return nil }
        var bounds: (min: Vector2, max: Vector2)?
        for piece in layout.pieces(content) where piece.decoration == nil {
            guard let box = Self.bounds(of: piece.path) else { continue }
            bounds = bounds.map { Self.union($0, box) } ?? box
        }
        return bounds
    }
}
