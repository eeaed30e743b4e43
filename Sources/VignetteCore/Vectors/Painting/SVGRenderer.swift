/// Draws an SVG document's resolved tree (``SVGNode``) onto a canvas:
/// containers, `use`, shapes, group opacity through layers, every budget of
/// ``SVGDocument/Limits`` counted as the work is reached.
struct SVGRenderer {
    /// What `#id` references resolve to.
    let table: SVGNode.Table
    /// The first node with each id, for references that draw (`use`, clip paths, masks, markers, patterns).
    var nodes: [String: SVGNode] { table.nodes }
    /// The same nodes' elements, for references whose attributes are read (paint servers, filters).
    var ids: [String: SVGElement] { table.elements }
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
    var referencedStyles: [String: SVGStyle] = [:]
    /// The document's tree, in which a marker or filter inherits from its ancestors, and the colour `currentColor` starts as.
    var tree: SVGNode?
    var rootColor = SVGColor.black
    /// Device pixels per unit of the root's own size, each way: what `state.transform` adds to the document's
    /// transforms (text on a path measures its arc length at the document's scale, not the output's).
    var documentScale = (x: 1.0, y: 1.0)

    /// Elements never drawn where they stand (they are referenced, or not graphics).
    static let hidden: Set<String> = [
        "defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern", "marker", "style", "title",
        "desc", "metadata", "filter", "script", "font", "font-face", "cursor", "view", "animate", "set", "animateMotion",
        "animateTransform", "animateColor"
    ]

    /// A renderer of `tree`, whose references resolve through `table`.
    init(tree: SVGNode, table: SVGNode.Table, width: Int, height: Int, limits: SVGDocument.Limits) {
        self.init(table: table, limits: limits, width: width, height: height)
        self.tree = tree
    }

    /// A renderer over a known id table (a pattern's tile).
    init(table: SVGNode.Table, limits: SVGDocument.Limits, width: Int, height: Int) {
        self.table = table
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

    mutating func draw(_ node: SVGNode, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard node.kind != .resource, node.kind != .symbol else { return }
        guard state.depth <= limits.maxDepth else { throw .limitExceeded(limit: "maxDepth", value: state.depth) }
        renderedElements += 1
        guard renderedElements <= limits.maxRenderedElements else {
            throw .limitExceeded(limit: "maxRenderedElements", value: renderedElements)
        }
        guard node.passesConditions else { return }
        let style = SVGStyle.computed(node.declarations, parent: state.style, viewport: state.viewport)
        guard style.display else { return }
        var inner = state
        inner.style = style
        inner.depth += 1
        if let id = node.id { inner.ancestorIDs.append(id) }
        if let transform = node.ownTransform(in: state.viewport) { inner.transform = state.transform.concatenating(transform) }
        guard inner.transform.isInvertible else { return }
        if style.opacity < 1 || node.effects.needsLayer {
            guard style.opacity > 0 else { return }
            try drawInLayer(node, state: inner, opacity: style.opacity, on: &canvas)
        } else {
            try drawContent(node, state: inner, on: &canvas)
        }
    }

    /// The element alone on a transparent layer, then the layer at `opacity`.
    /// A reference to a missing filter draws nothing, as in browsers; a missing clip path or mask is ignored.
    private mutating func drawInLayer(
        _ node: SVGNode, state: State, opacity: Double, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let effects = node.effects
        let clipNode = effects.clip.flatMap { nodes[$0] }
        let maskNode = effects.mask.flatMap { nodes[$0] }
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
        if let clipNode, clipNode.element.name != "clipPath" { return }
        if let maskNode, maskNode.element.name != "mask" { return }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        try drawContent(node, state: state, on: &layer)
        let needsBounds = clipNode != nil || maskNode != nil || !filterElements.isEmpty
        let bounds = needsBounds ? boundingBox(of: node, viewport: state.viewport) : nil
        for filter in filterElements { try applyFilter(filter, to: &layer, bounds: bounds, state: state) }
        if let clipNode { try applyClip(clipNode, to: &layer, bounds: bounds, state: state) }
        if let maskNode, let id = effects.mask, !maskStack.contains(id) {
            maskStack.append(id)
            defer { maskStack.removeLast() }
            try applyMask(maskNode, to: &layer, bounds: bounds, state: state)
        }
        canvas.composite(layer, opacity: UInt8((opacity * 255).rounded()), mode: effects.blend)
    }

    private mutating func drawContent(_ node: SVGNode, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        switch node.kind {
        case .group:
            for child in node.children { try draw(child, state: state, on: &canvas) }
        case .switchGroup:
            if let child = node.children.first(where: \.passesConditions) { try draw(child, state: state, on: &canvas) }
        case .viewport:
            try drawNestedViewport(node, state: state, on: &canvas)
        case .use:
            try drawUse(node, state: state, on: &canvas)
        case .image:
            try drawImage(node.element, state: state, on: &canvas)
        case .text:
            try drawText(node.element, state: state, on: &canvas)
        case .shape:
            guard let geometry = node.geometry, let path = geometry.path(in: state.viewport) else { return }
            let markable = !state.style.markers.isEmpty && geometry.isMarkable
            try drawShape(path, continuations: markable ? geometry.continuations : nil, state: state, on: &canvas)
        case .symbol, .resource, .other:
            return
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
