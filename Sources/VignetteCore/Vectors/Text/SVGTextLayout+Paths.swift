/// Placing glyphs (on a line or along a `textPath`) and turning them into
/// outlines: one path per span, and the decoration lines in the paint of
/// the element that declared them.
extension SVGTextLayout {
    /// The outline of one span's glyphs, or of one decoration's lines, in user space.
    struct Piece {
        var span: Int
        var path: VectorPath
        /// Set for a decoration: the paint of the element that declared it.
        var decoration: SVGTextStyle.DecorationPaint?
    }

    /// The glyph's outline transform: at (x, y) moved by the chunk's anchor `shift`, rotated by the
    /// character's `rotate`, slanted for a synthetic italic; in vertical text from the pen on the line,
    /// turned a quarter unless upright.
    static func placed(_ pending: PendingGlyph, shift: Vector2, content: SVGTextContent) -> Glyph {
        let rotate = content.characters[pending.character].rotate ?? 0
        let origin = AffineTransform.translation(pending.x + shift.x, pending.y + shift.y)
        guard pending.orientation != .horizontal else {
            return glyph(pending, rotate == 0 ? origin : origin.concatenating(.rotation(degrees: rotate)))
        }
        let turn = pending.orientation == .sideways ? 90 + rotate : rotate
        let placement = origin.concatenating(.rotation(degrees: turn)).concatenating(.translation(pending.offset.x, pending.offset.y))
        let line = origin.concatenating(.rotation(degrees: 90)).concatenating(.translation(0, pending.lineOffset))
        return glyph(pending, placement, line: line)
    }

    /// Glyphs along `path`: each one's middle at its distance along it (from the start offset,
    /// moved by the anchor), turned to the path's direction there, `rotate` about its start; those off
    /// either end are not drawn. Also where text after the path continues: one advance to the right
    /// of the last drawn glyph's middle on the path (resvg's pen; SVG leaves it open), else the point
    /// `length` along the path.
    static func alongPath(
        _ pending: [PendingGlyph], path: SVGTextContent.Path, shift: Double, length: Double, content: SVGTextContent,
        accuracy: Double
    ) -> ([Glyph], Vector2?) {
        let walker = PathWalker(path.path, accuracy: accuracy)
        let offset = path.startOffset.isPercentage ? path.startOffset.value / 100 * walker.length : path.startOffset.value
        var end = walker.point(at: min(max(offset + shift + length, 0), walker.length))?.point
        var result: [Glyph] = []
        for glyph in pending {
            let middle = offset + shift + glyph.x + glyph.advance / 2
            guard middle >= 0, middle <= walker.length, let (point, direction) = walker.point(at: middle) else { continue }
            end = Vector2(x: point.x + glyph.advance, y: point.y)
            let rotate = content.characters[glyph.character].rotate ?? 0
            let along = AffineTransform(a: direction.x, b: direction.y, c: -direction.y, d: direction.x, e: point.x, f: point.y)
            let transform = along.concatenating(.translation(-glyph.advance / 2, glyph.y)).concatenating(.rotation(degrees: rotate))
            result.append(Self.glyph(glyph, transform))
        }
        return (result, end)
    }

    /// The glyph at `placement` (font units scaled, y flipped, slanted and stretched); its decorations along
    /// `line` (the placement when nil).
    private static func glyph(_ pending: PendingGlyph, _ placement: AffineTransform, line: AffineTransform? = nil) -> Glyph {
        let k = pending.scale
        let slant = pending.matched.syntheticSlant
        let (sine, cosine) = AffineTransform.sineCosine(degrees: slant)
        let shear = slant == 0 || cosine == 0 ? 0 : sine / cosine
        let toUser = placement.concatenating(AffineTransform(a: k * pending.stretch, b: 0, c: k * shear * pending.stretch, d: -k, e: 0, f: 0))
        let alongLine = line.map { $0.concatenating(AffineTransform(a: k, b: 0, c: 0, d: -k, e: 0, f: 0)) } ?? toUser
        return Glyph(
            character: pending.character, face: pending.matched.face, glyph: pending.glyph, transform: toUser, line: alongLine,
            advance: pending.advance, embolden: pending.matched.syntheticBold)
    }

    /// The glyphs' outlines, one piece per span in the order spans first draw, decorations under
    /// (underline, overline) or over (line-through) them; `colourLayersApart`: COLR glyphs left out (drawn by their layers).
    func pieces(_ content: SVGTextContent, colourLayersApart: Bool = false) -> [Piece] {
        var order: [Int] = []
        var paths: [Int: VectorPath] = [:]
        var under: [(SVGTextStyle.DecorationPaint, VectorPath)] = []
        var over: [(SVGTextStyle.DecorationPaint, VectorPath)] = []
        for glyph in glyphs {
            let span = content.characters[glyph.character].span
            if paths[span] == nil { order.append(span) }
            // In place: a copy taken out of the dictionary and put back would copy the whole path per glyph.
            // A COLR glyph is drawn as its colour layers (SVGRenderer.drawColorLayers), not as its own outline.
            let layered = colourLayersApart && glyph.face.metrics.has_color_layers != 0 && !glyph.face.colorLayers(glyph.glyph).isEmpty
            if !layered, let outline = glyph.face.outline(glyph.glyph) {
                paths[span, default: VectorPath()].elements += outline.path(glyph.transform).elements
                if glyph.embolden { paths[span, default: VectorPath()].elements += Self.emboldened(outline, glyph).elements }
            }
            for decoration in content.spans[span].style.text.decorations {
                let line = Self.decorationLine(decoration.kind, glyph)
                if decoration.kind == .lineThrough {
                    Self.add(line, for: decoration, to: &over)
                } else {
                    Self.add(line, for: decoration, to: &under)
                }
            }
        }
        let spanOfDecoration = order.first ?? 0
        return under.map { Piece(span: spanOfDecoration, path: $0.1, decoration: $0.0) }
            + order.map { Piece(span: $0, path: paths[$0] ?? VectorPath(), decoration: nil) }
            + over.map { Piece(span: spanOfDecoration, path: $0.1, decoration: $0.0) }
    }

    private static func add(
        _ line: VectorPath, for decoration: SVGTextStyle.DecorationPaint, to list: inout [(SVGTextStyle.DecorationPaint, VectorPath)]
    ) {
        if let index = list.firstIndex(where: { $0.0 == decoration }) {
            list[index].1.elements += line.elements
        } else {
            list.append((decoration, line))
        }
    }

    /// The rectangle under, over or through one glyph's advance, from the face's metrics (font units, y up).
    private static func decorationLine(_ kind: SVGTextStyle.Decoration, _ glyph: Glyph) -> VectorPath {
        let m = glyph.face.metrics
        let upem = Double(glyph.face.unitsPerEm)
        let thickness = Double(m.underline_thickness > 0 ? m.underline_thickness : Int32(upem / 14))
        let center: Double
        switch kind {
        case .underline: center = Double(m.underline_position != 0 ? m.underline_position : Int32(-upem / 10))
        // Centred on the ascent line, as resvg draws it (CSS leaves the position to the UA).
        case .overline: center = Double(m.ascender)
        case .lineThrough:
            let strike = m.strikeout_position != 0 ? Double(m.strikeout_position) : Double(m.x_height > 0 ? m.x_height : Int32(upem / 2)) / 2
            center = strike - (m.strikeout_thickness > 0 ? Double(m.strikeout_thickness) : thickness) / 2 + thickness / 2
        }
        // The advance is in user units; the line transform scales font units, so the rectangle is drawn in font units.
        let k =
            glyph.line.a == 0 && glyph.line.b == 0 ? 1 : (glyph.line.a * glyph.line.a + glyph.line.b * glyph.line.b).squareRoot()
        let width = glyph.advance / k
        var path = VectorPath()
        path.move(glyph.line.apply(Vector2(x: 0, y: center - thickness / 2)))
        path.line(glyph.line.apply(Vector2(x: width, y: center - thickness / 2)))
        path.line(glyph.line.apply(Vector2(x: width, y: center + thickness / 2)))
        path.line(glyph.line.apply(Vector2(x: 0, y: center + thickness / 2)))
        path.close()
        return path
    }

    /// Synthetic bold: the outline's stroke of 1/24 em, added to the fill (non-zero) as browsers embolden.
    private static func emboldened(_ outline: GlyphOutline, _ glyph: Glyph) -> VectorPath {
        var style = SVGStyle()
        style.strokeWidth = Double(glyph.face.unitsPerEm) / 24
        style.lineJoin = .round
        guard let stroke = SVGStroker(style: style, transform: .identity).outline(outline.path(.identity), maxDashes: 0) else {
            return VectorPath()
        }
        return stroke.applying(glyph.transform)
    }
}
