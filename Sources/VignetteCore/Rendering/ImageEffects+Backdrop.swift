/// `Backdrop.blurredImage`: the image aspect-filled over the whole canvas
/// (centred, whatever the focus; computed in canvas pixels), tinted like the
/// image, blurred with σ in surface points and drawn source-over.
extension ImageEffects {
    /// Draws `backdrop` made from `descriptor`'s image over the whole canvas.
    static func drawBackdrop(
        _ backdrop: Backdrop, of descriptor: ImageDescriptor<Bitmap>, on canvas: inout Bitmap, filter: ResamplingFilter
    ) {
        let image = descriptor.reference
        guard case .blurredImage(let sigma) = backdrop,
            let (target, local) = fill(image, canvasWidth: canvas.width, canvasHeight: canvas.height)
        else { return }
        var pixels = Resampler.resample(
            image, destinationWidth: target.width, destinationHeight: target.height, visible: local, filter: filter)
        if let tint = descriptor.tint { Compositor.tint(&pixels, with: tint) }
        GaussianBlur(sigma: sigma * canvas.scale, width: local.width, height: local.height).apply(to: &pixels)
        Compositor.sourceOver(
            pixels, width: local.width, height: local.height, onto: &canvas,
            x: target.minX + local.minX, y: target.minY + local.minY)
    }

    /// Upper bound of the bytes `drawBackdrop` allocates on a canvas of
    /// `canvasWidth × canvasHeight` pixels at `scale`.
    static func plannedBytes(
        _ backdrop: Backdrop?, of image: Bitmap, canvasWidth: Int, canvasHeight: Int, scale: Double,
        filter: ResamplingFilter
    ) -> Int {
        guard case .blurredImage(let sigma) = backdrop,
            let (target, local) = fill(image, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        else { return 0 }
        let plan = ResamplePlan(
            sourceWidth: image.width, sourceHeight: image.height, destinationWidth: target.width,
            destinationHeight: target.height, visible: local, filter: filter)
        return plan.bytes.addingClamped(GaussianBlur(sigma: sigma * scale, width: local.width, height: local.height).bytes)
    }

    /// Where the aspect-filled image lands, in canvas pixels, and the part
    /// of it the canvas shows (relative to its top-left); nil when nothing is drawn.
    static func fill(_ image: Bitmap, canvasWidth: Int, canvasHeight: Int) -> (target: PixelRect, local: PixelRect)? {
        guard image.width > 0, image.height > 0, canvasWidth > 0, canvasHeight > 0 else { return nil }
        let rect = ContentMode.aspectFill.rect(
            for: Size(width: Double(image.width), height: Double(image.height)),
            in: Size(width: Double(canvasWidth), height: Double(canvasHeight)))
        let target = PixelRect(snapping: rect, scale: 1)
        let visible = target.intersection(PixelRect(minX: 0, minY: 0, maxX: canvasWidth, maxY: canvasHeight))
        guard !target.isEmpty, !visible.isEmpty else { return nil }
        let local = PixelRect(
            minX: visible.minX - target.minX, minY: visible.minY - target.minY,
            maxX: visible.maxX - target.minX, maxY: visible.maxY - target.minY)
        return (target, local)
    }
}
