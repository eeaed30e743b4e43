/// Basic shapes as paths, with SVG's rules for missing, negative and
/// automatic values (a shape in error is not drawn).
struct SVGShapes {
    let viewport: (width: Double, height: Double)

    func length(_ element: SVGElement, _ name: String, _ axis: SVGLength.Axis, default value: Double = 0) -> Double {
        guard let text = element[name], let length = SVGLength.parse(text, fontSize: element.fontSize) else { return value }
        return length.resolved(axis, viewport: viewport)
    }

    /// The shape's outline, or nil when it draws nothing (or is not a shape).
    func path(for element: SVGElement) -> VectorPath? {
        switch element.name {
        case "path":
            guard let d = element["d"] else { return nil }
            return SVGPathData.parse(d).path
        case "rect": return rect(element)
        case "circle":
            let r = length(element, "r", .diagonal)
            return ellipse(cx: length(element, "cx", .horizontal), cy: length(element, "cy", .vertical), rx: r, ry: r)
        case "ellipse":
            var rx = element["rx"].flatMap { SVGLength.parse($0, fontSize: element.fontSize) }.map { $0.resolved(.horizontal, viewport: viewport) }
            var ry = element["ry"].flatMap { SVGLength.parse($0, fontSize: element.fontSize) }.map { $0.resolved(.vertical, viewport: viewport) }
            if rx == nil { rx = ry }  // SVG 2: auto takes the other radius.
            if ry == nil { ry = rx }
            return ellipse(
                cx: length(element, "cx", .horizontal), cy: length(element, "cy", .vertical), rx: rx ?? 0, ry: ry ?? 0)
        case "line":
            var path = VectorPath()
            path.move(Vector2(x: length(element, "x1", .horizontal), y: length(element, "y1", .vertical)))
            path.line(Vector2(x: length(element, "x2", .horizontal), y: length(element, "y2", .vertical)))
            return path
        case "polyline", "polygon":
            return poly(element, closed: element.name == "polygon")
        default:
            return nil
        }
    }

    /// A path, line, polyline or polygon with the indices of elements that
    /// continue the segment before them (see `SVGPathData.parseSegments`):
    /// the shapes markers are drawn on. Nil for other shapes.
    func markablePath(for element: SVGElement) -> (path: VectorPath, continuations: Set<Int>)? {
        switch element.name {
        case "path": return element["d"].map(SVGPathData.parseSegments)
        case "line", "polyline", "polygon": return path(for: element).map { ($0, []) }
        default: return nil
        }
    }

    private func rect(_ element: SVGElement) -> VectorPath? {
        let x = length(element, "x", .horizontal)
        let y = length(element, "y", .vertical)
        let w = length(element, "width", .horizontal)
        let h = length(element, "height", .vertical)
        guard w > 0, h > 0 else { return nil }
        var rx = element["rx"].flatMap { SVGLength.parse($0, fontSize: element.fontSize) }.map { $0.resolved(.horizontal, viewport: viewport) }
        var ry = element["ry"].flatMap { SVGLength.parse($0, fontSize: element.fontSize) }.map { $0.resolved(.vertical, viewport: viewport) }
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

    private func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> VectorPath? {
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
    private func poly(_ element: SVGElement, closed: Bool) -> VectorPath? {
        guard let text = element["points"] else { return nil }
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
