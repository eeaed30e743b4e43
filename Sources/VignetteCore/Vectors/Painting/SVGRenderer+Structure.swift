/// Nested viewports, `use` and `symbol`.
extension SVGRenderer {
    /// A nested `svg`: a new viewport at x, y of width × height, its viewBox fitted in.
    mutating func drawNestedViewport(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
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
        let overflow = SVGStyle.declarations(element.attributes["style"] ?? "").last { $0.0 == "overflow" }?.1 ?? element["overflow"]
        guard overflow != "visible", overflow != "auto" else {
            for child in element.children { try draw(child, state: inner, on: &canvas) }
            return
        }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var layer = SVGCanvas(width: canvas.width, height: canvas.height)
        for child in element.children { try draw(child, state: inner, on: &layer) }
        try clip(&layer, to: (x, y, width, height), transform: state.transform)
        canvas.composite(layer, opacity: 255)
    }

    /// `use href="#id"`: the referenced element at x, y, with the `use`'s
    /// style inherited; a `symbol` becomes a viewport of the `use`'s size.
    /// Cycles, depth and expansions are refused by the budgets.
    mutating func drawUse(_ element: SVGElement, state: State, on canvas: inout SVGCanvas) throws(SVGDocument.Error) {
        guard let href = element["href"], href.hasPrefix("#") else { return }
        let id = String(href.dropFirst())
        guard let target = ids[id] else { return }
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
            boundingBox(of: element, viewport: state.viewport).map { Self.transformed($0, by: .translation(-x, -y)) }
        }
        if target.name == "symbol" {
            try drawSymbol(target, use: element, state: inner, on: &canvas)
        } else if target.name == "svg" {
            var resized = target
            if let width = element["width"] { resized.attributes["width"] = width }
            if let height = element["height"] { resized.attributes["height"] = height }
            resized.attributes["x"] = nil
            resized.attributes["y"] = nil
            try draw(resized, state: inner, on: &canvas)
        } else {
            try draw(target, state: inner, on: &canvas)
        }
    }

    private mutating func drawSymbol(
        _ symbol: SVGElement, use: SVGElement, state: State, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        var style = SVGStyle.computed(for: symbol, parent: state.style, viewport: state.viewport)
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
        let overflow = SVGStyle.declarations(symbol.attributes["style"] ?? "").last { $0.0 == "overflow" }?.1 ?? symbol["overflow"]
        if overflow == "visible" || overflow == "auto" {
            for child in symbol.children { try draw(child, state: inner, on: &canvas) }
        } else {
            try drawClipped(symbol.children, to: (0, 0, width, height), in: state.transform, state: inner, on: &canvas)
        }
    }
}
