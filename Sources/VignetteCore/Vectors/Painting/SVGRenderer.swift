/// Draws an SVG element tree onto a canvas: containers, `use`, shapes,
/// group opacity through layers, every budget of ``SVGDocument/Limits``
/// counted as the work is reached.
struct SVGRenderer {
    let ids: [String: SVGElement]
    let limits: SVGDocument.Limits
    var raster: CoverageRaster
    var row: [UInt8]
    var renderedElements = 0
    var pathSegments = 0
    var layers = 0
    /// Filter and clipped-viewport pixels planned so far, counted against `maxCoverageWork`.
    var filterWork = 0
    /// Glyphs shaped so far, counted against `maxGlyphs`.
    var glyphCount = 0
    /// The fonts `text` is drawn with; nil: the bundled ones, read when text is first drawn.
    var fonts: FontCollection?
    var useStack: [String] = []
    var clipStack: [String] = []
    var maskStack: [String] = []
    var patternStack: [String] = []
    var markerStack: [String] = []
    var markerStyles: [String: SVGStyle] = [:]
    /// The document's root, whose ancestors' styles a marker inherits, and the colour `currentColor` starts as.
    var root: SVGElement?
    var rootColor = SVGColor.black

    /// Elements never drawn where they stand (they are referenced, or not graphics).
    static let hidden: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern", "marker", "style", "title",
        "desc", "metadata", "filter", "script", "font", "font-face", "cursor", "view", "animate", "set", "animateMotion",
        "animateTransform", "animateColor"
    ]

    init(root: SVGElement, width: Int, height: Int, limits: SVGDocument.Limits) {
        var ids: [String: SVGElement] = [:]
        root.forEachDescendant { element in
            if let id = element["id"], ids[id] == nil { ids[id] = element }
        }
        self.init(ids: ids, limits: limits, width: width, height: height)
        self.root = root
    }

    /// A renderer over a known id table (a pattern's tile).
    init(ids: [String: SVGElement], limits: SVGDocument.Limits, width: Int, height: Int) {
        self.ids = ids
        self.limits = limits
        raster = CoverageRaster(width: width, height: height)
        row = [UInt8](repeating: 0, count: width)
    }

    /// Context passed down the tree.
    struct State {
        var style: SVGStyle
        var transform: AffineTransform
        var viewport: (width: Double, height: Double)
        var depth: Int
        /// The ids of the elements drawn around this one: a `use` of one of them would draw itself inside itself.
        var ancestorIDs: [String] = []
        /// What `context-fill` and `context-stroke` paint: set inside a marker's or a `use`'s content, nothing elsewhere.
        var contextPaint = SVGContextPaint()
    }

    mutating func draw(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard !element.name.hasPrefix("foreign:"), !Self.hidden.contains(element.name) else { return }
        guard state.depth <= limits.maxDepth else { throw .limitExceeded(limit: "maxDepth", value: state.depth) }
        renderedElements += 1
        guard renderedElements <= limits.maxRenderedElements else {
            throw .limitExceeded(limit: "maxRenderedElements", value: renderedElements)
        }
        guard Self.passesConditions(element) else { return }
        let style = SVGStyle.computed(for: element, parent: state.style, viewport: state.viewport)
        guard style.display else { return }
        var inner = state
        inner.style = style
        inner.depth += 1
        if let id = element["id"] { inner.ancestorIDs.append(id) }
        // An invalid transform is ignored, as an invalid presentation attribute is: the element draws untransformed.
        if let transform = SVGTransformParser.transform(of: element, viewport: state.viewport) {
            inner.transform = state.transform.concatenating(transform)
        }
        guard inner.transform.isInvertible else { return }
        let clip = Self.reference(element, "clip-path")
        let mask = Self.reference(element, "mask")
        let filters = SVGFilterList.items(of: element)
        // CSS properties with no presentation attribute: only `style` (and the sheet, merged into it) sets them.
        let css = SVGStyle.declarations(element.attributes["style"] ?? "")
        let blend = css.last { $0.0 == "mix-blend-mode" }.map(\.1).flatMap { SVGCanvas.blendModes.contains($0) ? $0 : nil }
        let isolated = css.last { $0.0 == "isolation" }?.1 == "isolate"
        if style.opacity < 1 || clip != nil || mask != nil || !filters.isEmpty || blend != nil || isolated {
            guard style.opacity > 0 else { return }
            let effects = Effects(opacity: style.opacity, clip: clip, mask: mask, filters: filters, blend: blend)
            try drawInLayer(element, state: inner, effects: effects, on: &canvas)
        } else {
            try drawContent(element, state: inner, on: &canvas)
        }
    }

    /// What is applied to an element drawn on a layer of its own, in this order: filter, clip, mask, opacity.
    struct Effects {
        var opacity: Double
        var clip: String?
        var mask: String?
        var filters: [SVGFilterList.Item]
        /// `mix-blend-mode` other than `normal`.
        var blend: String?
    }

    /// The element alone on a transparent layer, then the layer at `opacity`.
    /// A reference to a missing filter draws nothing, as in browsers; a missing clip path or mask is ignored.
    private mutating func drawInLayer(
        _ element: SVGElement, state: State, effects: Effects, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let (clip, mask) = (effects.clip, effects.mask)
        let clipElement = clip.flatMap { ids[$0] }
        let maskElement = mask.flatMap { ids[$0] }
        var filterElements: [SVGElement] = []
        for item in effects.filters {
            switch item {
            case .reference(let id):
                guard let filter = ids[id], filter.name == "filter" else { return }
                filterElements.append(filter)
            case .function(let filter): filterElements.append(filter)
            }
        }
        // A missing clip path or mask is ignored (resvg, Chrome); one naming another kind of element hides the element.
        if let clipElement, clipElement.name != "clipPath" { return }
        if let maskElement, maskElement.name != "mask" { return }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        try drawContent(element, state: state, on: &layer)
        let needsBounds = clipElement != nil || maskElement != nil || !filterElements.isEmpty
        let bounds = needsBounds ? boundingBox(of: element, viewport: state.viewport) : nil
        for filter in filterElements { try applyFilter(filter, to: &layer, bounds: bounds, state: state) }
        if let clipElement { try applyClip(clipElement, to: &layer, bounds: bounds, state: state) }
        if let maskElement, let id = mask, !maskStack.contains(id) {
            maskStack.append(id)
            defer { maskStack.removeLast() }
            try applyMask(maskElement, to: &layer, bounds: bounds, state: state)
        }
        canvas.composite(layer, opacity: UInt8((effects.opacity * 255).rounded()), mode: effects.blend ?? "normal")
    }

    private mutating func drawContent(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        switch element.name {
        case "g", "a":
            for child in element.children { try draw(child, state: state, on: &canvas) }
        case "switch":
            if let child = element.children.first(where: Self.passesConditions) { try draw(child, state: state, on: &canvas) }
        case "svg":
            try drawNestedViewport(element, state: state, on: &canvas)
        case "use":
            try drawUse(element, state: state, on: &canvas)
        case "image":
            try drawImage(element, state: state, on: &canvas)
        case "text":
            try drawText(element, state: state, on: &canvas)
        default:
            let shapes = SVGShapes(viewport: state.viewport)
            if !state.style.markers.isEmpty, let (path, continuations) = shapes.markablePath(for: element) {
                return try drawShape(path, continuations: continuations, state: state, on: &canvas)
            }
            guard let path = shapes.path(for: element) else { return }
            try drawShape(path, state: state, on: &canvas)
        }
    }

    /// Conditional processing, on every element (and `switch` draws the
    /// first child that passes): no required extensions, and a language
    /// list (if any) with English — `en` itself or a tag under it (`en-US`),
    /// not merely one starting with the letters (`eng`).
    static func passesConditions(_ element: SVGElement) -> Bool {
        guard !element.name.hasPrefix("foreign:") else { return false }
        if element.attributes["requiredExtensions"] != nil { return false }
        if let languages = element.attributes["systemLanguage"] {
            return languages.split(separator: ",").contains {
                let tag = $0.trimmingXMLSpace().lowercased()
                return tag == "en" || tag.hasPrefix("en-")
            }
        }
        return true
    }
}
