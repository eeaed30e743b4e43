/// Filling and stroking one shape.
extension SVGRenderer {
    /// Fill, stroke and (given the segments' `continuations`) markers, in `paint-order`;
    /// paint servers in bounding-box units use `box` when given (a text's), else the path's.
    mutating func drawShape(
        _ path: VectorPath, continuations: Set<Int>? = nil, state: State, bounds box: (min: Vector2, max: Vector2)? = nil,
        on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let style = state.style
        guard style.visible else { return }
        pathSegments += path.elements.count
        guard pathSegments <= limits.maxPathSegments else { throw .limitExceeded(limit: "maxPathSegments", value: pathSegments) }
        let bounds = box ?? Self.bounds(of: path)
        let flattener = PathFlattener(tolerance: PathFlattener.deviceTolerance)
        let fill = try paint(style.fill, style: style, opacity: style.fillOpacity, bounds: bounds, state: state)
        let stroke =
            style.strokeWidth > 0 ? try paint(style.stroke, style: style, opacity: style.strokeOpacity, bounds: bounds, state: state) : nil
        for part in style.paintOrder {
            switch part {
            case .fill:
                guard let fill else { continue }
                try fillPolylines(
                    flattener.polylines(path.applying(state.transform)), rule: style.fillRule, fill: fill, antialias: style.antialias, on: &canvas)
            case .stroke:
                guard let stroke else { continue }
                // A non-scaling stroke is computed on the path in device space, its width in pixels.
                let (source, transform) = style.nonScalingStroke ? (path.applying(state.transform), AffineTransform.identity) : (path, state.transform)
                guard let outline = SVGStroker(style: style, transform: transform).outline(source, maxDashes: limits.maxDashes)
                else { throw .limitExceeded(limit: "maxDashes", value: limits.maxDashes + 1) }
                try fillPolylines(flattener.polylines(outline.applying(transform)), rule: .nonZero, fill: stroke, antialias: style.antialias, on: &canvas)
            case .markers:
                guard let continuations else { continue }
                try drawMarkers(on: path, continuations: continuations, state: state, on: &canvas)
            }
        }
    }

    /// The shape's bounding box in user space (curves flattened finely), for bounding-box units.
    static func bounds(of path: VectorPath) -> (min: Vector2, max: Vector2)? {
        guard let rough = path.controlBounds else { return nil }
        let size = max(rough.max.x - rough.min.x, rough.max.y - rough.min.y)
        let points = PathFlattener(tolerance: max(size, 1e-9) / 1000).polylines(path).flatMap(\.points)
        guard let first = points.first else { return nil }
        return points.reduce((first, first)) { box, p in
            (Vector2(x: min(box.0.x, p.x), y: min(box.0.y, p.y)), Vector2(x: max(box.1.x, p.x), y: max(box.1.y, p.y)))
        }
    }

    /// A paint with `opacity` folded in; nil when it draws nothing.
    mutating func paint(
        _ paint: SVGPaint, style: SVGStyle, opacity: Double, bounds: (min: Vector2, max: Vector2)?, state: State
    ) throws(SVGDocument.Error) -> Fill? {
        var base: SVGColor
        switch paint {
        case .none: return nil
        case .color(let color): base = color
        case .currentColor: base = style.color
        case .contextFill, .contextStroke: return try contextFill(paint, style: style, opacity: opacity, state: state)
        case .reference(let id, let fallback):
            // A gradient that cannot be drawn on this shape (bounding-box units on a line) gives way to the fallback colour.
            if let element = ids[id], element.name == "linearGradient" || element.name == "radialGradient",
                fallback == nil || !gradientNeedsFallback(element, bounds: bounds)
            {
                return gradientFill(element, bounds: bounds, transform: state.transform, opacity: opacity, viewport: state.viewport)
            }
            if let element = ids[id], element.name == "pattern" {
                // The tile's content is no content of a marker or `use`: context paints draw nothing in it.
                var tileState = state
                tileState.contextPaint = SVGContextPaint()
                return try patternFill(element, bounds: bounds, state: tileState, opacity: opacity)
            }
            guard let fallback else { return nil }
            base = fallback
        }
        base.alpha = UInt8((Double(base.alpha) * opacity).rounded())
        return base.alpha == 0 ? nil : .solid(Self.premultiplied(base))
    }

    /// Closed polygons through the coverage raster, then the fill where they cover.
    mutating func fillPolylines(
        _ polylines: [PathFlattener.Polyline], rule: CoverageRaster.FillRule, fill: Fill, antialias: Bool = true, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        raster.reset()
        raster.antialiased = antialias
        for polyline in polylines {
            let points = polyline.points
            guard let first = points.first else { continue }
            var previous = first
            for point in points.dropFirst() {
                raster.addLine(previous, point)
                previous = point
            }
            raster.addLine(previous, first)
            guard raster.work <= limits.maxCoverageWork else { throw .limitExceeded(limit: "maxCoverageWork", value: raster.work) }
            guard !raster.overflowed else {
                throw .limitExceeded(limit: "MemoryBudget", value: (raster.maxEdges + 1).multipliedReportingOverflow(by: CoverageRaster.edgeBytes).partialValue)
            }
        }
        guard let rows = raster.rowRange else { return }
        // A layer may be smaller than the raster (a marker's viewport): only its own pixels are drawn.
        for y in rows where y < canvas.height {
            guard let swept = raster.sweep(row: y, rule: rule, into: &row) else { continue }
            let columns = swept.clamped(to: 0..<canvas.width)
            switch fill {
            case .solid(let color): canvas.blend(row: y, columns: columns, coverage: row, color: color)
            case .gradient(let gradient): canvas.blend(row: y, columns: columns, coverage: row, shader: gradient)
            case .pattern(let pattern): canvas.blend(row: y, columns: columns, coverage: row, shader: pattern)
            }
        }
    }
}
