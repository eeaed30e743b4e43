/// A `text` element's characters in document order, each with the style
/// of the element it stands in and the positions SVG gives it: white space
/// handled as `xml:space` says, then the `x`, `y`, `dx`, `dy` and `rotate`
/// lists of `text` and `tspan` handed out to the characters they cover
/// (a descendant's list before its ancestors'), a `textPath`'s characters
/// marked with the path they follow.
struct SVGTextContent {
    /// The computed style of a `text`, `tspan`, `textPath` or `a`, and its font size.
    struct Span {
        var style: SVGStyle
        var fontSize: Double
        /// The span of the element it is in (nil for the `text`).
        var parent: Int? = nil
    }

    struct Character {
        var scalar: UInt32
        var span: Int
        var x: Double?
        var y: Double?
        var dx: Double?
        var dy: Double?
        var rotate: Double?
        /// The `textPath` the character follows (an index into ``paths``).
        var path: Int?
    }

    /// A `textPath`: its outline in the text's user space and where along it the text starts.
    struct Path {
        var path: VectorPath
        /// A length along the path, or a percentage of its length.
        var startOffset: SVGLength
    }

    /// A `tspan`'s or `textPath`'s `textLength`: its characters and the advance they are fitted to.
    struct Length {
        var characters: Range<Int>
        var length: Double
        var stretchesGlyphs: Bool
    }

    var spans: [Span] = []
    var characters: [Character] = []
    var paths: [Path] = []
    /// The `textLength`s of the text's `tspan`s and `textPath`s, in document order.
    var lengths: [Length] = []
    /// The `text` element's `textLength`, in user units, and whether `lengthAdjust` stretches the glyphs too.
    var textLength: Double?
    var stretchesGlyphs = false
    private var lastWasSpace = true
    private let maxCharacters: Int
    private var exceeded = false

    /// Collects `element`'s content with `style` as its own computed style; nil when it has more
    /// than `maxCharacters` characters (what is left of the glyph budget: each draws one or more).
    init?(
        _ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double), ids: [String: SVGElement], maxCharacters: Int
    ) {
        self.maxCharacters = maxCharacters
        collect(element, style: style, viewport: viewport, ids: ids, preserve: element["xml:space"] == "preserve", path: nil, parent: nil)
        guard !exceeded else { return nil }
        if let last = characters.last, last.scalar == 0x20, element["xml:space"] != "preserve" { characters.removeLast() }
        if let (length, stretches) = Self.textLength(of: element, viewport: viewport) {
            textLength = length
            stretchesGlyphs = stretches
        }
    }

    /// An element's `textLength` in user units (when valid, not negative) and whether it stretches the glyphs.
    private static func textLength(of element: SVGElement, viewport: (width: Double, height: Double)) -> (Double, Bool)? {
        guard let text = element["textLength"], let length = SVGLength.parse(text, fontSize: element.fontSize) else { return nil }
        let value = length.resolved(.horizontal, viewport: viewport)
        guard value >= 0, value.isFinite else { return nil }
        return (value, element["lengthAdjust"] == "spacingAndGlyphs")
    }

    private mutating func collect(
        _ element: SVGElement, style: SVGStyle, viewport: (width: Double, height: Double), ids: [String: SVGElement], preserve: Bool,
        path: Int?, parent: Int?
    ) {
        let span = spans.count
        spans.append(Span(style: style, fontSize: element.fontSize, parent: parent))
        let start = characters.count
        var segments = element.segments[...]
        for index in 0...element.children.count {
            while let segment = segments.first, segment.childIndex == index {
                add(segment.text, span: span, preserve: preserve, path: path)
                segments = segments.dropFirst()
            }
            guard index < element.children.count else { break }
            let child = element.children[index]
            guard ["tspan", "a", "textPath", "tref"].contains(child.name), SVGRenderer.passesConditions(child) else { continue }
            let childStyle = SVGStyle.computed(for: child, parent: style, viewport: viewport)
            guard childStyle.display else { continue }
            let keep = child["xml:space"].map { $0 == "preserve" } ?? preserve
            if child.name == "tref" {
                if let href = child["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] {
                    let inner = spans.count
                    spans.append(Span(style: childStyle, fontSize: child.fontSize, parent: span))
                    add(Self.allText(target), span: inner, preserve: keep, path: path)
                }
            } else if child.name == "textPath" {
                guard path == nil, let followed = Self.textPath(child, ids: ids, viewport: viewport) else { continue }
                paths.append(followed)
                let first = characters.count
                collect(child, style: childStyle, viewport: viewport, ids: ids, preserve: keep, path: paths.count - 1, parent: span)
                // A path starts a chunk of its own: it is positioned along the path, not by x.
                if first < characters.count, characters[first].x == nil { characters[first].x = .nan }
                addLength(of: child, from: first, viewport: viewport)
            } else {
                let first = characters.count
                collect(child, style: childStyle, viewport: viewport, ids: ids, preserve: keep, path: path, parent: span)
                addLength(of: child, from: first, viewport: viewport)
            }
        }
        guard element.name != "textPath" else { return }
        assignPositions(of: element, from: start, viewport: viewport)
    }

    private mutating func addLength(of element: SVGElement, from first: Int, viewport: (width: Double, height: Double)) {
        guard first < characters.count, let (length, stretches) = Self.textLength(of: element, viewport: viewport) else { return }
        lengths.append(Length(characters: first..<characters.count, length: length, stretchesGlyphs: stretches))
    }

    /// Characters of `text` appended (white space collapsed unless `preserve`), up to the budget.
    private mutating func add(_ text: String, span: Int, preserve: Bool, path: Int?) {
        for scalar in text.unicodeScalars {
            guard characters.count < maxCharacters else {
                exceeded = true
                return
            }
            var value = scalar.value
            if value == 0x0A || value == 0x0D {
                guard preserve else { continue }
                value = 0x20
            }
            if value == 0x09 { value = 0x20 }
            if value == 0x20, !preserve, lastWasSpace { continue }
            lastWasSpace = value == 0x20
            characters.append(Character(scalar: value, span: span, path: path))
        }
    }

    /// The lists of `element` given to the characters from `start` that no descendant positioned.
    private mutating func assignPositions(of element: SVGElement, from start: Int, viewport: (width: Double, height: Double)) {
        let count = characters.count - start
        guard count > 0 else { return }
        let size = element.fontSize
        func lengths(_ name: String, _ axis: SVGLength.Axis) -> [Double] {
            guard let text = element[name] else { return [] }
            return text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap {
                SVGLength.parse(String($0), fontSize: size)?.resolved(axis, viewport: viewport)
            }
        }
        for (i, value) in lengths("x", .horizontal).prefix(count).enumerated() where characters[start + i].x == nil { characters[start + i].x = value }
        for (i, value) in lengths("y", .vertical).prefix(count).enumerated() where characters[start + i].y == nil { characters[start + i].y = value }
        for (i, value) in lengths("dx", .horizontal).prefix(count).enumerated() where characters[start + i].dx == nil {
            characters[start + i].dx = value
        }
        for (i, value) in lengths("dy", .vertical).prefix(count).enumerated() where characters[start + i].dy == nil {
            characters[start + i].dy = value
        }
        // The last angle of `rotate` holds for the rest of the element's characters.
        let angles = (element["rotate"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).compactMap {
            Double(String($0))
        }
        guard let lastAngle = angles.last else { return }
        for i in 0..<count where characters[start + i].rotate == nil {
            characters[start + i].rotate = i < angles.count ? angles[i] : lastAngle
        }
    }

    /// The outline a `textPath` follows, in the text's user space: its `path`
    /// attribute, or — where that is absent, empty or in error (SVG 2) — the
    /// shape its `href` names.
    private static func textPath(_ element: SVGElement, ids: [String: SVGElement], viewport: (width: Double, height: Double)) -> Path? {
        let shapes = SVGShapes(viewport: viewport)
        var outline: VectorPath?
        if let d = element["path"], case let parsed = SVGPathData.parse(d), parsed.errorOffset == nil, !parsed.path.elements.isEmpty {
            outline = parsed.path
        } else if let href = element["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] {
            outline = shapes.path(for: target)
            if let path = outline, let transform = SVGTransformParser.transform(of: target, viewport: viewport) {
                outline = path.applying(transform)
            }
        }
        guard let outline, !outline.elements.isEmpty else { return nil }
        let offset = element["startOffset"].flatMap { SVGLength.parse($0, fontSize: element.fontSize) } ?? SVGLength(value: 0)
        return Path(path: outline, startOffset: offset)
    }

    /// Every character of `element` and its descendants, in order (what `tref` draws).
    private static func allText(_ element: SVGElement) -> String {
        var result = ""
        var segments = element.segments[...]
        for index in 0...element.children.count {
            while let segment = segments.first, segment.childIndex == index {
                result += segment.text
                segments = segments.dropFirst()
            }
            if index < element.children.count { result += allText(element.children[index]) }
        }
        return result
    }
}
