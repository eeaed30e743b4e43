/// `marker-start`, `marker-mid` and `marker-end` on paths, lines, polylines
/// and polygons: the marker's content drawn at each vertex, turned by
/// `orient`, scaled by the stroke width (or not), clipped to its viewport.
extension SVGRenderer {
    mutating func drawMarkers(
        on path: VectorPath, continuations: Set<Int>, state: State, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let markers = state.style.markers
        guard state.style.visible, !markers.isEmpty else { return }
        let vertices = MarkerVertices.vertices(of: path, continuations: continuations)
        guard vertices.count > 1 else { return }
        try planMarkers(markers, vertices: vertices.count)
        // The content's `context-fill` and `context-stroke` are the shape's fill and stroke.
        var shape = state
        shape.contextPaint = Self.contextPaint(of: state) { Self.bounds(of: path) }
        for index in vertices.indices {
            let last = index == vertices.count - 1
            guard let id = index == 0 ? markers.start : (last ? markers.end : markers.mid) else { continue }
            try drawMarker(id, at: vertices[index].point, start: index == 0, state: shape, on: &canvas) {
                MarkerVertices.direction(at: index, of: vertices)
            }
        }
    }

    /// One marker instance; `direction` is only worked out for `orient="auto"`.
    private mutating func drawMarker(
        _ id: String, at point: Vector2, start: Bool, state: State, on canvas: inout SVGCanvas, direction: () -> Vector2
    ) throws(SVGDocument.Error) {
        guard let node = nodes[id], node.element.name == "marker", !markerStack.contains(id) else { return }
        let marker = node.element
        renderedElements += 1
        guard renderedElements <= limits.maxRenderedElements else {
            throw .limitExceeded(limit: "maxRenderedElements", value: renderedElements)
        }
        let shapes = SVGShapes(viewport: state.viewport)
        let size = (shapes.length(marker, "markerWidth", .horizontal, default: 3), shapes.length(marker, "markerHeight", .vertical, default: 3))
        let scale = marker["markerUnits"] == "userSpaceOnUse" ? 1 : state.style.strokeWidth
        guard size.0 > 0, size.1 > 0, scale > 0, scale.isFinite else { return }
        var placed = state.transform.concatenating(.translation(point.x, point.y))
        switch Self.orientation(marker) {
        case .angle(let degrees): placed = placed.concatenating(.rotation(degrees: degrees))
        case .auto(let reverseAtStart):
            let d = reverseAtStart && start ? -direction() : direction()
            placed = placed.concatenating(AffineTransform(a: d.x, b: d.y, c: -d.y, d: d.x))
        }
        placed = placed.concatenating(.scale(scale, scale))
        let box = SVGViewport.viewBox(marker["viewBox"])
        let fit = box.map { SVGViewport.parse(marker["preserveAspectRatio"]).transform(box: $0, width: size.0, height: size.1) } ?? .identity
        let reference = fit.apply(Vector2(x: shapes.length(marker, "refX", .horizontal), y: shapes.length(marker, "refY", .vertical)))
        var inner = state
        inner.transform = placed.concatenating(.translation(-reference.x, -reference.y)).concatenating(fit)
        inner.viewport = box.map { ($0.width, $0.height) } ?? size
        inner.style = referencedStyle(node, id: id, viewport: state.viewport)
        inner.depth += 1
        markerStack.append(id)
        defer { markerStack.removeLast() }
        if node.overflowVisible {
            for child in node.children { try draw(child, state: inner, on: &canvas) }
        } else {
            let clip = box ?? (0, 0, size.0, size.1)
            try drawClipped(node.children, to: clip, in: inner.transform, state: inner, on: &canvas)
        }
    }

    /// Refuses, before drawing any, markers whose instances and content would pass `maxRenderedElements`.
    private func planMarkers(_ markers: SVGStyle.Markers, vertices: Int) throws(SVGDocument.Error) {
        func cost(_ id: String?) -> Int {
            guard let id, let marker = nodes[id], marker.element.name == "marker" else { return 0 }
            var count = 0
            marker.forEachDescendant { _ in count += 1 }
            return count
        }
        let (start, end) = (cost(markers.start), cost(markers.end))
        let mid = cost(markers.mid).multipliedReportingOverflow(by: vertices - 2)
        let planned = renderedElements.addingClamped(start).addingClamped(end).addingClamped(mid.overflow ? .max : mid.partialValue)
        guard planned <= limits.maxRenderedElements else { throw .limitExceeded(limit: "maxRenderedElements", value: planned) }
    }

    enum MarkerOrientation: Equatable {
        case angle(Double)
        case auto(reverseAtStart: Bool)
    }

    /// `orient`: `auto`, `auto-start-reverse`, or an angle in deg (the default unit), rad, grad or turn.
    static func orientation(_ marker: SVGElement) -> MarkerOrientation {
        guard let text = marker["orient"] else { return .angle(0) }
        if text == "auto" { return .auto(reverseAtStart: false) }
        if text == "auto-start-reverse" { return .auto(reverseAtStart: true) }
        return .angle(SVGLength.degrees(text)?.value ?? 0)
    }

    /// A marker's or mask's content inherits from that element's ancestors, never from the element it
    /// is drawn on or for (a `font-family` on the root reaches the text in a mask in `defs`).
    mutating func referencedStyle(_ marker: SVGNode, id: String, viewport: (width: Double, height: Double)) -> SVGStyle {
        if let cached = referencedStyles[id] { return cached }
        var style = SVGStyle()
        style.color = rootColor
        let chain = tree.flatMap { Self.path(to: id, from: $0) } ?? [marker]
        for node in chain { style = SVGStyle.computed(node.declarations, parent: style, viewport: viewport) }
        style.opacity = 1
        referencedStyles[id] = style
        return style
    }

    /// The nodes from `root` down to the first one whose id is `id`.
    private static func path(to id: String, from root: SVGNode) -> [SVGNode]? {
        if root.id == id { return [root] }
        for child in root.children {
            if let rest = path(to: id, from: child) { return [root] + rest }
        }
        return nil
    }
}
