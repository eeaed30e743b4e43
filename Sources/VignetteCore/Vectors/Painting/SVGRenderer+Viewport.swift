/// Content clipped to a viewport (a marker's, a symbol's) on a layer only as
/// large as the viewport's pixels, so a thousand small markers cost a
/// thousand small layers, not a thousand canvases.
extension SVGRenderer {
    /// Draws `children` in `state`, clipped to `rect` in the user space of `space`.
    mutating func drawClipped(
        _ children: [SVGNode], to rect: (x: Double, y: Double, width: Double, height: Double), in space: AffineTransform,
        state: State, on canvas: inout SVGCanvas
    ) throws(SVGDocument.Error) {
        let corners = [
            Vector2(x: rect.x, y: rect.y), Vector2(x: rect.x + rect.width, y: rect.y),
            Vector2(x: rect.x + rect.width, y: rect.y + rect.height), Vector2(x: rect.x, y: rect.y + rect.height)
        ].map(space.apply)
        guard corners.allSatisfy(\.isFinite) else { return }
        func pixel(_ value: Double, _ limit: Int, up: Bool) -> Int {
            Int(min(max(up ? value.rounded(.up) : value.rounded(.down), 0), Double(limit)))
        }
        let x0 = pixel(corners.map(\.x).min()!, canvas.width, up: false)
        let x1 = pixel(corners.map(\.x).max()!, canvas.width, up: true)
        let y0 = pixel(corners.map(\.y).min()!, canvas.height, up: false)
        let y1 = pixel(corners.map(\.y).max()!, canvas.height, up: true)
        guard x0 < x1, y0 < y1 else { return }
        layers += 1
        defer { layers -= 1 }
        guard layers <= limits.maxLayers else { throw .limitExceeded(limit: "maxLayers", value: layers) }
        // The layer and its clip mask.
        filterWork = filterWork.addingClamped(2 * (x1 - x0) * (y1 - y0))
        guard filterWork <= limits.maxCoverageWork else { throw .limitExceeded(limit: "maxCoverageWork", value: filterWork) }
        var layer = SVGCanvas(width: x1 - x0, height: y1 - y0)
        let shift = AffineTransform.translation(Double(-x0), Double(-y0))
        var inner = state
        inner.transform = shift.concatenating(state.transform)
        inner.contextPaint = state.contextPaint.moved(by: shift)
        for child in children { try draw(child, state: inner, on: &layer) }
        try clip(&layer, to: rect, transform: shift.concatenating(space))
        canvas.composite(layer, atX: x0, y: y0)
    }
}
