/// Draws the border inside the shape's edge and clips the canvas to the
/// shape, from exact coverage.
enum ShapeMask {
    /// Strokes `border` inside `shape`'s edge, then clips `canvas` to `shape`.
    static func apply(_ shape: ImageShape, border: Border?, to canvas: inout Bitmap) {
        // Implemented in a later step.
    }

    /// Upper bound of the bytes `apply` allocates.
    static func plannedBytes(_ shape: ImageShape, border: Border?, canvasWidth: Int, canvasHeight: Int) -> Int { 0 }
}
