/// Paint servers: `linearGradient` and `radialGradient` with `href`
/// inheritance, units, transforms, spread methods and focal points.
extension SVGRenderer {
    /// What a shape is painted with.
    enum Fill {
        case solid((UInt8, UInt8, UInt8, UInt8))
        case gradient(SVGGradient)
        case pattern(SVGPattern)
    }

    /// The gradient `element` resolves to for a shape of `bounds` (user
    /// space) drawn through `transform`; nil when it paints nothing.
    func gradientFill(
        _ element: SVGElement, bounds: (min: Vector2, max: Vector2)?, transform: AffineTransform, opacity: Double,
        viewport: (width: Double, height: Double)
    ) -> Fill? {
        let chain = referenceChain(from: element)
        func attribute(_ name: String) -> String? { chain.lazy.compactMap { $0[name] }.first }
        let stops = gradientStops(chain)
        guard let last = stops.last else { return nil }
        let solid = { () -> Fill? in
            var color = last.color
            color.alpha = UInt8((Double(color.alpha) * opacity).rounded())
            return color.alpha == 0 ? nil : .solid(Self.premultiplied(color))
        }
        if stops.count == 1 { return solid() }
        let objectUnits = attribute("gradientUnits") != "userSpaceOnUse"
        var space = transform
        if objectUnits {
            guard let bounds, bounds.max.x > bounds.min.x, bounds.max.y > bounds.min.y else { return nil }
            space = space.concatenating(
                AffineTransform(a: bounds.max.x - bounds.min.x, d: bounds.max.y - bounds.min.y, e: bounds.min.x, f: bounds.min.y))
        }
        if let text = attribute("gradientTransform"), let gradientTransform = SVGTransformParser.parse(text) {
            space = space.concatenating(gradientTransform)
        }
        guard let inverse = space.inverted else { return nil }
        func length(_ name: String, _ axis: SVGLength.Axis, _ fallback: Double) -> Double {
            guard let text = attribute(name), let value = SVGLength.parse(text) else { return fallback }
            if objectUnits { return value.isPercentage ? value.value / 100 : value.value }
            return value.resolved(axis, viewport: viewport)
        }
        let kind: SVGGradient.Kind
        if element.name == "linearGradient" {
            let start = Vector2(x: length("x1", .horizontal, 0), y: length("y1", .vertical, 0))
            let end = Vector2(
                x: length("x2", .horizontal, objectUnits ? 1 : viewport.width), y: length("y2", .vertical, 0))
            if start == end { return solid() }
            kind = .linear(start: start, end: end)
        } else {
            let half = objectUnits ? 0.5 : 0
            let center = Vector2(
                x: length("cx", .horizontal, objectUnits ? half : viewport.width / 2),
                y: length("cy", .vertical, objectUnits ? half : viewport.height / 2))
            let radius = length("r", .diagonal, objectUnits ? half : SVGLength(value: 50, isPercentage: true).resolved(.diagonal, viewport: viewport))
            // A negative radius paints as a zero one does, the last stop's colour (resvg, Chrome).
            guard radius > 0 else { return solid() }
            // A focus outside the end circle stays there: only the cone the circles sweep is painted (SVG 2, resvg, Chrome),
            // and a focal radius may exceed the end radius.
            let focus = Vector2(x: length("fx", .horizontal, center.x), y: length("fy", .vertical, center.y))
            let focalRadius = max(0, length("fr", .diagonal, 0))
            kind = .radial(center: center, radius: radius, focus: focus, focalRadius: focalRadius)
        }
        let spreads: [String: SVGGradient.Spread] = ["pad": .pad, "reflect": .reflect, "repeat": .repeat]
        let spread = attribute("spreadMethod").flatMap { spreads[$0] } ?? .pad
        return .gradient(
            SVGGradient(kind: kind, spread: spread, inverse: inverse, table: SVGGradient.table(stops: stops, opacity: opacity)))
    }

    /// The element and those its `href` names in turn (gradients, or patterns), at most 16, without cycles.
    func referenceChain(from element: SVGElement) -> [SVGElement] {
        var chain = [element]
        var seen = Set<String>()
        var current = element
        while chain.count < 16, let href = current["href"], href.hasPrefix("#") {
            let id = String(href.dropFirst())
            guard !seen.contains(id), let next = ids[id], next.name.hasSuffix("Gradient") == element.name.hasSuffix("Gradient"),
                next.name == "pattern" || next.name.hasSuffix("Gradient")
            else { break }
            seen.insert(id)
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The stops of the first gradient in the chain that has any: offsets
    /// clamped to 0…1 and never decreasing. A stop's `currentColor` is the
    /// `color` of its own tree (the gradient's ancestors), never the painted
    /// shape's; `inherit` takes the gradient's `stop-color` or `stop-opacity`.
    func gradientStops(_ chain: [SVGElement]) -> [(offset: Double, color: SVGColor)] {
        guard let owner = chain.first(where: { $0.children.contains { $0.name == "stop" } }) else { return [] }
        let inherited = Self.declared(owner).filter { $0.value != "inherit" }
        var ownerColor: SVGColor?
        var stops: [(offset: Double, color: SVGColor)] = []
        for stop in owner.children where stop.name == "stop" {
            let declarations = Self.declared(stop)
            func value(_ name: String) -> String? { declarations[name] == "inherit" ? inherited[name] : declarations[name] }
            var offset =
                value("offset").flatMap { text -> Double? in
                    let percent = text.hasSuffix("%")
                    guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else { return nil }
                    return percent ? number / 100 : number
                } ?? 0
            offset = max(stops.last?.offset ?? 0, min(1, max(0, offset)))
            let colorText = value("stop-color")
            var color: SVGColor
            if colorText?.lowercased() == "currentcolor" {
                if ownerColor == nil { ownerColor = inheritedColor(of: owner) }
                color = declarations["color"].flatMap(SVGColor.parse) ?? ownerColor ?? rootColor
            } else {
                color = colorText.flatMap(SVGColor.parse) ?? .black
            }
            let opacity = value("stop-opacity").flatMap(SVGColor.unit) ?? 1
            color.alpha = UInt8((Double(color.alpha) * opacity).rounded())
            stops.append((offset, color))
        }
        return stops
    }

    /// An element's attributes with its `style` declarations over them, values trimmed.
    private static func declared(_ element: SVGElement) -> [String: String] {
        var values = element.attributes.mapValues { $0.trimmingXMLSpace() }
        for (name, value) in SVGStyle.declarations(element.attributes["style"] ?? "") { values[name] = value }
        return values
    }

    /// The `color` `element` computes: its own, else its nearest ancestor's from the root down, else the
    /// colour the render gave `currentColor`. Looked up only for a stop that uses `currentColor`.
    private func inheritedColor(of element: SVGElement) -> SVGColor {
        func own(_ element: SVGElement) -> SVGColor? { Self.declared(element)["color"].flatMap(SVGColor.parse) }
        // The elements from the root down to `element` (found by identity of its id, as `ids` was built: first in document order).
        func path(from node: SVGElement) -> [SVGElement]? {
            if node["id"] != nil && node["id"] == element["id"] { return [node] }
            for child in node.children {
                if let rest = path(from: child) { return [node] + rest }
            }
            return nil
        }
        let chain = (tree?.element).flatMap(path(from:)) ?? [element]
        return chain.reduce(rootColor) { own($1) ?? $0 }
    }

    /// Whether a paint of `element` cannot be drawn on a shape of `bounds` and
    /// gives way to the colour after the `url()`: a gradient of two stops or
    /// more in bounding-box units on a box without width or height (resvg).
    func gradientNeedsFallback(_ element: SVGElement, bounds: (min: Vector2, max: Vector2)?) -> Bool {
        guard element.name == "linearGradient" || element.name == "radialGradient" else { return false }
        let chain = referenceChain(from: element)
        guard chain.lazy.compactMap({ $0["gradientUnits"] }).first != "userSpaceOnUse", gradientStops(chain).count > 1 else { return false }
        guard let bounds else { return true }
        return !(bounds.max.x > bounds.min.x && bounds.max.y > bounds.min.y)
    }

    static func premultiplied(_ color: SVGColor) -> (UInt8, UInt8, UInt8, UInt8) {
        (PixelMath.multiply(color.red, color.alpha), PixelMath.multiply(color.green, color.alpha), PixelMath.multiply(color.blue, color.alpha), color.alpha)
    }
}
