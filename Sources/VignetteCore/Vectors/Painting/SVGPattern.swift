/// A pattern's tile, drawn once at device resolution, repeated over the
/// shape: each pixel takes the tile's pixel under it (nearest), wrapping.
struct SVGPattern: SVGShader {
    /// Device pixel → pattern space (where the tile is `origin`, `size`).
    let inverse: AffineTransform
    let origin: Vector2
    let size: Vector2
    let tile: SVGCanvas
    let opacity: UInt8

    func color(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = inverse.apply(Vector2(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let u = (p.x - origin.x) / size.x
        let v = (p.y - origin.y) / size.y
        guard u.isFinite, v.isFinite, abs(u) < 1e9, abs(v) < 1e9 else { return (0, 0, 0, 0) }
        // Bilinear between the four tile pixels around the point, wrapping at the tile's edges.
        // |u|, |v| < 1e9 and the tile's size bound everything floored here (floorSmall: no libm call).
        let sx = (u - DeterministicMath.floorSmall(u)) * Double(tile.width) - 0.5
        let sy = (v - DeterministicMath.floorSmall(v)) * Double(tile.height) - 0.5
        let x0 = Int(DeterministicMath.floorSmall(sx))
        let y0 = Int(DeterministicMath.floorSmall(sy))
        // sx − ⌊sx⌋ is never negative: rounded without a libm call.
        let fx = DeterministicMath.roundedNonNegative((sx - Double(x0)) * 256)
        let fy = DeterministicMath.roundedNonNegative((sy - Double(y0)) * 256)
        let (w, h) = (tile.width, tile.height)
        let columns = ((x0 % w + w) % w, ((x0 + 1) % w + w) % w)
        let rows = ((y0 % h + h) % h, ((y0 + 1) % h + h) % h)
        // The four corners' byte offsets; no array per pixel.
        let (a, b, c, d) = ((rows.0 * w + columns.0) * 4, (rows.0 * w + columns.1) * 4, (rows.1 * w + columns.0) * 4, (rows.1 * w + columns.1) * 4)
        return tile.pixels.withUnsafeBufferPointer { t in
            func channel(_ k: Int) -> UInt8 {
                let top = Int(t[a + k]) * (256 - fx) + Int(t[b + k]) * fx
                let bottom = Int(t[c + k]) * (256 - fx) + Int(t[d + k]) * fx
                let value = UInt8((top * (256 - fy) + bottom * fy + 32_768) >> 16)
                return opacity == 255 ? value : PixelMath.multiply(value, opacity)
            }
            return (channel(0), channel(1), channel(2), channel(3))
        }
    }
}

extension SVGRenderer {
    /// The pattern `element` resolves to for a shape of `bounds`; nil when it paints nothing.
    mutating func patternFill(
        _ element: SVGElement, bounds: (min: Vector2, max: Vector2)?, state: State, opacity: Double
    ) throws(SVGDocument.Error) -> Fill? {
        let chain = referenceChain(from: element)
        func attribute(_ name: String) -> String? { chain.lazy.compactMap { $0[name] }.first }
        guard let owner = chain.first(where: { !$0.children.isEmpty }), let id = element["id"], !patternStack.contains(id),
            let ownerNode = owner["id"].flatMap({ nodes[$0] })
        else { return nil }
        let objectUnits = attribute("patternUnits") != "userSpaceOnUse"
        func length(_ name: String, _ axis: SVGLength.Axis) -> Double {
            // Left out (or invalid), a length is 0 — of the box in bounding-box units, so x and y start at its corner.
            let value = attribute(name).flatMap(SVGLength.parse) ?? SVGLength(value: 0, isPercentage: false)
            if objectUnits {
                let fraction = value.isPercentage ? value.value / 100 : value.value
                guard let bounds else { return 0 }
                let (w, h) = (bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y)
                switch axis {
                case .horizontal: return (name == "x" ? bounds.min.x : 0) + fraction * w
                default: return (name == "y" ? bounds.min.y : 0) + fraction * h
                }
            }
            return value.resolved(axis, viewport: state.viewport)
        }
        let origin = Vector2(x: length("x", .horizontal), y: length("y", .vertical))
        let size = Vector2(x: length("width", .horizontal), y: length("height", .vertical))
        guard size.x > 0, size.y > 0 else { return nil }
        var space = state.transform
        if let text = attribute("patternTransform"), let transform = SVGTransformParser.parse(text) { space = space.concatenating(transform) }
        guard let inverse = space.inverted else { return nil }
        // The tile's pixels: its size under the pattern's device scale, within the budget.
        let scaleX = (space.a * space.a + space.b * space.b).squareRoot()
        let scaleY = (space.c * space.c + space.d * space.d).squareRoot()
        // At most 1024 px a side (4 MiB): a finer tile than that is drawn coarser, not refused.
        let tileWidth = Int(min(1024, max(1, (size.x * scaleX).rounded(.up))))
        let tileHeight = Int(min(1024, max(1, (size.y * scaleY).rounded(.up))))
        guard layers + 1 <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers + 1) }
        var content = AffineTransform.scale(Double(tileWidth) / size.x, Double(tileHeight) / size.y)
        if let box = SVGViewport.viewBox(attribute("viewBox")) {
            content = content.concatenating(
                SVGViewport.parse(attribute("preserveAspectRatio")).transform(box: box, width: size.x, height: size.y))
        } else if attribute("patternContentUnits") == "objectBoundingBox", let bounds {
            content = content.concatenating(.scale(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y))
        }
        var inner = state
        inner.transform = content
        // The tile's content inherits from the pattern, not from the shape it paints.
        var root = SVGStyle()
        root.color = state.style.color
        inner.style = SVGStyle.computed(ownerNode.declarations, parent: root, viewport: state.viewport)
        inner.style.opacity = 1
        let tile = try drawTile(ownerNode, id: id, width: tileWidth, height: tileHeight, state: inner)
        let alpha = UInt8((opacity * 255).rounded())
        guard alpha != 0 else { return nil }
        return .pattern(SVGPattern(inverse: inverse, origin: origin, size: size, tile: tile, opacity: alpha))
    }

    /// The pattern's content on a tile of its own, by a renderer sharing this one's budgets.
    private mutating func drawTile(
        _ owner: SVGNode, id: String, width: Int, height: Int, state: State
    ) throws(SVGDocument.Error) -> SVGCanvas {
        var tile = SVGCanvas(width: width, height: height)
        var renderer = SVGRenderer(table: table, limits: limits, width: width, height: height)
        renderer.raster.maxEdges = raster.maxEdges
        renderer.patternStack = patternStack + [id]
        (renderer.tree, renderer.rootColor, renderer.markerStack) = (tree, rootColor, markerStack)
        (renderer.renderedElements, renderer.pathSegments, renderer.filterWork) = (renderedElements, pathSegments, filterWork)
        renderer.layers = layers + 1
        (renderer.fonts, renderer.glyphCount) = (fonts, glyphCount)
        for child in owner.children { try renderer.draw(child, state: state, on: &tile) }
        (renderedElements, pathSegments, filterWork) = (renderer.renderedElements, renderer.pathSegments, renderer.filterWork)
        glyphCount = renderer.glyphCount
        return tile
    }
}
