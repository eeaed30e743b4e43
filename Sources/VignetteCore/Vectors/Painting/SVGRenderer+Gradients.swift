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
        _ element: SVGElement, bounds: (min: Vector2, max: Vector2)?, transform: AffineTransform, opacity: Double, style: SVGStyle,
        viewport: (width: Double, height: Double)
    ) -> Fill? {
        let chain = referenceChain(from: element)
        func attribute(_ name: String) -> String? { chain.lazy.compactMap { $0[name] }.first }
        let stops = gradientStops(chain, style: style)
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
            guard radius > 0 else { return radius == 0 ? solid() : nil }
            var focus = Vector2(x: length("fx", .horizontal, center.x), y: length("fy", .vertical, center.y))
            let offset = focus - center
            if offset.length > radius { focus = center + offset * (radius / offset.length * 0.999) }  // SVG 1.1: onto the circle.
            let focalRadius = max(0, min(length("fr", .diagonal, 0), radius))
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
    /// clamped to 0…1 and never decreasing.
    func gradientStops(_ chain: [SVGElement], style: SVGStyle) -> [(offset: Double, color: SVGColor)] {
        guard let owner = chain.first(where: { $0.children.contains { $0.name == "stop" } }) else { return [] }
        var stops: [(offset: Double, color: SVGColor)] = []
        for stop in owner.children where stop.name == "stop" {
            let declarations = Dictionary(SVGStyle.declarations(stop.attributes["style"] ?? ""), uniquingKeysWith: { $1 })
            func value(_ name: String) -> String? { declarations[name] ?? stop[name] }
            var offset =
                value("offset").flatMap { text -> Double? in
                    let percent = text.hasSuffix("%")
                    guard let number = Double(percent ? String(text.dropLast()) : text), number.isFinite else { return nil }
                    return percent ? number / 100 : number
                } ?? 0
            offset = max(stops.last?.offset ?? 0, min(1, max(0, offset)))
            let colorText = value("stop-color")
            var color =
                colorText?.lowercased() == "currentcolor"
                ? (stop["color"].flatMap(SVGColor.parse) ?? style.color) : (colorText.flatMap(SVGColor.parse) ?? .black)
            let opacity = value("stop-opacity").flatMap(SVGColor.unit) ?? 1
            color.alpha = UInt8((Double(color.alpha) * opacity).rounded())
            stops.append((offset, color))
        }
        return stops
    }

    static func premultiplied(_ color: SVGColor) -> (UInt8, UInt8, UInt8, UInt8) {
        (PixelMath.multiply(color.red, color.alpha), PixelMath.multiply(color.green, color.alpha), PixelMath.multiply(color.blue, color.alpha), color.alpha)
    }
}
