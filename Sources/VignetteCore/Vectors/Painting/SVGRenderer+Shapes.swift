/// Filling and stroking one shape.
extension SVGRenderer {
    mutating func drawShape(
        _ path: VectorPath, style: SVGStyle, transform: AffineTransform, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        guard style.visible else { return }
        pathSegments += path.elements.count
        guard pathSegments <= limits.maxPathSegments else { throw .limitExceeded(limit: "maxPathSegments", value: pathSegments) }
        let fill = color(style.fill, style: style, opacity: style.fillOpacity)
        let strokeColor = style.strokeWidth > 0 ? color(style.stroke, style: style, opacity: style.strokeOpacity) : nil
        if let fill {
            let device = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(path.applying(transform))
            try fillPolylines(device, rule: style.fillRule, color: fill, on: &canvas)
        }
        if let strokeColor {
            let outline = SVGStroker(style: style, transform: transform).outline(path)
            let device = PathFlattener(tolerance: PathFlattener.deviceTolerance).polylines(outline.applying(transform))
            try fillPolylines(device, rule: .nonZero, color: strokeColor, on: &canvas)
        }
    }

    /// A paint as a premultiplied colour with `opacity` folded in; nil when it draws nothing.
    func color(_ paint: SVGPaint, style: SVGStyle, opacity: Double) -> (UInt8, UInt8, UInt8, UInt8)? {
        let base: SVGColor
        switch paint {
        case .none: return nil
        case .color(let color): base = color
        case .currentColor: base = style.color
        case .reference(let id, let fallback):
            guard let element = ids[id], let color = Self.solidColor(of: element) ?? fallback else { return nil }
            base = color
        }
        let alpha = UInt8((Double(base.alpha) * opacity).rounded())
        guard alpha != 0 else { return nil }
        return (
            PixelMath.multiply(base.red, alpha), PixelMath.multiply(base.green, alpha), PixelMath.multiply(base.blue, alpha), alpha
        )
    }

    /// Until gradients are drawn, a gradient paints its first stop's colour — better than nothing for icons.
    static func solidColor(of element: SVGElement) -> SVGColor? {
        guard element.name == "linearGradient" || element.name == "radialGradient" else { return nil }
        guard let stop = element.children.first(where: { $0.name == "stop" }) else { return nil }
        let declarations = Dictionary(SVGStyle.declarations(stop.attributes["style"] ?? ""), uniquingKeysWith: { $1 })
        var color = (declarations["stop-color"] ?? stop["stop-color"]).flatMap(SVGColor.parse) ?? .black
        let opacity = (declarations["stop-opacity"] ?? stop["stop-opacity"]).flatMap(SVGColor.unit) ?? 1
        color.alpha = UInt8((Double(color.alpha) * opacity).rounded())
        return color
    }

    /// Closed polygons through the coverage raster, then `color` where they cover.
    mutating func fillPolylines(
        _ polylines: [PathFlattener.Polyline], rule: CoverageRaster.FillRule, color: (UInt8, UInt8, UInt8, UInt8),
        on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        raster.reset()
        for polyline in polylines {
            guard var previous = polyline.points.first else { continue }
            for point in polyline.points.dropFirst() + [previous] {
                raster.addLine(previous, point)
                previous = point
            }
            guard raster.work <= limits.maxCoverageWork else { throw .limitExceeded(limit: "maxCoverageWork", value: raster.work) }
        }
        guard let rows = raster.rowRange else { return }
        for y in rows {
            guard let columns = raster.sweep(row: y, rule: rule, into: &row) else { continue }
            canvas.blend(row: y, columns: columns, coverage: row, color: color)
        }
    }
}
