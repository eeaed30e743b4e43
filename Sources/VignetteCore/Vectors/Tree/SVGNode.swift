/// One element of the resolved tree the renderer draws: built once per
/// document from the parsed elements (after the style sheet is applied and
/// font sizes are resolved), with everything drawing asks of an element
/// parsed and typed — its kind, declared style, transform, effects
/// (clip path, mask, filters, blend mode) and shape geometry — so a draw
/// matches cases and does arithmetic instead of reading attribute strings.
///
/// Paint servers, filter primitives, markers' and images' own attributes are
/// read from ``element`` when a reference reaches them.
struct SVGNode: Sendable, Hashable {
    /// What an element draws as.
    enum Kind: Sendable, Hashable {
        /// `g` and `a`: their children.
        case group
        /// `switch`: its first child that passes the conditions.
        case switchGroup
        /// A nested `svg`: a new viewport.
        case viewport
        case use, image, text
        /// A basic shape or a path (one with no geometry draws nothing).
        case shape
        /// A `symbol`: drawn only through a `use`, but a group in bounding boxes.
        case symbol
        /// Never drawn where it stands: definitions and resources (`defs`,
        /// `clipPath`, `marker`, gradients…), metadata, animation and foreign elements.
        case resource
        /// Any other element: nothing of its own, though its effects (a filter) still draw.
        case other
    }

    /// The effects drawn on a layer of its own, in this order: filter, clip, mask, opacity, blend.
    struct Effects: Sendable, Hashable {
        var clip: String?
        var mask: String?
        var filters: [SVGFilterList.Item] = []
        var blend: SVGBlendMode = .normal
        /// `isolation: isolate`.
        var isolated = false

        /// Whether any effect but opacity needs a layer.
        var needsLayer: Bool { clip != nil || mask != nil || !filters.isEmpty || blend != .normal || isolated }
    }

    /// The element as parsed, for the attributes read when a reference reaches it.
    var element: SVGElement
    var kind: Kind
    var id: String?
    var declarations: SVGStyle.Declarations
    /// The `transform` list, nil when it has none or it is invalid (ignored, as an invalid presentation attribute is).
    var transform: AffineTransform?
    /// `transform-origin` as written (it may resolve in the viewport).
    var transformOrigin: String?
    var effects: Effects
    /// `overflow: visible` or `auto` on a viewport, symbol or marker: no clip to it.
    var overflowVisible: Bool
    /// Conditional processing: no required extensions, a language list with English (if any).
    var passesConditions: Bool
    var geometry: SVGGeometry?
    var children: [SVGNode]

    /// The node of `element` and its descendants.
    init(_ element: SVGElement) {
        self.element = element
        kind = Self.kind(of: element.name)
        id = element["id"]
        // `style` parsed once for every property read from it here (it was parsed six times per element).
        let inline = SVGStyle.declarations(element.attributes["style"] ?? "")
        declarations = SVGStyle.Declarations(element, inline: inline)
        transform = element["transform"].flatMap(SVGTransformParser.parse)
        transformOrigin = transform == nil ? nil : SVGFilterChain.property(element, "transform-origin", inline: inline)
        effects = Effects(element, inline: inline)
        let overflow = inline.last { $0.0 == "overflow" }?.1 ?? element["overflow"]
        overflowVisible = overflow == "visible" || overflow == "auto"
        passesConditions = SVGRenderer.passesConditions(element)
        geometry = kind == .shape ? SVGGeometry(element) : nil
        children = element.children.map(SVGNode.init)
    }

    /// Its own transform about its `transform-origin` in `viewport`; nil when it has none.
    func ownTransform(in viewport: (width: Double, height: Double)) -> AffineTransform? {
        guard let transform else { return nil }
        let origin = transformOrigin.flatMap { SVGTransformParser.origin($0, viewport: viewport) }
        return origin.map { SVGTransformParser.about($0, transform) } ?? transform
    }

    /// What `#id` references resolve to, built once per document: the first
    /// node with each id in document order, and the same nodes' elements
    /// (for the references whose attributes are read).
    struct Table: Sendable {
        let nodes: [String: SVGNode]
        let elements: [String: SVGElement]

        init(_ tree: SVGNode) {
            var nodes: [String: SVGNode] = [:]
            tree.forEachDescendant { node in
                if let id = node.id, nodes[id] == nil { nodes[id] = node }
            }
            self.nodes = nodes
            elements = nodes.mapValues(\.element)
        }
    }

    /// This node and its descendants, depth first.
    func forEachDescendant(_ body: (SVGNode) -> Void) {
        body(self)
        for child in children { child.forEachDescendant(body) }
    }

    private static func kind(of name: String) -> Kind {
        switch name {
        case "g", "a": return .group
        case "switch": return .switchGroup
        case "svg": return .viewport
        case "use": return .use
        case "image": return .image
        case "text": return .text
        case "symbol": return .symbol
        case "path", "rect", "circle", "ellipse", "line", "polyline", "polygon": return .shape
        default: return name.hasPrefix("foreign:") || SVGRenderer.hidden.contains(name) ? .resource : .other
        }
    }
}

extension SVGNode.Effects {
    /// The effects `element` declares; CSS properties with no presentation
    /// attribute (`mix-blend-mode`, `isolation`) only from `style` (the sheet is merged into it).
    init(_ element: SVGElement, inline: [(String, String)]) {
        clip = SVGRenderer.reference(element, "clip-path", inline: inline)
        mask = SVGRenderer.reference(element, "mask", inline: inline)
        filters = SVGFilterList.items(of: element, inline: inline)
        let css = inline
        blend = css.last { $0.0 == "mix-blend-mode" }.flatMap { SVGBlendMode(rawValue: $0.1) } ?? .normal
        isolated = css.last { $0.0 == "isolation" }?.1 == "isolate"
    }
}
