import Foundation

/// `text`: its content laid out with the document's fonts, each span's
/// glyphs filled and stroked as a path of its own, every span's paint
/// servers sized by the bounding box of the whole text.
extension SVGRenderer {
    mutating func drawText(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard let (content, layout) = try layOut(element, style: state.style, viewport: state.viewport, transform: state.transform) else {
            return
        }
        let pieces = layout.pieces(content, colourLayersApart: true)
        let bounds = Self.glyphBounds(pieces)
        for piece in pieces where !piece.path.elements.isEmpty {
            var inner = state
            inner.style = content.spans[piece.span].style
            inner.style.markers = SVGStyle.Markers()
            inner.style.antialias = inner.style.textAntialias
            if let decoration = piece.decoration {
                inner.style.fill = decoration.fill
                inner.style.fillOpacity = decoration.fillOpacity
                inner.style.stroke = decoration.stroke
                inner.style.strokeOpacity = decoration.strokeOpacity
                inner.style.strokeWidth = decoration.strokeWidth
            }
            try drawShape(piece.path, state: inner, bounds: bounds, on: &canvas)
        }
        for glyph in layout.glyphs where content.spans[content.characters[glyph.character].span].style.visible {
            if glyph.face.metrics.has_color_layers != 0 {
                try drawColorLayers(of: glyph, style: content.spans[content.characters[glyph.character].span].style, state: state, bounds: bounds, on: &canvas)
            }
            if glyph.face.metrics.has_color_bitmaps != 0 { try drawBitmap(of: glyph, state: state, on: &canvas) }
        }
    }

    /// A COLRv0 glyph: each layer's outline filled with its palette colour, or with the span's fill where
    /// the layer asks for the text's colour (palette index 0xFFFF); no stroke.
    private mutating func drawColorLayers(
        of glyph: SVGTextLayout.Glyph, style: SVGStyle, state: State, bounds: (min: Vector2, max: Vector2)?, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        var inner = state
        inner.style = style
        inner.style.markers = SVGStyle.Markers()
        inner.style.antialias = style.textAntialias
        inner.style.stroke = .none
        for layer in glyph.face.colorLayers(glyph.glyph) {
            guard let outline = glyph.face.outline(layer.glyph) else { continue }
            inner.style.fill =
                layer.color.map { .color(SVGColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)) } ?? style.fill
            try drawShape(outline.path(glyph.transform), state: inner, bounds: bounds, on: &canvas)
        }
    }

    /// A colour bitmap glyph (CBDT, sbix): the strike nearest its size on the device, decoded by the package's
    /// PNG decoder, sampled into the glyph's box as an `image` is; nothing when the face has no bitmap for it.
    private mutating func drawBitmap(of glyph: SVGTextLayout.Glyph, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        let toDevice = state.transform.concatenating(glyph.transform)
        let ppem = (toDevice.a * toDevice.a + toDevice.b * toDevice.b).squareRoot() * Double(glyph.face.unitsPerEm)
        guard ppem.isFinite, ppem >= 1, let (png, e) = glyph.face.colorBitmap(glyph.glyph, pixelsPerEm: Int(min(ppem, 4096).rounded())),
            e.2 > 0, e.3 < 0, let strike = try? Bitmap(decoding: Data(png), options: DecodingOptions(maxPixelCount: 1 << 22))
        else { return }
        let box = AffineTransform(
            a: Double(e.2) / Double(strike.width), b: 0, c: 0, d: Double(e.3) / Double(strike.height), e: Double(e.0), f: Double(e.1))
        let placement = toDevice.concatenating(box)
        guard let inverse = placement.inverted else { return }
        let (w, h) = (Double(strike.width), Double(strike.height))
        let corners = [Vector2(x: 0, y: 0), Vector2(x: w, y: 0), Vector2(x: w, y: h), Vector2(x: 0, y: h)].map(placement.apply)
        // Only the glyph's box on the device is visited: a text of many emoji costs their area, not the canvas's per glyph.
        func span(_ values: [Double], _ limit: Int) -> Range<Int> {
            let low = Int(max(0, min(Double(limit), (values.min() ?? 0).rounded(.down))))
            let high = Int(max(0, min(Double(limit), (values.max() ?? 0).rounded(.up))))
            return low..<max(low, high)
        }
        let columns = span(corners.map(\.x), canvas.width)
        let rows = span(corners.map(\.y), canvas.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        var tile = SVGCanvas(width: columns.count, height: rows.count)
        for y in rows {
            for x in columns {
                let p = inverse.apply(Vector2(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard p.x >= 0, p.y >= 0, p.x < w, p.y < h else { continue }
                tile.pixels[((y - rows.lowerBound) * columns.count + x - columns.lowerBound) * 4 + 3] = 255
            }
        }
        let local = AffineTransform.translation(-Double(columns.lowerBound), -Double(rows.lowerBound)).concatenating(placement)
        guard let localInverse = local.inverted else { return }
        tile.sample(strike.pixels, width: strike.width, height: strike.height, inverse: localInverse)
        canvas.composite(tile, atX: columns.lowerBound, y: rows.lowerBound)
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
    /// `transform`: the text's user space to the device, which sets how finely a `textPath` is measured.
    private mutating func layOut(
        _ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double), transform: AffineTransform = .identity
    ) throws(SVGDocument.Error) -> (content: SVGTextContent, layout: SVGTextLayout)? {
        var budget = limits.maxGlyphs - glyphCount
        // The layout knows what was left, not the whole budget: name the budget and the count it would pass.
        let exceeded = SVGDocument.Error.limitExceeded(limit: "maxGlyphs", value: limits.maxGlyphs + 1)
        guard let content = SVGTextContent(element, style: style, viewport: viewport, ids: ids, maxCharacters: budget) else { throw exceeded }
        guard !content.characters.isEmpty else { return nil }
        do {
            let layout = try SVGTextLayout(content, fonts: fonts ?? .standard, glyphBudget: &budget, pathAccuracy: pathAccuracy(transform))
            glyphCount = limits.maxGlyphs - budget
            return (content, layout)
        } catch {
            throw exceeded
        }
    }

    /// How close to the exact arc length a glyph on a `textPath` is placed: half a user unit at the
    /// document's own scale (the text's transforms and the root's viewBox, not the output size), finer
    /// where those enlarge it — resvg's measure, whose placements the conformance references hold.
    private func pathAccuracy(_ transform: AffineTransform) -> Double {
        let (px, py) = documentScale
        guard px > 0, py > 0 else { return 0.5 }
        let sx = ((transform.a / px) * (transform.a / px) + (transform.b / py) * (transform.b / py)).squareRoot()
        let sy = ((transform.c / px) * (transform.c / px) + (transform.d / py) * (transform.d / py)).squareRoot()
        let scale = (sx * sy).squareRoot()
        return 0.5 / (scale.isFinite ? max(scale, 1) : 1)
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
