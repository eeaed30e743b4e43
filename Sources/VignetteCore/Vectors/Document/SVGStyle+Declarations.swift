/// An element's declarations, parsed once when the tree is built:
/// presentation attributes, then the style sheet's and the `style`
/// attribute's (already merged into `style` by ``SVGStyleSheet``), each
/// value typed. Computing a style from them is arithmetic, not parsing.
extension SVGStyle {
    /// What one element declares, in the order it is applied.
    struct Declarations: Sendable, Hashable {
        /// `color`, applied before the rest: `currentColor` in the same element uses it.
        var color: SVGColor?
        /// `opacity: inherit` (opacity is not inherited otherwise).
        var inheritsOpacity = false
        /// Every other property but decorations, in the order of their names
        /// (one value each: `style` over the sheet over attributes).
        var properties: [Property] = []
        /// `text-decoration` and `text-decoration-line`, after the fill and stroke they are drawn in.
        var decorations: [SVGTextStyle.Property] = []
        /// The `marker` properties of `style`, in their order (the shorthand among them).
        var markers: [Property] = []

        init() {}

        /// `inline`: the element's `style` declarations, when the caller parsed them already.
        init(_ element: SVGElement, inline parsed: [(String, String)]? = nil) {
            var declared = element.attributes
            let inline = parsed ?? SVGStyle.declarations(element.attributes["style"] ?? "")
            for (name, value) in inline { declared[name] = value }
            if let value = declared["color"], value != "inherit", let color = SVGColor.parse(value) { self.color = color }
            inheritsOpacity = declared["opacity"]?.trimmingXMLSpace() == "inherit"
            let fontSize = element.fontSize
            for name in declared.keys.sorted() where !name.hasPrefix("text-decoration") && name != "color" {
                let value = declared[name]!.trimmingXMLSpace()
                guard value != "inherit", let property = Property.parse(name, value, fontSize: fontSize) else { continue }
                properties.append(property)
            }
            for name in ["text-decoration", "text-decoration-line"] {
                guard let value = declared[name]?.trimmingXMLSpace(), value != "inherit",
                    let property = SVGTextStyle.property(name, value, fontSize: fontSize)
                else { continue }
                decorations.append(property)
            }
            for (name, value) in inline where name.hasPrefix("marker") && value != "inherit" {
                if let property = Property.marker(name, value) { markers.append(property) }
            }
        }
    }

    /// One declared property's value.
    enum Property: Sendable, Hashable {
        case fill(SVGPaint)
        case stroke(SVGPaint)
        case fillRule(CoverageRaster.FillRule)
        case clipRule(CoverageRaster.FillRule)
        case fillOpacity(Double)
        case strokeOpacity(Double)
        case opacity(Double)
        /// Lengths resolve in the viewport the element is drawn in.
        case strokeWidth(SVGLength)
        case dashOffset(SVGLength)
        /// nil: `none`, or a list with an error (no dashes).
        case dashArray([SVGLength]?)
        case miterLimit(Double)
        case lineCap(LineCap)
        case lineJoin(LineJoin)
        case visible(Bool)
        case nonScalingStroke(Bool)
        case display(Bool)
        case paintOrder([PaintPart])
        case smoothImages(Bool)
        case antialias(Bool)
        case textAntialias(Bool)
        /// The marker `id` (nil: none) for the vertices named.
        case marker(start: Bool, mid: Bool, end: Bool, id: String?)
        case text(SVGTextStyle.Property)

        /// The property `name` declares with `value`; nil when it is none
        /// Vignette knows, or `value` is one it ignores.
        static func parse(_ name: String, _ value: String, fontSize: Double) -> Property? {
            switch name {
            case "fill": return SVGPaint.parse(value).map(Property.fill)
            case "stroke": return SVGPaint.parse(value).map(Property.stroke)
            case "fill-rule": return SVGStyle.rule(value).map(Property.fillRule)
            case "clip-rule": return SVGStyle.rule(value).map(Property.clipRule)
            case "fill-opacity": return SVGColor.unit(value).map(Property.fillOpacity)
            case "stroke-opacity": return SVGColor.unit(value).map(Property.strokeOpacity)
            case "opacity": return SVGColor.unit(value).map(Property.opacity)
            case "stroke-width": return SVGLength.parse(value, fontSize: fontSize).flatMap { $0.value >= 0 ? .strokeWidth($0) : nil }
            case "stroke-miterlimit": return Double(value).flatMap { $0 >= 1 ? .miterLimit($0) : nil }
            case "stroke-linecap": return .lineCap([.butt, .round, .square][["butt", "round", "square"].firstIndex(of: value) ?? 0])
            case "stroke-linejoin":
                let joins: [String: LineJoin] = ["miter": .miter, "miter-clip": .miterClip, "arcs": .miter, "round": .round, "bevel": .bevel]
                return joins[value].map(Property.lineJoin)
            case "stroke-dasharray": return .dashArray(dashes(value, fontSize: fontSize))
            case "stroke-dashoffset": return SVGLength.parse(value, fontSize: fontSize).map(Property.dashOffset)
            case "visibility": return value == "visible" ? .visible(true) : (value == "hidden" || value == "collapse" ? .visible(false) : nil)
            case "vector-effect": return .nonScalingStroke(value == "non-scaling-stroke")
            case "paint-order": return SVGStyle.paintOrder(value).map(Property.paintOrder)
            case "display": return .display(value != "none")
            case "image-rendering":
                if ["optimizeSpeed", "pixelated", "crisp-edges"].contains(value) { return .smoothImages(false) }
                return ["auto", "optimizeQuality", "smooth", "high-quality"].contains(value) ? .smoothImages(true) : nil
            case "shape-rendering":
                guard ["crispEdges", "optimizeSpeed", "geometricPrecision", "auto"].contains(value) else { return nil }
                return .antialias(value == "geometricPrecision" || value == "auto")
            case "text-rendering":
                guard ["optimizeSpeed", "optimizeLegibility", "geometricPrecision", "auto"].contains(value) else { return nil }
                return .textAntialias(value != "optimizeSpeed")
            case "marker-start", "marker-mid", "marker-end": return marker(name, value)
            default: return SVGTextStyle.property(name, value, fontSize: fontSize).map(Property.text)
            }
        }

        /// `none` or `url(#id)` for `marker` (all three) or one of its longhands.
        static func marker(_ name: String, _ value: String) -> Property? {
            let id: String?
            if value == "none" {
                id = nil
            } else if value.hasPrefix("url(") {
                // Only `#fragment` resolves; any other URL is a marker that does not exist.
                if case .reference(let target, _) = SVGPaint.parse(value) { id = target } else { id = nil }
            } else {
                return nil
            }
            let all = name == "marker"
            return .marker(start: all || name == "marker-start", mid: all || name == "marker-mid", end: all || name == "marker-end", id: id)
        }

        /// A dash list's lengths; nil for `none`, or when one is not a length or is negative.
        private static func dashes(_ value: String, fontSize: Double) -> [SVGLength]? {
            guard value != "none" else { return nil }
            var lengths: [SVGLength] = []
            for part in value.split(whereSeparator: { $0 == "," || $0 == " " }) {
                guard let length = SVGLength.parse(String(part), fontSize: fontSize), length.value >= 0 else { return nil }
                lengths.append(length)
            }
            return lengths
        }
    }

    /// Sets one parsed property, its lengths resolved in `viewport`.
    mutating func apply(_ property: Property, viewport: (width: Double, height: Double)) {
        switch property {
        case .fill(let paint): fill = paint
        case .stroke(let paint): stroke = paint
        case .fillRule(let rule): fillRule = rule
        case .clipRule(let rule): clipRule = rule
        case .fillOpacity(let value): fillOpacity = value
        case .strokeOpacity(let value): strokeOpacity = value
        case .opacity(let value): opacity = value
        case .strokeWidth(let length): strokeWidth = length.resolved(.diagonal, viewport: viewport)
        case .dashOffset(let length): dashOffset = length.resolved(.diagonal, viewport: viewport)
        case .dashArray(let lengths):
            // Resolved, a list of zeros is no dashes; an odd count repeats.
            let resolved = (lengths ?? []).map { $0.resolved(.diagonal, viewport: viewport) }
            guard resolved.contains(where: { $0 > 0 }) else {
                dashArray = []
                return
            }
            dashArray = resolved.count % 2 == 1 ? resolved + resolved : resolved
        case .miterLimit(let value): miterLimit = value
        case .lineCap(let value): lineCap = value
        case .lineJoin(let value): lineJoin = value
        case .visible(let value): visible = value
        case .nonScalingStroke(let value): nonScalingStroke = value
        case .display(let value): display = value
        case .paintOrder(let order): paintOrder = order
        case .smoothImages(let value): smoothImages = value
        case .antialias(let value): antialias = value
        case .textAntialias(let value): textAntialias = value
        case .marker(let start, let mid, let end, let id):
            if start { markers.start = id }
            if mid { markers.mid = id }
            if end { markers.end = id }
        case .text(let property): text.apply(property, paint: self)
        }
    }
}
