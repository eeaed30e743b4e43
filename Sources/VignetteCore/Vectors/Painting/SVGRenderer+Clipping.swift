/// `clip-path` and `mask`: the element drawn on a layer, then multiplied by
/// the clip's coverage or the mask's luminance (or alpha).
extension SVGRenderer {
    /// `url(#id)` of a property, when the element names one.
    static func reference(_ element: SVGElement, _ name: String) -> String? {
        let inline = SVGStyle.declarations(element.attributes["style"] ?? "").last { $0.0 == name }?.1
        guard let value = inline ?? element[name], value.hasPrefix("url(") else { return nil }
        guard case .reference(let id, _) = SVGPaint.parse(value) else { return nil }
        return id
    }

    /// Multiplies `layer` by the clip path `clip` for an element of `bounds` drawn through `transform`.
    /// Returns false when the clip makes the element draw nothing at all.
    mutating func applyClip(
        _ clip: SVGElement, to layer: inout SVGCanvas, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) {
        var mask = SVGCanvas(width: layer.width, height: layer.height)
        var space = state.transform
        if clip["clipPathUnits"] == "objectBoundingBox" {
            guard let bounds else { return layer.clear() }
            space = space.concatenating(Self.boxTransform(bounds))
        }
        if let text = clip["transform"], let transform = SVGTransformParser.parse(text) { space = space.concatenating(transform) }
        let clipStyle = SVGStyle.computed(for: clip, parent: state.style, viewport: state.viewport)
        for child in clip.children {
            var childSpace = space
            if let text = child["transform"], let t = SVGTransformParser.parse(text) { childSpace = childSpace.concatenating(t) }
            var element = child
            if child.name == "use" {
                guard let href = child["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] else { continue }
                let shapes = SVGShapes(viewport: state.viewport)
                childSpace = childSpace.concatenating(.translation(shapes.length(child, "x", .horizontal), shapes.length(child, "y", .vertical)))
                if let text = target["transform"], let t = SVGTransformParser.parse(text) { childSpace = childSpace.concatenating(t) }
                element = target
            }
            let style = SVGStyle.computed(for: element, parent: clipStyle, viewport: state.viewport)
            guard style.display, style.visible, let path = SVGShapes(viewport: state.viewport).path(for: element) else { continue }
            let polylines = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(path.applying(childSpace))
            try fillPolylines(polylines, rule: style.clipRule, fill: .solid((255, 255, 255, 255)), on: &mask)
        }
        if let id = Self.reference(clip, "clip-path"), !clipStack.contains(id), let next = ids[id], next.name == "clipPath" {
            clipStack.append(id)
            defer { clipStack.removeLast() }
            try applyClip(next, to: &mask, bounds: bounds, state: state)
        }
        layer.multiply(byAlphaOf: mask)
    }

    /// Multiplies `layer` by the mask `mask` (luminance, or alpha with `mask-type: alpha`).
    mutating func applyMask(
        _ mask: SVGElement, to layer: inout SVGCanvas, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) {
        let objectUnits = mask["maskUnits"] != "userSpaceOnUse"
        if objectUnits && bounds == nil { return layer.clear() }
        let box = bounds ?? (Vector2(x: 0, y: 0), Vector2(x: 0, y: 0))
        func length(_ name: String, _ axis: SVGLength.Axis, _ fallback: Double) -> Double {
            guard let text = mask[name], let value = SVGLength.parse(text) else { return fallback }
            if objectUnits { return value.isPercentage ? value.value / 100 : value.value }
            return value.resolved(axis, viewport: state.viewport)
        }
        var region = [
            length("x", .horizontal, objectUnits ? -0.1 : -0.1 * state.viewport.width),
            length("y", .vertical, objectUnits ? -0.1 : -0.1 * state.viewport.height),
            length("width", .horizontal, objectUnits ? 1.2 : 1.2 * state.viewport.width),
            length("height", .vertical, objectUnits ? 1.2 : 1.2 * state.viewport.height)
        ]
        if objectUnits {
            let (w, h) = (box.max.x - box.min.x, box.max.y - box.min.y)
            region = [box.min.x + region[0] * w, box.min.y + region[1] * h, region[2] * w, region[3] * h]
        }
        guard region[2] > 0, region[3] > 0 else { return layer.clear() }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var content = SVGCanvas(width: layer.width, height: layer.height)
        var inner = state
        inner.style = SVGStyle.computed(for: mask, parent: SVGStyle(), viewport: state.viewport)
        inner.style.opacity = 1
        if mask["maskContentUnits"] == "objectBoundingBox" {
            guard bounds != nil else { return layer.clear() }
            inner.transform = state.transform.concatenating(Self.boxTransform(box))
        }
        for child in mask.children { try draw(child, state: inner, on: &content) }
        try clip(&content, to: (region[0], region[1], region[2], region[3]), transform: state.transform)
        let alphaOnly = (SVGStyle.declarations(mask.attributes["style"] ?? "").last { $0.0 == "mask-type" }?.1 ?? mask["mask-type"]) == "alpha"
        layer.multiply(byMaskOf: content, luminance: !alphaOnly)
    }

    /// Multiplies `layer` by the coverage of a rectangle in the user space of `transform`.
    mutating func clip(
        _ layer: inout SVGCanvas, to rect: (x: Double, y: Double, width: Double, height: Double), transform: AffineTransform
    ) throws(SVGDocument.Error) {
        var path = VectorPath()
        path.move(Vector2(x: rect.x, y: rect.y))
        path.line(Vector2(x: rect.x + rect.width, y: rect.y))
        path.line(Vector2(x: rect.x + rect.width, y: rect.y + rect.height))
        path.line(Vector2(x: rect.x, y: rect.y + rect.height))
        path.close()
        var mask = SVGCanvas(width: layer.width, height: layer.height)
        let polylines = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(path.applying(transform))
        try fillPolylines(polylines, rule: .nonZero, fill: .solid((255, 255, 255, 255)), on: &mask)
        layer.multiply(byAlphaOf: mask)
    }

    /// The transform of bounding-box units: the unit square onto `bounds`.
    static func boxTransform(_ bounds: (min: Vector2, max: Vector2)) -> AffineTransform {
        AffineTransform(a: bounds.max.x - bounds.min.x, d: bounds.max.y - bounds.min.y, e: bounds.min.x, f: bounds.min.y)
    }
}
