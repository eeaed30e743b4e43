/// A basic shape's geometry, parsed once: path data and points in user
/// units, lengths kept as written until the viewport they resolve in is
/// known. SVG's rules for missing, negative and automatic values are
/// applied when the outline is made (a shape in error draws nothing).
enum SVGGeometry: Sendable, Hashable {
    /// `path`, with the indices of elements continuing the segment before them (for markers).
    case path(VectorPath, continuations: Set<Int>)
    /// `polyline` and `polygon`: the points as a path.
    case points(VectorPath)
    case rect(x: SVGLength?, y: SVGLength?, width: SVGLength?, height: SVGLength?, rx: SVGLength?, ry: SVGLength?)
    case circle(cx: SVGLength?, cy: SVGLength?, r: SVGLength?)
    case ellipse(cx: SVGLength?, cy: SVGLength?, rx: SVGLength?, ry: SVGLength?)
    case line(x1: SVGLength?, y1: SVGLength?, x2: SVGLength?, y2: SVGLength?)

    /// The geometry of `element`; nil when it is no shape or has none (a `path` without `d`).
    init?(_ element: SVGElement) {
        func length(_ name: String) -> SVGLength? { element[name].flatMap { SVGLength.parse($0, fontSize: element.fontSize) } }
        switch element.name {
        case "path":
            guard let d = element["d"] else { return nil }
            let parsed = SVGPathData.parseSegments(d)
            self = .path(parsed.path, continuations: parsed.continuations)
        case "polyline", "polygon":
            guard let path = Self.poly(element["points"], closed: element.name == "polygon") else { return nil }
            self = .points(path)
        case "rect":
            self = .rect(x: length("x"), y: length("y"), width: length("width"), height: length("height"), rx: length("rx"), ry: length("ry"))
        case "circle": self = .circle(cx: length("cx"), cy: length("cy"), r: length("r"))
        case "ellipse": self = .ellipse(cx: length("cx"), cy: length("cy"), rx: length("rx"), ry: length("ry"))
        case "line": self = .line(x1: length("x1"), y1: length("y1"), x2: length("x2"), y2: length("y2"))
        default: return nil
        }
    }

    /// Whether markers are drawn on it: paths, lines, polylines and polygons.
    var isMarkable: Bool {
        switch self {
        case .path, .points, .line: return true
        default: return false
        }
    }

    /// The indices of path elements continuing the segment before them (empty but for `path`).
    var continuations: Set<Int> {
        if case .path(_, let continuations) = self { return continuations }
        return []
    }

    /// The outline in `viewport`, or nil when it draws nothing.
    func path(in viewport: (width: Double, height: Double)) -> VectorPath? {
        func v(_ length: SVGLength?, _ axis: SVGLength.Axis) -> Double { length?.resolved(axis, viewport: viewport) ?? 0 }
        switch self {
        case .path(let path, _), .points(let path): return path
        case .rect(let x, let y, let width, let height, let rx, let ry):
            let radii = (rx.map { $0.resolved(.horizontal, viewport: viewport) }, ry.map { $0.resolved(.vertical, viewport: viewport) })
            return Self.rect(x: v(x, .horizontal), y: v(y, .vertical), w: v(width, .horizontal), h: v(height, .vertical), radii: radii)
        case .circle(let cx, let cy, let r):
            let radius = v(r, .diagonal)
            return Self.ellipse(cx: v(cx, .horizontal), cy: v(cy, .vertical), rx: radius, ry: radius)
        case .ellipse(let cx, let cy, let rx, let ry):
            var radiusX = rx.map { $0.resolved(.horizontal, viewport: viewport) }
            var radiusY = ry.map { $0.resolved(.vertical, viewport: viewport) }
            if radiusX == nil { radiusX = radiusY }  // SVG 2: auto takes the other radius.
            if radiusY == nil { radiusY = radiusX }
            return Self.ellipse(cx: v(cx, .horizontal), cy: v(cy, .vertical), rx: radiusX ?? 0, ry: radiusY ?? 0)
        case .line(let x1, let y1, let x2, let y2):
            var path = VectorPath()
            path.move(Vector2(x: v(x1, .horizontal), y: v(y1, .vertical)))
            path.line(Vector2(x: v(x2, .horizontal), y: v(y2, .vertical)))
            return path
        }
    }

    private static func rect(x: Double, y: Double, w: Double, h: Double, radii: (Double?, Double?)) -> VectorPath? {
        guard w > 0, h > 0 else { return nil }
        var (rx, ry) = radii
        if let value = rx, value < 0 { rx = nil }
        if let value = ry, value < 0 { ry = nil }
        let radiusX = min(rx ?? ry ?? 0, w / 2)
        let radiusY = min(ry ?? rx ?? 0, h / 2)
        var path = VectorPath()
        guard radiusX > 0, radiusY > 0 else {
            path.move(Vector2(x: x, y: y))
            path.line(Vector2(x: x + w, y: y))
            path.line(Vector2(x: x + w, y: y + h))
            path.line(Vector2(x: x, y: y + h))
            path.close()
            return path
        }
        let k = 0.5522847498307936  // 4/3·(√2 − 1): a quarter circle as one cubic.
        let (kx, ky) = (radiusX * k, radiusY * k)
        path.move(Vector2(x: x + radiusX, y: y))
        path.line(Vector2(x: x + w - radiusX, y: y))
        path.elements.append(.cubic(Vector2(x: x + w - radiusX + kx, y: y), Vector2(x: x + w, y: y + radiusY - ky), Vector2(x: x + w, y: y + radiusY)))
        path.line(Vector2(x: x + w, y: y + h - radiusY))
        path.elements.append(
            .cubic(Vector2(x: x + w, y: y + h - radiusY + ky), Vector2(x: x + w - radiusX + kx, y: y + h), Vector2(x: x + w - radiusX, y: y + h)))
        path.line(Vector2(x: x + radiusX, y: y + h))
        path.elements.append(.cubic(Vector2(x: x + radiusX - kx, y: y + h), Vector2(x: x, y: y + h - radiusY + ky), Vector2(x: x, y: y + h - radiusY)))
        path.line(Vector2(x: x, y: y + radiusY))
        path.elements.append(.cubic(Vector2(x: x, y: y + radiusY - ky), Vector2(x: x + radiusX - kx, y: y), Vector2(x: x + radiusX, y: y)))
        path.close()
        return path
    }

    private static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> VectorPath? {
        guard rx > 0, ry > 0 else { return nil }
        let k = 0.5522847498307936
        let (kx, ky) = (rx * k, ry * k)
        var path = VectorPath()
        path.move(Vector2(x: cx + rx, y: cy))
        path.elements.append(.cubic(Vector2(x: cx + rx, y: cy + ky), Vector2(x: cx + kx, y: cy + ry), Vector2(x: cx, y: cy + ry)))
        path.elements.append(.cubic(Vector2(x: cx - kx, y: cy + ry), Vector2(x: cx - rx, y: cy + ky), Vector2(x: cx - rx, y: cy)))
        path.elements.append(.cubic(Vector2(x: cx - rx, y: cy - ky), Vector2(x: cx - kx, y: cy - ry), Vector2(x: cx, y: cy - ry)))
        path.elements.append(.cubic(Vector2(x: cx + kx, y: cy - ry), Vector2(x: cx + rx, y: cy - ky), Vector2(x: cx + rx, y: cy)))
        path.close()
        return path
    }

    /// `points` up to the first error; an odd number drops the last.
    private static func poly(_ text: String?, closed: Bool) -> VectorPath? {
        guard let text else { return nil }
        var scanner = NumberScanner(text)
        scanner.skipSpace()
        var values: [Double] = []
        while let value = scanner.listNumber() { values.append(value) }
        guard values.count >= 4 else { return nil }
        var path = VectorPath()
        path.move(Vector2(x: values[0], y: values[1]))
        for i in stride(from: 2, to: values.count - 1, by: 2) { path.line(Vector2(x: values[i], y: values[i + 1])) }
        if closed { path.close() }
        return path
    }
}
