/// Nested viewports, `use` and `symbol`.
extension SVGRenderer {
    /// A nested `svg`: a new viewport at x, y of width × height, its viewBox fitted in.
    mutating func drawNestedViewport(_ node: SVGNode, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        let element = node.element
        let shapes = SVGShapes(viewport: state.viewport)
        let x = shapes.length(element, "x", .horizontal)
        let y = shapes.length(element, "y", .vertical)
        let width = shapes.length(element, "width", .horizontal, default: state.viewport.width)
        let height = shapes.length(element, "height", .vertical, default: state.viewport.height)
        guard width > 0, height > 0 else { return }
        var inner = state
        inner.transform = state.transform.concatenating(.translation(x, y))
        if let box = SVGViewport.viewBox(element["viewBox"]) {
            let fit = SVGViewport.parse(element["preserveAspectRatio"]).transform(box: box, width: width, height: height)
            inner.transform = inner.transform.concatenating(fit)
            inner.viewport = (box.width, box.height)
        } else {
            inner.viewport = (width, height)
        }
        // A nested viewport clips what overflows it, unless its `overflow` says otherwise.
        guard !node.overflowVisible else {
            for child in node.children { try draw(child, state: inner, on: &canvas) }
            return
        }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        for child in node.children { try draw(child, state: inner, on: &layer) }
        try clip(&layer, to: (x, y, width, height), transform: state.transform)
        canvas.composite(layer, opacity: 255)
    }

    /// `use href="#id"`: the referenced element at x, y, with the `use`'s
    /// style inherited; a `symbol` becomes a viewport of the `use`'s size.
    /// Cycles, depth and expansions are refused by the budgets.
    mutating func drawUse(_ node: SVGNode, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        let element = node.element
        guard let href = element["href"], href.hasPrefix("#") else { return }
        let id = String(href.dropFirst())
        guard let target = nodes[id] else { return }
        // A cycle, or a `use` inside the element it names, draws nothing, as in browsers.
        guard !useStack.contains(id), !state.ancestorIDs.contains(id) else { return }
        guard useStack.count < limits.maxDepth else { throw .limitExceeded(limit: "maxDepth", value: useStack.count) }
        useStack.append(id)
        defer { useStack.removeLast() }
        let shapes = SVGShapes(viewport: state.viewport)
        let (x, y) = (shapes.length(element, "x", .horizontal), shapes.length(element, "y", .vertical))
        var inner = state
        inner.transform = state.transform.concatenating(.translation(x, y))
        // The content's `context-fill` and `context-stroke` are the `use`'s, in its space moved by x and y, over the box of all it draws.
        inner.contextPaint = Self.contextPaint(of: inner) {
            boundingBox(of: node, viewport: state.viewport).map { Self.transformed($0, by: .translation(-x, -y)) }
        }
        if target.kind == .symbol {
            try drawSymbol(target, use: element, state: inner, on: &canvas)
        } else if target.kind == .viewport {
            // The use's size, if it has one, is the viewport's; its x and y are the use's.
            var resized = target
            if let width = element["width"] { resized.element.attributes["width"] = width }
            if let height = element["height"] { resized.element.attributes["height"] = height }
            resized.element.attributes["x"] = nil
            resized.element.attributes["y"] = nil
            try draw(resized, state: inner, on: &canvas)
        } else {
            try draw(target, state: inner, on: &canvas)
        }
    }

    private mutating func drawSymbol(
        _ node: SVGNode, use: SVGElement, state: State, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let symbol = node.element
        var style = SVGStyle.computed(node.declarations, parent: state.style, viewport: state.viewport)
        guard style.display else { return }
        style.opacity = 1
        let shapes = SVGShapes(viewport: state.viewport)
        let width = shapes.length(use, "width", .horizontal, default: shapes.length(symbol, "width", .horizontal, default: state.viewport.width))
        let height = shapes.length(use, "height", .vertical, default: shapes.length(symbol, "height", .vertical, default: state.viewport.height))
        guard width > 0, height > 0 else { return }
        var inner = state
        inner.style = style
        inner.depth += 1
        if let box = SVGViewport.viewBox(symbol["viewBox"]) {
            let fit = SVGViewport.parse(symbol["preserveAspectRatio"]).transform(box: box, width: width, height: height)
            inner.transform = state.transform.concatenating(fit)
            inner.viewport = (box.width, box.height)
        }
        // A symbol clips what overflows its viewport, unless its `overflow` says otherwise.
        if node.overflowVisible {
            for child in node.children { try draw(child, state: inner, on: &canvas) }
        } else {
            try drawClipped(node.children, to: (0, 0, width, height), in: state.transform, state: inner, on: &canvas)
        }
    }
}
