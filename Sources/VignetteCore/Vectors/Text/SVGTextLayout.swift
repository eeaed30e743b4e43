/// A `text` element turned into outlines in its user space, as SVG lays
/// text out: the characters split into chunks where an absolute `x` or
/// `y` (or a `textPath`) starts one; each chunk analysed for bidi and
/// shaped with HarfBuzz, one shaping run per font and style, across
/// `tspan` boundaries; `dx`, `dy` and `rotate` applied per character;
/// each chunk moved by its `text-anchor`; baselines set from the faces'
/// metrics. The glyphs of each span become one path, drawn with the
/// span's own fill and stroke.
struct SVGTextLayout {
    /// One glyph placed: its outline's transform from font units to user space.
    struct Glyph {
        var character: Int
        var face: FontFace
        var glyph: UInt32
        var transform: AffineTransform
        var advance: Double
        var embolden: Bool
    }

    var glyphs: [Glyph] = []

    /// A shaping group: consecutive characters drawn with one font style.
    private struct Group {
        var range: Range<Int>
        var style: TextStyle
        var chain: [MatchedFace]
    }

    /// One glyph before its chunk is anchored: position along the chunk, baseline offset.
    struct PendingGlyph {
        var character: Int
        var matched: MatchedFace
        var glyph: UInt32
        var x: Double
        var y: Double
        var advance: Double
        var scale: Double
        /// Horizontal scale of the outline (`lengthAdjust="spacingAndGlyphs"`).
        var stretch = 1.0
    }

    /// Lays `content` out with `fonts`, spending `glyphBudget`.
    init(_ content: SVGTextContent, fonts: FontCollection, glyphBudget: inout Int) throws(SVGDocument.Error) {
        var pen = Vector2(x: 0, y: 0)
        var chains: [TextStyle: [MatchedFace]] = [:]
        let chunks = Self.chunks(content.characters)
        for chunk in chunks {
            let first = content.characters[chunk.lowerBound]
            if let x = first.x, !x.isNaN { pen.x = x }
            if let y = first.y { pen.y = y }
            let onPath = first.path.map { content.paths[$0] }
            let start = onPath == nil ? pen : Vector2(x: 0, y: 0)
            var (pending, end) = try shape(chunk, of: content, from: start, fonts: fonts, chains: &chains, budget: &glyphBudget)
            if let length = content.textLength, length >= 0, chunks.count == 1 {
                Self.fit(&pending, end: &end, start: start, to: length, stretchingGlyphs: content.stretchesGlyphs)
            }
            let width = end.x - start.x
            let span = content.spans[first.span].style.text
            let rightToLeft = span.direction == .rightToLeft
            let shift: Double
            switch span.anchor {
            case .start: shift = rightToLeft ? -width : 0
            case .middle: shift = -width / 2
            case .end: shift = rightToLeft ? 0 : -width
            }
            if let onPath {
                glyphs += Self.alongPath(pending, path: onPath, shift: shift, content: content)
            } else {
                glyphs += pending.map { Self.placed($0, dx: shift, content: content) }
                pen = Vector2(x: end.x + shift, y: end.y)
            }
        }
    }

    /// `textLength`: the chunk spread (extra space after each character but the last) or stretched to `length`.
    private static func fit(_ pending: inout [PendingGlyph], end: inout Vector2, start: Vector2, to length: Double, stretchingGlyphs: Bool) {
        let natural = end.x - start.x
        guard !pending.isEmpty, natural.isFinite else { return }
        if stretchingGlyphs {
            guard natural > 0 else { return }
            let ratio = length / natural
            for i in pending.indices {
                pending[i].x = start.x + (pending[i].x - start.x) * ratio
                pending[i].advance *= ratio
                pending[i].stretch = ratio
            }
            end.x = start.x + length
            return
        }
        var order: [Int: Int] = [:]
        for glyph in pending where order[glyph.character] == nil { order[glyph.character] = order.count }
        guard order.count > 1 else { return }
        let extra = (length - natural) / Double(order.count - 1)
        for i in pending.indices { pending[i].x += extra * Double(order[pending[i].character] ?? 0) }
        end.x += extra * Double(order.count - 1)
    }

    /// Character ranges of one chunk each.
    private static func chunks(_ characters: [SVGTextContent.Character]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for i in characters.indices.dropFirst()
        where characters[i].x != nil || characters[i].y != nil || characters[i].path != characters[i - 1].path {
            result.append(start..<i)
            start = i
        }
        if start < characters.count { result.append(start..<characters.count) }
        return result
    }

    /// The chunk's glyphs in visual order with their pen positions from `start`, and where the pen ends.
    private func shape(
        _ chunk: Range<Int>, of content: SVGTextContent, from start: Vector2, fonts: FontCollection,
        chains: inout [TextStyle: [MatchedFace]], budget: inout Int
    ) throws(SVGDocument.Error) -> ([PendingGlyph], Vector2) {
        var units: [UInt16] = []
        var owner: [Int] = []
        for i in chunk {
            let scalar = Unicode.Scalar(content.characters[i].scalar) ?? "\u{FFFD}"
            for unit in String(Character(scalar)).utf16 {
                units.append(unit)
                owner.append(i)
            }
        }
        let base = content.spans[content.characters[chunk.lowerBound].span]
        guard let analysis = try? TextAnalysis(units, direction: base.style.text.direction, language: base.style.text.language) else {
            return ([], start)
        }
        let groups = Self.groups(chunk, units: owner, content: content, fonts: fonts, chains: &chains)
        var shaped: [ShapedRun] = []
        var groupOf: [Int: Int] = [:]
        for (index, group) in groups.enumerated() where group.style.size > 0 && !group.chain.isEmpty {
            let shaper = TextShaper(style: group.style, chain: group.chain, pixelsPerEm: group.style.size)
            for run in TextItemizer.runs(analysis, in: group.range, chain: group.chain) {
                do throws(TextImage.Error) {
                    shaped.append(try shaper.shape(run, in: analysis, glyphBudget: &budget))
                } catch {
                    throw .limitExceeded(limit: "maxGlyphs", value: budget)
                }
                groupOf[run.range.lowerBound] = index
            }
        }
        var pen = start
        var pending: [PendingGlyph] = []
        var previous = -1
        for run in TextLine.visualOrder(shaped) {
            guard let group = groupOf[run.run.range.lowerBound].map({ groups[$0] }) else { continue }
            let matched = group.chain[run.run.face]
            let scale = group.style.size / Double(matched.face.unitsPerEm)
            for glyph in run.glyphs {
                let character = owner[glyph.cluster]
                if character != previous {
                    pen.x += content.characters[character].dx ?? 0
                    pen.y += content.characters[character].dy ?? 0
                    previous = character
                }
                let offset = Self.baselineOffset(content.spans[content.characters[character].span], face: matched.face, scale: scale)
                pending.append(
                    PendingGlyph(
                        character: character, matched: matched, glyph: glyph.glyph, x: pen.x + glyph.dx, y: pen.y - glyph.dy + offset,
                        advance: glyph.advance, scale: scale))
                pen.x += glyph.advance
            }
        }
        return (pending, pen)
    }

    /// Consecutive characters of one text style, each with its chain of faces (UTF-16 ranges of the chunk).
    private static func groups(
        _ chunk: Range<Int>, units owner: [Int], content: SVGTextContent, fonts: FontCollection, chains: inout [TextStyle: [MatchedFace]]
    ) -> [Group] {
        var groups: [Group] = []
        for (unit, character) in owner.enumerated() {
            let span = content.spans[content.characters[character].span]
            let style = Self.textStyle(span)
            if let last = groups.last, last.style == style, last.range.upperBound == unit {
                groups[groups.count - 1].range = last.range.lowerBound..<unit + 1
                continue
            }
            let chain = chains[style] ?? fonts.chain(for: style)
            chains[style] = chain
            groups.append(Group(range: unit..<unit + 1, style: style, chain: chain))
        }
        return groups
    }

    /// The text engine's style for a span: its font, size in user units, spacing and features.
    static func textStyle(_ span: SVGTextContent.Span) -> TextStyle {
        let text = span.style.text
        return TextStyle(
            families: text.families, size: span.fontSize.isFinite ? span.fontSize : 0, weight: FontWeight(text.weight), style: text.style,
            stretch: text.stretch, letterSpacing: text.letterSpacing, wordSpacing: text.wordSpacing, features: text.features,
            variations: text.variations, language: text.language, direction: text.direction)
    }

    /// How far below the alphabetic baseline the glyphs' baseline sits for the span's
    /// `alignment-baseline` (else `dominant-baseline`) and `baseline-shift`, in user units (y down).
    static func baselineOffset(_ span: SVGTextContent.Span, face: FontFace, scale: Double) -> Double {
        let m = face.metrics
        let up: Double
        switch span.style.text.alignmentBaseline ?? span.style.text.dominantBaseline {
        case .alphabetic: up = 0
        case .middle: up = Double(m.x_height > 0 ? m.x_height : m.ascender / 2) / 2
        case .central: up = Double(m.ascender + m.descender) / 2
        case .hanging: up = Double(m.ascender) * 0.8
        case .mathematical: up = Double(m.ascender) / 2
        case .textBeforeEdge: up = Double(m.ascender)
        case .textAfterEdge, .ideographic: up = Double(m.descender)
        }
        return up * scale - span.style.text.baselineShift
    }
}
