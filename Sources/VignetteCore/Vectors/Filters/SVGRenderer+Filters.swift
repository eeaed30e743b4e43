/// `filter="url(#id)"`: the element drawn on a layer, the part of it inside
/// the filter region run through the filter's primitives, the result drawn
/// back in its place. Every buffer is planned against the limits first.
extension SVGRenderer {
    /// The filter region in device pixels, within the canvas.
    struct FilterRegion: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// Replaces `layer` by the output of `filter` over it. An empty region
    /// leaves transparent black; a child Vignette does not know as a
    /// primitive (`feFoo`) is skipped, as resvg and browsers skip it.
    mutating func applyFilter(
        _ filter: SVGElement, to layer: inout SVGCanvas, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) {
        guard let region = Self.filterRegion(filter, bounds: bounds, state: state, canvas: (layer.width, layer.height)) else {
            return layer.clear()
        }
        let primitives = filter.children.filter { SVGFilterChain.supported.contains($0.name) }
        let inherited = filterInheritance(filter, state: state)
        // Two sources, the previous result and one image per primitive (and merge node) at most; an feImage draws a layer too.
        let images = primitives.reduce(3) { $0.addingClamped(1 + $1.children.count + ($1.name == "feImage" ? 1 : 0)) }
        let planned = (region.width * region.height).multipliedClamped(by: images)
        guard planned <= limits.maxPixels else { throw .limitExceeded(limit: "maxPixels", value: planned) }
        // Beyond the pixels planned: what the costlier primitives (convolution, noise) do per pixel.
        let work = primitives.reduce(0) { $0.addingClamped(SVGFilterChain.cost(of: $1) - 1) }
        filterWork = filterWork.addingClamped(planned).addingClamped((region.width * region.height).multipliedClamped(by: work))
        guard filterWork <= limits.maxCoverageWork else { throw .limitExceeded(limit: "maxCoverageWork", value: filterWork) }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        var units = state.transform
        let objectUnits = filter["primitiveUnits"] == "objectBoundingBox"
        if objectUnits {
            guard let bounds else { return layer.clear() }
            units = units.concatenating(Self.boxTransform(bounds))
        }
        let frame = SVGFilterChain.Frame(x: region.x, y: region.y, viewport: state.viewport, objectUnits: objectUnits)
        var chain = SVGFilterChain(
            source: Self.crop(layer, region), units: units, filter: filter, currentColor: inherited.color,
            linearByDefault: inherited.linear, frame: frame)
        chain.prepared = try filterImages(
            primitives, chain: chain, region: region, bounds: bounds, state: state, canvas: (layer.width, layer.height))
        for primitive in primitives where !chain.run(primitive) {
            return layer.clear()
        }
        Self.paste(chain.output, into: &layer, at: region)
    }

    /// What the filter's primitives inherit from the filter element and its
    /// own ancestors, never from the element filtered: `color` (for
    /// `currentColor`) and `color-interpolation-filters`. A filter function
    /// is in no tree: its `currentColor` is the filtered element's.
    mutating func filterInheritance(_ filter: SVGElement, state: State) -> (color: SVGColor, linear: Bool) {
        guard let id = filter["id"], let tree, let path = filterPath(to: id, in: tree) else {
            return (state.style.color, SVGFilterChain.interpolation(filter) ?? true)
        }
        var style = SVGStyle()
        style.color = rootColor
        var linear = true
        for node in path {
            style = SVGStyle.computed(node.declarations, parent: style, viewport: state.viewport)
            linear = SVGFilterChain.interpolation(node.element) ?? linear
        }
        return (style.color, linear)
    }

    /// The elements from `root` down to the first whose id is `id` (the one
    /// `ids` holds). Every element visited counts in `filterWork`, so a file of
    /// many filtered elements naming a filter deep in a large tree meets `maxCoverageWork`.
    mutating func filterPath(to id: String, in root: SVGNode) -> [SVGNode]? {
        var visited = 0
        func search(_ node: SVGNode) -> [SVGNode]? {
            visited += 1
            if node.id == id { return [node] }
            for child in node.children {
                if let rest = search(child) { return [node] + rest }
            }
            return nil
        }
        defer { filterWork = filterWork.addingClamped(visited) }
        return search(root)
    }

    /// The filter's x, y, width and height (`filterUnits`, by default the
    /// element's bounding box, −10 % −10 % 120 % 120 %) through the
    /// transform, rounded out to whole pixels and cut to the canvas.
    static func filterRegion(
        _ filter: SVGElement, bounds: (min: Vector2, max: Vector2)?, state: State, canvas: (width: Int, height: Int)
    ) -> FilterRegion? {
        let objectUnits = filter["filterUnits"] != "userSpaceOnUse"
        func length(_ name: String, _ axis: SVGLength.Axis, _ fraction: Double) -> Double {
            guard let text = filter[name], let value = SVGLength.parse(text) else {
                return objectUnits ? fraction : fraction * (axis == .horizontal ? state.viewport.width : state.viewport.height)
            }
            if objectUnits { return value.isPercentage ? value.value / 100 : value.value }
            return value.resolved(axis, viewport: state.viewport)
        }
        var rect = [length("x", .horizontal, -0.1), length("y", .vertical, -0.1), length("width", .horizontal, 1.2), length("height", .vertical, 1.2)]
        if objectUnits {
            guard let box = bounds else { return nil }
            let (w, h) = (box.max.x - box.min.x, box.max.y - box.min.y)
            rect = [box.min.x + rect[0] * w, box.min.y + rect[1] * h, rect[2] * w, rect[3] * h]
        }
        guard rect[2] > 0, rect[3] > 0, rect.allSatisfy(\.isFinite) else { return nil }
        let corners = [(rect[0], rect[1]), (rect[0] + rect[2], rect[1]), (rect[0], rect[1] + rect[3]), (rect[0] + rect[2], rect[1] + rect[3])]
            .map { state.transform.apply(Vector2(x: $0.0, y: $0.1)) }
        // Within the canvas first, so a huge region never becomes a huge integer.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clamp((corners.map(\.x).min()! + 1e-9).rounded(.down), canvas.width)
        let y0 = clamp((corners.map(\.y).min()! + 1e-9).rounded(.down), canvas.height)
        let x1 = clamp((corners.map(\.x).max()! - 1e-9).rounded(.up), canvas.width)
        let y1 = clamp((corners.map(\.y).max()! - 1e-9).rounded(.up), canvas.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return FilterRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The part of `canvas` inside `region`, as an sRGB filter image.
    static func crop(_ canvas: SVGCanvas, _ region: FilterRegion) -> SVGFilterImage {
        var image = SVGFilterImage(width: region.width, height: region.height, linear: false)
        for y in 0..<region.height {
            let from = ((region.y + y) * canvas.width + region.x) * 4
            let to = y * region.width * 4
            image.pixels[to..<to + region.width * 4] = canvas.pixels[from..<from + region.width * 4]
        }
        return image
    }

    /// `canvas` cleared, then `image` written at `region`.
    static func paste(_ image: SVGFilterImage, into canvas: inout SVGCanvas, at region: FilterRegion) {
        canvas.clear()
        let srgb = image.converted(linear: false)
        for y in 0..<region.height {
            let to = ((region.y + y) * canvas.width + region.x) * 4
            let from = y * region.width * 4
            canvas.pixels[to..<to + region.width * 4] = srgb.pixels[from..<from + region.width * 4]
        }
    }
}

/// `feImage`: drawn by the renderer before the chain runs, since it draws
/// like an element — a `#fragment` as `use` would draw it, moved to the
/// corner of the primitive's subregion (a cycle draws nothing); a `data:`
/// bitmap as `image` would, placed in the primitive's x, y, width and
/// height (by default the filter region) by `preserveAspectRatio`. Any
/// other reference draws nothing.
extension SVGRenderer {
    mutating func filterImages(
        _ primitives: [SVGElement], chain: SVGFilterChain, region: FilterRegion, bounds: (min: Vector2, max: Vector2)?, state: State,
        canvas: (width: Int, height: Int)
    ) throws(SVGDocument.Error) -> [SVGFilterImage?] {
        var images: [SVGFilterImage?] = []
        for primitive in primitives {
            guard primitive.name == "feImage", let href = primitive["href"] else {
                images.append(nil)
                continue
            }
            var layer = SVGCanvas(width: canvas.width, height: canvas.height)
            layers += 1
            defer { layers -= 1 }
            guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
            let rect = Self.imageRect(primitive, chain: chain, bounds: bounds)
            if href.hasPrefix("#"), let rect {
                // An element is drawn with its user space's origin at the subregion's corner.
                let use = SVGElement(name: "use", attributes: ["href": href, "x": "\(rect.x)", "y": "\(rect.y)"])
                try drawUse(SVGNode(use), state: state, on: &layer)
            } else if href.hasPrefix("data:"), let rect {
                var attributes = ["href": href, "x": "\(rect.x)", "y": "\(rect.y)", "width": "\(rect.width)", "height": "\(rect.height)"]
                attributes["preserveAspectRatio"] = primitive["preserveAspectRatio"]
                try drawImage(SVGElement(name: "image", attributes: attributes), state: state, on: &layer)
            }
            images.append(Self.crop(layer, region))
        }
        return images
    }

    /// The primitive's rectangle in user space: its primitive-unit rectangle, through the bounding box when units are fractions of it.
    static func imageRect(
        _ primitive: SVGElement, chain: SVGFilterChain, bounds: (min: Vector2, max: Vector2)?
    ) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let rect = chain.rect(of: primitive, fallback: chain.fullRegion) else { return nil }
        guard chain.frame.objectUnits else { return rect }
        guard let bounds else { return nil }
        let (w, h) = (bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y)
        return (bounds.min.x + rect.x * w, bounds.min.y + rect.y * h, rect.width * w, rect.height * h)
    }
}
