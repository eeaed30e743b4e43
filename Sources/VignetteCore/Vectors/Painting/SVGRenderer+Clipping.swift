/// `clip-path` and `mask`: the element drawn on a layer, then multiplied by
/// the clip's coverage or the mask's luminance (or alpha).
extension SVGRenderer {
    /// `url(#id)` of a property, when the element names one.
    static func reference(_ element: SVGElement, _ name: String, inline parsed: [(String, String)]? = nil) -> String? {
        let inline = (parsed ?? SVGStyle.declarations(element.attributes["style"] ?? "")).last { $0.0 == name }?.1
        guard let value = inline ?? element[name], value.hasPrefix("url(") else { return nil }
        guard case .reference(let id, _) = SVGPaint.parse(value) else { return nil }
        return id
    }

    /// Multiplies `layer` by the clip path `clip` for an element of `bounds` drawn through `transform`.
    /// The clip's id stays on `clipStack` while it is applied, so that a reference back to it (its own
    /// `clip-path`, a child's) is ignored rather than followed forever.
    mutating func applyClip(
        _ node: SVGNode, to layer: inout SVGCanvas, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) {
        let clip = node.element
        clipStack.append(node.id ?? "")
        defer { clipStack.removeLast() }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var mask = SVGCanvas(width: layer.width, height: layer.height)
        var space = state.transform
        if clip["clipPathUnits"] == "objectBoundingBox" {
            guard let bounds else { return layer.clear() }
            space = space.concatenating(Self.boxTransform(bounds))
        }
        if let transform = node.transform { space = space.concatenating(transform) }
        let clipStyle = SVGStyle.computed(node.declarations, parent: state.style, viewport: state.viewport)
        for child in node.children { try addClipChild(child, space: space, style: clipStyle, state: state, on: &mask) }
        if let next = ownClip(of: node).clip { try applyClip(next, to: &mask, bounds: bounds, state: state) }
        layer.multiply(byAlphaOf: mask)
    }

    /// The clip path `element` names, when it is to be applied: none when the reference is missing (resvg
    /// and Chrome draw the element unclipped) or already being applied (a cycle); `valid` is false when it
    /// names an element that is not a clip path (then the element draws nothing).
    func ownClip(of node: SVGNode) -> (valid: Bool, clip: SVGNode?) {
        guard let id = node.effects.clip, !clipStack.contains(id), let target = nodes[id] else { return (true, nil) }
        return target.element.name == "clipPath" ? (true, target) : (false, nil)
    }

    /// One child of a clip path onto `mask`: its shape in `space` through its own transform (a `use`'s
    /// target through the use's and its own), cut by the clip paths on the child and on the target.
    private mutating func addClipChild(
        _ child: SVGNode, space: AffineTransform, style clipStyle: SVGStyle, state: State, on mask: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        var childSpace = space
        if let t = child.ownTransform(in: state.viewport) { childSpace = childSpace.concatenating(t) }
        // Each clip path on the way, with the user space it is in and the box of what it cuts.
        var cuts: [(clip: SVGNode, space: AffineTransform, bounds: (min: Vector2, max: Vector2)?)] = []
        let own = ownClip(of: child)
        guard own.valid else { return }
        if let clip = own.clip { cuts.append((clip, childSpace, boundingBox(of: child, viewport: state.viewport))) }
        var node = child
        if child.kind == .use {
            guard let href = child.element["href"], href.hasPrefix("#"), let target = nodes[String(href.dropFirst())] else { return }
            let shapes = SVGShapes(viewport: state.viewport)
            childSpace = childSpace.concatenating(
                .translation(shapes.length(child.element, "x", .horizontal), shapes.length(child.element, "y", .vertical)))
            if let t = target.ownTransform(in: state.viewport) { childSpace = childSpace.concatenating(t) }
            let targetClip = ownClip(of: target)
            guard targetClip.valid else { return }
            if let clip = targetClip.clip { cuts.append((clip, childSpace, boundingBox(of: target, viewport: state.viewport))) }
            node = target
        }
        let style = SVGStyle.computed(node.declarations, parent: clipStyle, viewport: state.viewport)
        guard style.display, style.visible else { return }
        let outline =
            node.kind == .text
            ? try textOutline(node.element, style: style, viewport: state.viewport) : node.geometry?.path(in: state.viewport)
        guard let path = outline else { return }
        let polylines = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(path.applying(childSpace))
        let white = Fill.solid((255, 255, 255, 255))
        guard !cuts.isEmpty else { return try fillPolylines(polylines, rule: style.clipRule, fill: white, on: &mask) }
        // A clipped child is drawn alone, cut, then added to the clip's coverage.
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var part = SVGCanvas(width: mask.width, height: mask.height)
        try fillPolylines(polylines, rule: style.clipRule, fill: white, on: &part)
        for cut in cuts {
            var inner = state
            inner.transform = cut.space
            try applyClip(cut.clip, to: &part, bounds: cut.bounds, state: inner)
        }
        mask.composite(part, opacity: 255)
    }

    /// Multiplies `layer` by the mask `mask` (luminance, or alpha with `mask-type: alpha`).
    mutating func applyMask(
        _ node: SVGNode, to layer: inout SVGCanvas, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) {
        let mask = node.element
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
        inner.style =
            node.id.map { referencedStyle(node, id: $0, viewport: state.viewport) }
            ?? SVGStyle.computed(node.declarations, parent: SVGStyle(), viewport: state.viewport)
        inner.style.opacity = 1
        if mask["maskContentUnits"] == "objectBoundingBox" {
            guard bounds != nil else { return layer.clear() }
            inner.transform = state.transform.concatenating(Self.boxTransform(box))
        }
        for child in node.children { try draw(child, state: inner, on: &content) }
        try clip(&content, to: (region[0], region[1], region[2], region[3]), transform: state.transform)
        let alphaOnly = (SVGStyle.declarations(mask.attributes["style"] ?? "").last { $0.0 == "mask-type" }?.1 ?? mask["mask-type"]) == "alpha"
        // A mask on the mask element cuts the element too, with the same box (as resvg does); a missing
        // one, another kind of element or a cycle back to a mask being applied is ignored.
        if let id = node.effects.mask, !maskStack.contains(id), let next = nodes[id], next.element.name == "mask" {
            maskStack.append(id)
            defer { maskStack.removeLast() }
            try applyMask(next, to: &layer, bounds: bounds, state: state)
        }
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
