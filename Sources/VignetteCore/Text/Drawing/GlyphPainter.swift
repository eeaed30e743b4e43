/// Glyph outlines through the package's one coverage rasterizer: each
/// glyph's unhinted outline scaled to pixels (slanted where an italic is
/// synthesised), flattened within the device tolerance, every glyph of a
/// colour in one non-zero fill, composited source-over on the canvas.
/// A stroke is the outlines' stroke outline (round joins), filled the same
/// way; a COLRv0 glyph fills its layers in their palette colours.
struct GlyphPainter {
    let width: Int
    let height: Int
    private var raster: CoverageRaster
    private var row: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        raster = CoverageRaster(width: width, height: height)
        row = [UInt8](repeating: 0, count: width + 2)
    }

    /// Fills `glyphs` moved by `offset` pixels in `color`; with `stroke`, their outlines' stroke of that width in pixels instead.
    mutating func draw(
        _ glyphs: [PlacedGlyph], color: Color, offset: Vector2 = Vector2(x: 0, y: 0), stroke: Double? = nil, layered: Bool = true,
        on canvas: inout SVGCanvas
    ) {
        raster.reset()
        for glyph in glyphs {
            if layered, stroke == nil, glyph.face.metrics.has_color_bitmaps != 0 {
                flush(color, on: &canvas)
                if Self.drawBitmap(glyph, offset: offset, on: &canvas) { continue }
            }
            let layers = layered && stroke == nil ? glyph.face.colorLayers(glyph.glyph) : []
            if layers.isEmpty {
                add(glyph, outlineOf: glyph.glyph, offset: offset, stroke: stroke)
                continue
            }
            // A colour glyph: its layers in order, each in its own colour, over what is drawn so far.
            flush(color, on: &canvas)
            for layer in layers {
                add(glyph, outlineOf: layer.glyph, offset: offset, stroke: nil)
                flush(layer.color ?? color, on: &canvas)
            }
        }
        flush(color, on: &canvas)
        // Synthetic bold: the outline widened by a stroke of 1/24 em (as browsers embolden), in a pass
        // of its own, since a stroke's winding may cancel its fill's under the non-zero rule.
        guard stroke == nil else { return }
        for glyph in glyphs where glyph.embolden {
            add(glyph, outlineOf: glyph.glyph, offset: offset, stroke: Double(glyph.face.unitsPerEm) * glyph.pixelsPerUnit / 24)
        }
        flush(color, on: &canvas)
    }

    private mutating func add(_ glyph: PlacedGlyph, outlineOf id: UInt32, offset: Vector2, stroke: Double?) {
        guard let outline = glyph.face.outline(id) else { return }
        let k = glyph.pixelsPerUnit
        let (sine, cosine) = AffineTransform.sineCosine(degrees: glyph.slant)
        let shear = glyph.slant == 0 || cosine == 0 ? 0 : sine / cosine
        let transform = AffineTransform(a: k, b: 0, c: k * shear, d: -k, e: glyph.x + offset.x, f: glyph.y + offset.y)
        let path = outline.path(transform)
        guard var width = stroke else {
            addPolylines(path)
            return
        }
        if glyph.embolden { width += Double(glyph.face.unitsPerEm) * k / 24 }
        var style = SVGStyle()
        style.strokeWidth = width
        style.lineJoin = .round
        if width > 0, let outlined = SVGStroker(style: style, transform: .identity).outline(path, maxDashes: 0) {
            addPolylines(outlined)
        }
    }

    private mutating func addPolylines(_ path: VectorPath) {
        for polyline in PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(path) {
            guard var previous = polyline.points.first else { continue }
            let first = previous
            for point in polyline.points.dropFirst() {
                raster.addLine(previous, point)
                previous = point
            }
            raster.addLine(previous, first)
        }
    }

    private mutating func flush(_ color: Color, on canvas: inout SVGCanvas) {
        defer { raster.reset() }
        guard let rows = raster.rowRange, color.alpha > 0 else { return }
        let p = color.premultiplied
        let premultiplied = (p.red, p.green, p.blue, p.alpha)
        for y in rows where y < canvas.height {
            guard let swept = raster.sweep(row: y, rule: .nonZero, into: &row) else { continue }
            canvas.blend(row: y, columns: swept.clamped(to: 0..<canvas.width), coverage: row, color: premultiplied)
        }
    }
}
