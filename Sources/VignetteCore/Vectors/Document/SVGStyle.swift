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
    /// `text-rendering`: `optimizeSpeed` draws text without anti-aliasing; text ignores `shape-rendering`.
    var textAntialias = true
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

    /// The properties `element` declares, over `parent`'s inherited ones
    /// (parsing its declarations first: the tree's nodes hold them parsed).
    static func computed(for element: SVGElement, parent: SVGStyle, viewport: (width: Double, height: Double)) -> SVGStyle {
        computed(Declarations(element), parent: parent, viewport: viewport)
    }

    /// The properties of `declarations` over `parent`'s inherited ones;
    /// lengths in percentages resolve in `viewport`.
    static func computed(_ declarations: Declarations, parent: SVGStyle, viewport: (width: Double, height: Double)) -> SVGStyle {
        var style = parent
        style.opacity = declarations.inheritsOpacity ? parent.opacity : 1
        style.display = true
        style.nonScalingStroke = false
        style.text.alignmentBaseline = nil
        style.text.bidi = .normal
        if let color = declarations.color { style.color = color }
        for property in declarations.properties { style.apply(property, viewport: viewport) }
        // Decorations are drawn in the paint of the element declaring them: its fill and stroke come first.
        for property in declarations.decorations { style.text.apply(property, paint: style) }
        // The `marker` shorthand is a property, not an attribute: `style` declarations apply in their order.
        for property in declarations.markers { style.apply(property, viewport: viewport) }
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

    /// `normal`, or some of fill, stroke, markers (each once), the rest after them in that order.
    static func paintOrder(_ value: String) -> [PaintPart]? {
        if value == "normal" { return PaintPart.allCases }
        var order: [PaintPart] = []
        for word in value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            guard let part = PaintPart(rawValue: String(word)), !order.contains(part) else { return nil }
            order.append(part)
        }
        return order.isEmpty ? nil : order + PaintPart.allCases.filter { !order.contains($0) }
    }

    static func rule(_ value: String) -> CoverageRaster.FillRule? {
        value == "evenodd" ? .evenOdd : (value == "nonzero" ? .nonZero : nil)
    }
}
