/// Draws a ``TextImage``: budgets and values checked first, the faces
/// matched, the layout made (shrunk to fit on a grid of quarter points
/// when asked), then shadow, stroke and fill on one canvas.
enum TextRenderer {
    static func render(_ text: TextImage, scale: Double, color: Color) throws(TextImage.Error) -> Bitmap {
        try validate(text, scale: scale)
        // Before the chain: without HarfBuzz the bundled fonts are missing too, which is not `noFonts`.
        try TextLibraries.require()
        let chain = text.fonts.chain(for: text.style)
        guard !chain.isEmpty else { throw .noFonts }
        var budget = text.limits.maxGlyphs
        var layout = try fitted(text, scale: scale, chain: chain, budget: &budget)
        addInkMargins(to: &layout, text: text, scale: scale)
        guard layout.width > 0, layout.height > 0 else { return Bitmap(width: 0, height: 0, scale: scale) }
        guard (try? ImageRenderer.validate(size: Size(width: Double(layout.width) / scale, height: Double(layout.height) / scale), scale: scale)) != nil
        else { throw .tooLarge(width: layout.width, height: layout.height) }
        var canvas = SVGCanvas(width: layout.width, height: layout.height)
        var painter = GlyphPainter(width: layout.width, height: layout.height)
        if let shadow = text.style.shadow { drawShadow(shadow, layout: layout, text: text, scale: scale, on: &canvas) }
        if let stroke = text.style.stroke, stroke.width > 0 {
            painter.draw(layout.glyphs, color: stroke.color, stroke: stroke.width * scale, on: &canvas)
        }
        painter.draw(layout.glyphs, color: color, on: &canvas)
        return Bitmap(trustedWidth: layout.width, height: layout.height, scale: scale, pixels: canvas.pixels)
    }

    private static func validate(_ text: TextImage, scale: Double) throws(TextImage.Error) {
        let units = text.string.utf16.count
        guard units <= text.limits.maxCharacters else { throw .tooLong(count: units, limit: text.limits.maxCharacters) }
        let style = text.style
        func positive(_ name: String, _ value: Double?) throws(TextImage.Error) {
            if let value, !(value.isFinite && value > 0) { throw .invalidValue(name: name, value: value) }
        }
        try positive("scale", scale)
        try positive("size", style.size)
        try positive("width", text.width)
        try positive("height", text.height)
        try positive("minimumSize", text.minimumSize)
        try positive("lineHeight", style.lineHeight)
        try positive("stretch", style.stretch)
        if let maxLines = text.maxLines, maxLines < 1 { throw .invalidValue(name: "maxLines", value: Double(maxLines)) }
        for (name, value) in [("letterSpacing", style.letterSpacing), ("wordSpacing", style.wordSpacing)] where !value.isFinite {
            throw .invalidValue(name: name, value: value)
        }
        guard style.size * scale <= 4096 else { throw .invalidValue(name: "size × scale (at most 4096 px)", value: style.size * scale) }
    }

    /// The layout at the style's size, or — with `minimumSize` and text that
    /// does not fit — the largest quarter-point size down to it that fits (the smallest when none does).
    private static func fitted(_ text: TextImage, scale: Double, chain: [MatchedFace], budget: inout Int) throws(TextImage.Error) -> TextLayout {
        let full = try TextLayout(text, size: text.style.size, scale: scale, chain: chain, glyphBudget: &budget)
        guard let minimum = text.minimumSize, minimum < text.style.size, !full.fits else { return full }
        var low = 0
        var high = Int(((text.style.size - minimum) * 4).rounded(.down))
        var best: TextLayout?
        // Steps above `minimum`, in quarter points: find the largest that fits.
        while low <= high {
            let middle = (low + high) / 2
            let layout = try TextLayout(text, size: minimum + Double(middle) / 4, scale: scale, chain: chain, glyphBudget: &budget)
            if layout.fits {
                best = layout
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if let best { return best }
        return try TextLayout(text, size: minimum, scale: scale, chain: chain, glyphBudget: &budget)
    }

    /// Text without a box grows by what its stroke and shadow draw outside the lines (a box clips them):
    /// the lines stay where they were relative to each other, moved right and down by the left and top margins.
    private static func addInkMargins(to layout: inout TextLayout, text: TextImage, scale: Double) {
        guard layout.width > 0, !layout.glyphs.isEmpty else { return }
        let pad = (text.style.stroke.map { max(0, $0.width) / 2 } ?? 0) * scale
        var low = Vector2(x: -pad, y: -pad)
        var high = Vector2(x: pad, y: pad)
        if let shadow = text.style.shadow, shadow.offset.x.isFinite, shadow.offset.y.isFinite, shadow.blur.isFinite {
            let reach = pad + 3 * max(0, shadow.blur) * scale
            let offset = Vector2(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
            low = Vector2(x: min(low.x, offset.x - reach), y: min(low.y, offset.y - reach))
            high = Vector2(x: max(high.x, offset.x + reach), y: max(high.y, offset.y + reach))
        }
        let left = text.width == nil ? Int((-low.x).rounded(.up)) : 0
        let top = text.height == nil ? Int((-low.y).rounded(.up)) : 0
        if text.width == nil { layout.width += left + Int(high.x.rounded(.up)) }
        if text.height == nil { layout.height += top + Int(high.y.rounded(.up)) }
        for i in layout.glyphs.indices {
            layout.glyphs[i].x += Double(left)
            layout.glyphs[i].y += Double(top)
        }
    }

    private static func drawShadow(_ shadow: TextShadow, layout: TextLayout, text: TextImage, scale: Double, on canvas: inout SVGCanvas) {
        guard shadow.color.alpha > 0, shadow.offset.x.isFinite, shadow.offset.y.isFinite, shadow.blur.isFinite else { return }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        var painter = GlyphPainter(width: canvas.width, height: canvas.height)
        let offset = Vector2(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
        if let stroke = text.style.stroke, stroke.width > 0 {
            painter.draw(layout.glyphs, color: shadow.color, offset: offset, stroke: stroke.width * scale, layered: false, on: &layer)
        }
        painter.draw(layout.glyphs, color: shadow.color, offset: offset, layered: false, on: &layer)
        if shadow.blur > 0 {
            GaussianBlur(sigma: shadow.blur * scale, width: layer.width, height: layer.height).apply(to: &layer.pixels)
        }
        canvas.composite(layer, opacity: 255)
    }
}
