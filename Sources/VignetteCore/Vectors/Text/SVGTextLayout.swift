/// A `text` element turned into outlines in its user space, as SVG lays
/// text out: the characters split into chunks where an absolute `x` or
/// `y` (or a `textPath`) starts one; each chunk analysed for bidi and
/// shaped with HarfBuzz, one shaping run per font and style, across
/// `tspan` boundaries; `dx`, `dy` and `rotate` applied per character;
/// each chunk moved by its `text-anchor`; baselines set from the faces'
/// metrics. Vertical text (`writing-mode: tb`) runs down its chunks,
/// centred on their x, each character upright or turned a quarter (see
/// `SVGTextLayout+Vertical.swift`). The glyphs of each span become one
/// path, drawn with the span's own fill and stroke.
struct SVGTextLayout {
    /// One glyph placed: its outline's transform from font units to user space.
    struct Glyph {
        var character: Int
        var face: FontFace
        var glyph: UInt32
        var transform: AffineTransform
        /// Font units to user space along the line (the decorations' frame): the transform, unslanted and
        /// turned a quarter in vertical text.
        var line: AffineTransform
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

    /// How a glyph is set: on a horizontal line, or in vertical text upright or turned a quarter clockwise.
    enum Orientation { case horizontal, upright, sideways }

    /// One glyph before its chunk is anchored: position along the chunk, baseline offset (in vertical
    /// text: the pen on the line's centre, the glyph's offset from it in ``offset``).
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
        var orientation = Orientation.horizontal
        /// In vertical text: the outline's origin from the pen (upright: in user space; sideways: along the turned line).
        var offset = Vector2(x: 0, y: 0)
        /// In vertical text: how far the alphabetic baseline of the turned line is from its centre (font's ascent and descent).
        var lineOffset = 0.0
    }

    /// Lays `content` out with `fonts`, spending `glyphBudget`; `pathAccuracy`: how near the exact arc length
    /// (user units) a glyph on a `textPath` is put.
    init(_ content: SVGTextContent, fonts: FontCollection, glyphBudget: inout Int, pathAccuracy: Double = 0.5) throws(SVGDocument.Error) {
        var pen = Vector2(x: 0, y: 0)
        var chains: [TextStyle: [MatchedFace]] = [:]
        let chunks = Self.chunks(content.characters)
        let vertical = content.spans.first?.style.text.vertical ?? false
        // The paragraph's direction is the `text`'s: a `tspan`'s `direction` acts through `unicode-bidi`.
        let direction = content.spans.first?.style.text.direction ?? .leftToRight
        let levels = Self.embedding(content, paragraph: direction == .rightToLeft ? 1 : 0)
        for chunk in chunks {
            let first = content.characters[chunk.lowerBound]
            if let x = first.x, !x.isNaN { pen.x = x }
            if let y = first.y { pen.y = y }
            let onPath = first.path.map { content.paths[$0] }
            let start = onPath == nil ? pen : Vector2(x: 0, y: 0)
            let down = vertical && onPath == nil
            var (pending, end) = try shape(
                chunk, of: content, from: start, vertical: down, levels: levels, fonts: fonts, chains: &chains, budget: &glyphBudget)
            if let length = content.textLength, length >= 0, chunks.count == 1 {
                Self.fit(&pending, end: &end, start: start, to: length, stretchingGlyphs: content.stretchesGlyphs && !down, vertical: down)
            }
            for fitted in content.lengths where chunk.contains(fitted.characters.lowerBound) && fitted.characters.upperBound <= chunk.upperBound {
                Self.fit(
                    &pending, end: &end, characters: fitted.characters, to: fitted.length, stretchingGlyphs: fitted.stretchesGlyphs && !down, vertical: down)
            }
            let length = down ? end.y - start.y : end.x - start.x
            let span = content.spans[first.span].style.text
            let rightToLeft = content.spans[0].style.text.direction == .rightToLeft && !down
            let along: Double
            switch span.anchor {
            case .start: along = rightToLeft ? -length : 0
            case .middle: along = -length / 2
            case .end: along = rightToLeft ? 0 : -length
            }
            let shift = down ? Vector2(x: 0, y: along) : Vector2(x: along, y: 0)
            if let onPath {
                let (placed, last) = Self.alongPath(
                    pending, path: onPath, shift: along, length: length, content: content, accuracy: pathAccuracy)
                glyphs += placed
                if let last { pen = last }
            } else {
                glyphs += pending.map { Self.placed($0, shift: shift, content: content) }
                pen = Vector2(x: end.x + shift.x, y: end.y + shift.y)
            }
        }
    }

    /// Character ranges of one chunk each.
    /// (SVG 2: a position given to a combining mark, not the first character of its cluster, is not applied.)
    private static func chunks(_ characters: [SVGTextContent.Character]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for i in characters.indices.dropFirst()
        where ((characters[i].x != nil || characters[i].y != nil) && !isMark(characters[i].scalar)) || characters[i].path != characters[i - 1].path {
            result.append(start..<i)
            start = i
        }
        if start < characters.count { result.append(start..<characters.count) }
        return result
    }

    /// Whether `scalar` is a combining mark (general category M): it joins the cluster before it.
    static func isMark(_ scalar: UInt32) -> Bool {
        guard let value = Unicode.Scalar(scalar) else { return false }
        switch value.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The chunk's glyphs in visual order with their pen positions from `start`, and where the pen ends
    /// (`vertical`: down the chunk).
    private func shape(
        _ chunk: Range<Int>, of content: SVGTextContent, from start: Vector2, vertical: Bool, levels: [UInt8]?,
        fonts: FontCollection, chains: inout [TextStyle: [MatchedFace]], budget: inout Int
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
        let direction = content.spans[0].style.text.direction
        let language = content.spans[content.characters[chunk.lowerBound].span].style.text.language
        let embedding = levels.map { levels in owner.map { levels[content.characters[$0].span] } }
        guard let analysis = try? TextAnalysis(units, direction: direction, language: language, breakingLines: false, embedding: embedding)
        else {
            return ([], start)
        }
        let groups = Self.groups(chunk, units: owner, content: content, fonts: fonts, chains: &chains)
        let runs = try Self.shapeRuns(groups, analysis: analysis, vertical: vertical, owner: owner, content: content, budget: &budget)
        var pen = start
        var pending: [PendingGlyph] = []
        var previous = -1
        for run in TextLine.visualOrder(runs.shaped) {
            guard let group = runs.group[run.run.range.lowerBound].map({ groups[$0] }) else { continue }
            let matched = group.chain[run.run.face]
            let scale = group.style.size / Double(matched.face.unitsPerEm)
            let upright = runs.upright.contains(run.run.range.lowerBound)
            for glyph in run.glyphs {
                let character = owner[glyph.cluster]
                if character != previous {
                    pen.x += content.characters[character].dx ?? 0
                    pen.y += content.characters[character].dy ?? 0
                    previous = character
                }
                let span = content.spans[content.characters[character].span]
                var placed = PendingGlyph(
                    character: character, matched: matched, glyph: glyph.glyph, x: pen.x + glyph.dx, y: pen.y - glyph.dy, advance: glyph.advance,
                    scale: scale)
                if vertical {
                    Self.setVertical(&placed, glyph: glyph, pen: pen, upright: upright, span: span)
                    pen.y += glyph.advance
                } else {
                    placed.y += Self.baselineOffset(span, face: matched.face, scale: scale)
                    pen.x += glyph.advance
                }
                pending.append(placed)
            }
        }
        return (pending, pen)
    }

    /// The groups' runs shaped (in vertical text, split where characters turn), the group each run is of
    /// and the runs set upright (both by their first UTF-16 offset).
    private static func shapeRuns(
        _ groups: [Group], analysis: TextAnalysis, vertical: Bool, owner: [Int], content: SVGTextContent, budget: inout Int
    ) throws(SVGDocument.Error) -> (shaped: [ShapedRun], group: [Int: Int], upright: Set<Int>) {
        var shaped: [ShapedRun] = []
        var groupOf: [Int: Int] = [:]
        var upright: Set<Int> = []
        for (index, group) in groups.enumerated() where group.style.size > 0 && !group.chain.isEmpty {
            let shaper = TextShaper(style: group.style, chain: group.chain, pixelsPerEm: group.style.size)
            for item in TextItemizer.runs(analysis, in: group.range, chain: group.chain) {
                let pieces = vertical ? oriented(item, analysis: analysis, owner: owner, content: content) : [(item, false)]
                for (run, isUpright) in pieces {
                    do throws(TextImage.Error) {
                        let limit = vertical ? nil : analysis.units.count
                        shaped.append(try shaper.shape(run, in: analysis, vertical: isUpright, kerningInto: limit, glyphBudget: &budget))
                    } catch {
                        throw .limitExceeded(limit: "maxGlyphs", value: budget)
                    }
                    groupOf[run.range.lowerBound] = index
                    if isUpright { upright.insert(run.range.lowerBound) }
                }
            }
        }
        return (shaped, groupOf, upright)
    }

    /// Consecutive characters of one text style, each with its chain of faces (UTF-16 ranges of the chunk).
    private static func groups(
        _ chunk: Range<Int>, units owner: [Int], content: SVGTextContent, fonts: FontCollection, chains: inout [TextStyle: [MatchedFace]]
    ) -> [Group] {
        var groups: [Group] = []
        // As browsers and resvg do, a family the fonts lack (or none named) falls back to the serif generic
        // when the fonts have a serif family; without one, to the default family as before.
        let serif = FontCollection.family(forGeneric: "serif", in: fonts.families).map { _ in "serif" }
        for (unit, character) in owner.enumerated() {
            let span = content.spans[content.characters[character].span]
            let style = Self.textStyle(span, lastResort: serif)
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
    static func textStyle(_ span: SVGTextContent.Span, lastResort: String? = nil) -> TextStyle {
        let text = span.style.text
        var style = TextStyle(
            families: text.families + (lastResort.map { [$0] } ?? []), size: span.fontSize.isFinite ? span.fontSize : 0, weight: FontWeight(text.weight),
            style: text.style,
            stretch: text.stretch, letterSpacing: text.letterSpacing, wordSpacing: text.wordSpacing, features: text.features,
            variations: text.variations, language: text.language, direction: text.direction)
        style.opticalSizing = text.opticalSizing
        return style
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
        return up * scale - shift(span.style.text, face: face)
    }

    /// How far `baseline-shift` raises the glyphs, in user units: its lengths, and `sub` and `super` by the
    /// face's OS/2 offsets for them (CSS's fifth and third of the size when it has none).
    static func shift(_ text: SVGTextStyle, face: FontFace) -> Double {
        guard text.subscripts != 0 || text.superscripts != 0 else { return text.baselineShift }
        let m = face.metrics
        let em = Double(face.unitsPerEm)
        return text.baselineShift + text.superscripts * Double(m.superscript_y_offset) / em - text.subscripts * Double(m.subscript_y_offset) / em
    }
}
