/// Draws a descriptor's overlays on the canvas, in order.
enum OverlayRenderer {
    /// Draws `overlays` over `canvas` (whose scale is the surface's).
    static func draw(_ overlays: [ImageOverlay], on canvas: inout Bitmap, filter: ResamplingFilter) {
        // Implemented in a later step.
    }

    /// Upper bound of the bytes `draw` allocates.
    static func plannedBytes(_ overlays: [ImageOverlay], canvasWidth: Int, canvasHeight: Int, scale: Double, filter: ResamplingFilter) -> Int { 0 }
}
