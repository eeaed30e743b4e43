/// The painting properties of one element after inheritance: presentation
/// attributes, then the `style` attribute, over what the parent computed.
struct SVGStyle: Sendable, Hashable {
    enum LineCap: Sendable, Hashable { case butt, round, square }
    enum LineJoin: Sendable, Hashable { case miter, miterClip, round, bevel }
    enum PaintPart: String, Sendable, Hashable, CaseIterable { case fill, stroke, markers }
    /// `marker-start`, `marker-mid`, `marker-end`: ids of `marker` elements.
    struct Markers: Sendable, Hashable {
        var start: String?
        var mid: String?
        var end: String?
        var isEmpty: Bool { start == nil && mid == nil && end == nil }
    }

    var fill: SVGPaint = .color(.black)
    var fillRule: CoverageRaster.FillRule = .nonZero
    var fillOpacity = 1.0
    var stroke: SVGPaint = .none
    var strokeWidth = 1.0
    var strokeOpacity = 1.0
    var lineCap: LineCap = .butt
    var lineJoin: LineJoin = .miter
    var miterLimit = 4.0
    var dashArray: [Double] = []
    var dashOffset = 0.0
    var color: SVGColor = .black
    var clipRule: CoverageRaster.FillRule = .nonZero
    var visible = true
    /// The ids of the markers drawn at a path's first, middle and last vertices.
    var markers = Markers()
    /// `shape-rendering`: `crispEdges` and `optimizeSpeed` draw without anti-aliasing.
    var antialias = true
    /// `image-rendering`: `optimizeSpeed`, `pixelated` and `crisp-edges` sample images at the nearest pixel.
    var smoothImages = true
    // Not inherited: reset for each element before its own declarations.
    var opacity = 1.0
    var display = true
    /// `vector-effect: non-scaling-stroke`: the stroke's width is in device pixels.
    var nonScalingStroke = false
    /// `paint-order`: fill, stroke and markers in the order they are painted.
    var paintOrder: [PaintPart] = [.fill, .stroke, .markers]
    /// The `font-*` and text layout properties.
    var text = SVGTextStyle()

    /// The properties `element` declares, over `parent`'s inherited ones.
    static func computed(
        for element: SVGElement, parent: SVGStyle, sheet: [String: String] = [:], viewport: (width: Double, height: Double)
    ) -> SVGStyle {
        var style = parent
        style.opacity = 1
        style.display = true
        style.nonScalingStroke = false
        style.text.alignmentBaseline = nil
        var declarations = element.attributes
        for (name, value) in sheet { declarations[name] = value }
        if let inline = element.attributes["style"] {
            for (name, value) in Self.declarations(inline) { declarations[name] = value }
        }
        // `color` first: `currentColor` in the same element uses it.
        if let value = declarations["color"], value != "inherit", let color = SVGColor.parse(value) { style.color = color }
        // `inherit` on a property that is not inherited takes the parent's value.
        if declarations["opacity"]?.trimmingXMLSpace() == "inherit" { style.opacity = parent.opacity }
        for (name, value) in declarations where value.trimmingXMLSpace() != "inherit" && !name.hasPrefix("text-decoration") {
            style.apply(name, value.trimmingXMLSpace(), viewport: viewport, fontSize: element.fontSize)
        }
        // Decorations are drawn in the paint of the element declaring them: its fill and stroke come first.
        for name in ["text-decoration", "text-decoration-line"] {
            if let value = declarations[name]?.trimmingXMLSpace(), value != "inherit" {
                _ = style.text.apply(name, value, fontSize: element.fontSize, paint: style)
            }
        }
        // The `marker` shorthand is a property, not an attribute: `style` declarations apply in their order.
        for (name, value) in Self.declarations(element.attributes["style"] ?? "") where name.hasPrefix("marker") && value != "inherit" {
            style.applyMarker(name, value)
        }
        return style
    }

    /// `a: b; c: d` as pairs (`!important` dropped).
    static func declarations(_ text: String) -> [(String, String)] {
        SVGStyleSheet.strippingComments(text).split(separator: ";").compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            let name = declaration[..<colon].trimmingXMLSpace()
            var value = declaration[declaration.index(after: colon)...].trimmingXMLSpace()
            if value.hasSuffix("!important") { value = String(value.dropLast(10)).trimmingXMLSpace() }
            return name.isEmpty ? nil : (name, value)
        }
    }

    private mutating func apply(_ name: String, _ value: String, viewport: (width: Double, height: Double), fontSize: Double) {
        switch name {
        case "fill": if let paint = SVGPaint.parse(value) { fill = paint }
        case "stroke": if let paint = SVGPaint.parse(value) { stroke = paint }
        case "fill-rule": if let rule = Self.rule(value) { fillRule = rule }
        case "clip-rule": if let rule = Self.rule(value) { clipRule = rule }
        case "fill-opacity": if let v = SVGColor.unit(value) { fillOpacity = v }
        case "stroke-opacity": if let v = SVGColor.unit(value) { strokeOpacity = v }
        case "opacity": if let v = SVGColor.unit(value) { opacity = v }
        case "stroke-width": if let v = SVGLength.parse(value, fontSize: fontSize), v.value >= 0 { strokeWidth = v.resolved(.diagonal, viewport: viewport) }
        case "stroke-miterlimit": if let v = Double(value), v >= 1 { miterLimit = v }
        case "stroke-linecap": lineCap = [.butt, .round, .square][["butt", "round", "square"].firstIndex(of: value) ?? 0]
        case "stroke-linejoin":
            let joins: [String: LineJoin] = ["miter": .miter, "miter-clip": .miterClip, "arcs": .miter, "round": .round, "bevel": .bevel]
            if let join = joins[value] { lineJoin = join }
        case "stroke-dasharray": dashArray = Self.dashes(value, viewport: viewport, fontSize: fontSize) ?? []
        case "stroke-dashoffset": if let v = SVGLength.parse(value, fontSize: fontSize) { dashOffset = v.resolved(.diagonal, viewport: viewport) }
        case "visibility": visible = value == "visible" || (value != "hidden" && value != "collapse" && visible)
        case "vector-effect": nonScalingStroke = value == "non-scaling-stroke"
        case "paint-order": if let order = Self.paintOrder(value) { paintOrder = order }
        case "display": display = value != "none"
        case "image-rendering":
            if ["optimizeSpeed", "pixelated", "crisp-edges"].contains(value) { smoothImages = false }
            if ["auto", "optimizeQuality", "smooth", "high-quality"].contains(value) { smoothImages = true }
        case "shape-rendering":
            if ["crispEdges", "optimizeSpeed", "geometricPrecision", "auto"].contains(value) { antialias = value == "geometricPrecision" || value == "auto" }
        case "marker-start", "marker-mid", "marker-end": applyMarker(name, value)
        default: _ = text.apply(name, value, fontSize: fontSize, paint: self)
        }
    }

    private mutating func applyMarker(_ name: String, _ value: String) {
        let id: String?
        if value == "none" {
            id = nil
        } else if value.hasPrefix("url(") {
            // Only `#fragment` resolves; any other URL is a marker that does not exist.
            if case .reference(let target, _) = SVGPaint.parse(value) { id = target } else { id = nil }
        } else {
            return
        }
        if name == "marker" || name == "marker-start" { markers.start = id }
        if name == "marker" || name == "marker-mid" { markers.mid = id }
        if name == "marker" || name == "marker-end" { markers.end = id }
    }

    /// `normal`, or some of fill, stroke, markers (each once), the rest after them in that order.
    private static func paintOrder(_ value: String) -> [PaintPart]? {
        if value == "normal" { return PaintPart.allCases }
        var order: [PaintPart] = []
        for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let part = PaintPart(rawValue: String(word)), !order.contains(part) else { return nil }
            order.append(part)
        }
        return order.isEmpty ? nil : order + PaintPart.allCases.filter { !order.contains($0) }
    }

    private static func rule(_ value: String) -> CoverageRaster.FillRule? {
        value == "evenodd" ? .evenOdd : (value == "nonzero" ? .nonZero : nil)
    }

    /// A dash list: none, or lengths (an odd count repeats); nil when any is negative or all are zero.
    private static func dashes(_ value: String, viewport: (width: Double, height: Double), fontSize: Double) -> [Double]? {
        guard value != "none" else { return nil }
        var lengths: [Double] = []
        for part in value.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let length = SVGLength.parse(String(part), fontSize: fontSize), length.value >= 0 else { return nil }
            lengths.append(length.resolved(.diagonal, viewport: viewport))
        }
        guard lengths.contains(where: { $0 > 0 }) else { return nil }
        return lengths.count % 2 == 1 ? lengths + lengths : lengths
    }
}
