/// Object bounding boxes, for `objectBoundingBox` units of clips and masks.
extension SVGRenderer {
    /// The box around what `element` draws, in its own user space (after
    /// its `transform`), children through theirs; nil when it draws nothing.
    func boundingBox(of element: SVGElement, viewport: (width: Double, height: Double), depth: Int = 0) -> (min: Vector2, max: Vector2)? {
        guard depth < 32 else { return nil }
        switch element.name {
        case "g", "a", "switch", "svg", "symbol":
            var box: (min: Vector2, max: Vector2)?
            for child in element.children where !Self.hidden.contains(child.name) || child.name == "symbol" {
                guard let childBox = boundingBox(of: child, viewport: viewport, depth: depth + 1) else { continue }
                let transform = child["transform"].flatMap(SVGTransformParser.parse) ?? .identity
                let corners = [
                    childBox.min, Vector2(x: childBox.max.x, y: childBox.min.y), childBox.max, Vector2(x: childBox.min.x, y: childBox.max.y)
                ].map(transform.apply)
                for p in corners {
                    box = (
                        Vector2(x: min(box?.min.x ?? p.x, p.x), y: min(box?.min.y ?? p.y, p.y)),
                        Vector2(x: max(box?.max.x ?? p.x, p.x), y: max(box?.max.y ?? p.y, p.y))
                    )
                }
            }
            return box
        case "use":
            guard let href = element["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())],
                let box = boundingBox(of: target, viewport: viewport, depth: depth + 1)
            else { return nil }
            let shapes = SVGShapes(viewport: viewport)
            let offset = Vector2(x: shapes.length(element, "x", .horizontal), y: shapes.length(element, "y", .vertical))
            return (box.min + offset, box.max + offset)
        default:
            return SVGShapes(viewport: viewport).path(for: element).flatMap(Self.bounds(of:))
        }
    }
}
