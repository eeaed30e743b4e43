/// The document's intrinsic size and what it skips.
extension SVGDocument {
    static let defaultSide = 100.0

    static func intrinsicSize(_ root: SVGElement, viewBox: (x: Double, y: Double, width: Double, height: Double)?) -> Size {
        func side(_ name: String) -> Double? {
            guard let text = root[name], let length = SVGLength.parse(text), !length.isPercentage, length.value > 0 else { return nil }
            return length.value
        }
        let width = side("width")
        let height = side("height")
        switch (width, height, viewBox) {
        case (let w?, let h?, _): return Size(width: w, height: h)
        case (let w?, nil, let box?): return Size(width: w, height: w * box.height / box.width)
        case (nil, let h?, let box?): return Size(width: h * box.width / box.height, height: h)
        case (nil, nil, let box?): return Size(width: box.width, height: box.height)
        default: return Size(width: width ?? defaultSide, height: height ?? defaultSide)
        }
    }

    static let drawn: Set<String> = Set([
        "svg", "g", "a", "switch", "use", "symbol", "defs", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "title", "desc", "metadata", "style", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "image", "pattern",
        "filter", "marker", "text", "tspan", "textPath", "tref"
    ]).union(SVGFilterChain.supported).union(SVGFilterChain.parts)

    /// One walk: the names of elements not drawn, and each `filter url(#id)` naming no filter
    /// (an element with a missing filter is not drawn at all: say which reference it was).
    static func skipped(in root: SVGElement) -> [String] {
        var names = Set<String>()
        var filters = Set<String>()
        var referenced = Set<String>()
        root.forEachDescendant { element in
            if !element.name.hasPrefix("foreign:"), !drawn.contains(element.name) { names.insert(element.name) }
            // An image by any other reference than `data:` (or `#id` for feImage) is never read.
            if element.name == "image" || element.name == "feImage", let href = element["href"],
                !href.hasPrefix("data:"), !href.hasPrefix("#")
            {
                names.insert("\(element.name) \(href.prefix(80))")
            }
            if element.name == "filter", let id = element["id"] { filters.insert(id) }
            for case .reference(let id) in SVGFilterList.items(of: element) { referenced.insert(id) }
        }
        return names.union(referenced.subtracting(filters).map { "filter url(#\($0))" }).sorted()
    }
}

extension SVGRenderer {
    /// The root `svg`: its children in the state the document set up (its
    /// own x, y, width and height are the document's size).
    mutating func drawRoot(_ root: SVGNode, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        var node = root
        node.kind = .group
        rootColor = state.style.color
        try draw(node, state: state, on: &canvas)
    }
}

extension SVGDocument {
    /// Every family a `font-family` (or `font`) names in a document that has `text`, generics left out.
    static func fontFamilies(in root: SVGElement) -> [String] {
        var hasText = false
        var names = Set<String>()
        root.forEachDescendant { element in
            if element.name == "text" { hasText = true }
            var values = element.attributes["font-family"].map { [$0] } ?? []
            for (name, value) in SVGStyle.declarations(element.attributes["style"] ?? "") where name == "font-family" { values.append(value) }
            for value in values where value != "inherit" {
                for family in SVGTextStyle.families(value) where !FontCollection.generics.contains(family.lowercased()) { names.insert(family) }
            }
        }
        return hasText ? names.sorted() : []
    }
}
