/// Object bounding boxes, for `objectBoundingBox` units of clips and masks.
extension SVGRenderer {
    /// The box around what `element` draws, in its own user space (after
    /// its `transform`), children through theirs; nil when it draws nothing.
    func boundingBox(of node: SVGNode, viewport: (width: Double, height: Double), depth: Int = 0) -> (min: Vector2, max: Vector2)? {
        guard depth < 32 else { return nil }
        // `display: none` draws nothing, so it adds nothing to a group's box (a hidden `visibility` still counts).
        let style = SVGStyle.computed(node.declarations, parent: SVGStyle(), viewport: viewport)
        guard style.display else { return nil }
        let element = node.element
        switch node.kind {
        case .group, .switchGroup, .viewport, .symbol:
            var box: (min: Vector2, max: Vector2)?
            for child in node.children where child.kind != .resource {
                guard let childBox = boundingBox(of: child, viewport: viewport, depth: depth + 1) else { continue }
                let transform = child.ownTransform(in: viewport) ?? .identity
                let moved = Self.transformed(childBox, by: transform)
                box = box.map { Self.union($0, moved) } ?? moved
            }
            return box
        case .use:
            guard let href = element["href"], href.hasPrefix("#"), let target = nodes[String(href.dropFirst())],
                let box = boundingBox(of: target, viewport: viewport, depth: depth + 1)
            else { return nil }
            // The target is drawn through its own `transform`, then moved by the use's x and y.
            let shapes = SVGShapes(viewport: viewport)
            var transform = AffineTransform.translation(shapes.length(element, "x", .horizontal), shapes.length(element, "y", .vertical))
            if let own = target.ownTransform(in: viewport) { transform = transform.concatenating(own) }
            return Self.transformed(box, by: transform)
        case .text:
            return textBounds(element, style: style, viewport: viewport)
        default:
            return node.geometry?.path(in: viewport).flatMap(Self.bounds(of:))
        }
    }

    /// The axis-aligned box around `box`'s four corners through `transform`.
    static func transformed(_ box: (min: Vector2, max: Vector2), by transform: AffineTransform) -> (min: Vector2, max: Vector2) {
        let corners = [box.min, Vector2(x: box.max.x, y: box.min.y), box.max, Vector2(x: box.min.x, y: box.max.y)].map(transform.apply)
        return corners.dropFirst().reduce((min: corners[0], max: corners[0])) { Self.union($0, ($1, $1)) }
    }

    /// The box around two boxes.
    static func union(_ a: (min: Vector2, max: Vector2), _ b: (min: Vector2, max: Vector2)) -> (min: Vector2, max: Vector2) {
        (Vector2(x: min(a.min.x, b.min.x), y: min(a.min.y, b.min.y)), Vector2(x: max(a.max.x, b.max.x), y: max(a.max.y, b.max.y)))
    }
}
