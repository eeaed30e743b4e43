/// The pixel kernels behind `ImageEffect` and `Backdrop`: fixed-point,
/// deterministic, planned within the render's budget.
enum ImageEffects {
    /// Applies `effects` in order to `pixels` (`width × height` premultiplied
    /// RGBA) drawn at `scale` pixels per point.
    static func apply(_ effects: [ImageEffect], to pixels: inout [UInt8], width: Int, height: Int, scale: Double) {
        // Implemented in a later step; until then effects draw nothing.
    }

    /// Upper bound of the bytes `apply` allocates for a `width × height` image.
    static func plannedBytes(_ effects: [ImageEffect], width: Int, height: Int, scale: Double) -> Int { 0 }

    /// Draws `backdrop` made from `descriptor`'s image over the whole canvas.
    static func drawBackdrop(
        _ backdrop: Backdrop, of descriptor: ImageDescriptor<Bitmap>, on canvas: inout Bitmap, filter: ResamplingFilter
    ) {
        // Implemented in a later step.
    }

    /// Upper bound of the bytes `drawBackdrop` allocates.
    static func plannedBytes(_ backdrop: Backdrop?, of image: Bitmap, canvasWidth: Int, canvasHeight: Int, filter: ResamplingFilter) -> Int {
        0
    }
}
