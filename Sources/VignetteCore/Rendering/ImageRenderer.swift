/// Renders a local descriptor into pixels, exactly per the rendering contract:
/// sizing → background fill → backdrop → content-mode rectangle (points ×
/// scale, edges snapped to `floor(v + 0.5)`, the window chosen by focus,
/// clipped) → pass-through or resampling → effects → tint → source-over →
/// overlays → border → shape → overlays that do not clip to the shape.
///
/// ```swift
/// let out = try ImageRenderer.render(ImageDescriptor(photo, contentMode: .aspectFill),
///                                size: Size(width: 300, height: 300), scale: 2)
/// ```
public enum ImageRenderer {
    /// The surface's size in pixels: `round(points × scale)` on each axis.
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        func px(_ v: Double) -> Int { Int(max(0, min(1e9, (v * scale).rounded()))) }
        return (px(size.width), px(size.height))
    }

    /// Where the image lands, in surface pixels, before clipping.
    package static func imageRect(for image: Bitmap, mode: ContentMode, size: Size, scale: Double) -> PixelRect {
        PixelRect(snapping: mode.rect(for: image.size, in: size), scale: scale)
    }

    /// The most pixels a surface may have (100 Mpx, the decoder's default too).
    package static let maxPixelCount = 100_000_000

    /// Checks a surface size and scale: finite, size ≥ 0, scale > 0, at most
    /// 32768 pixels a side and `maxPixelCount` in all.
    package static func validate(size: Size, scale: Double) throws(ImageRenderer.Error) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
            scale.isFinite, scale > 0,
            size.width * scale <= 32768, size.height * scale <= 32768
        else { throw .invalidSize(size, scale: scale) }
        let (w, h) = pixelSize(of: size, scale: scale)
        guard w * h <= maxPixelCount else { throw .tooManyPixels(width: w, height: h, limit: maxPixelCount) }
    }

    /// Renders `descriptor` on a surface of `size` points at `scale` (an
    /// open side — width or height 0 — takes the image's, as `Sizing` says).
    /// The size and scale must pass `validate`; the image's scale must be
    /// positive and finite; at most `ImageOverlay.maxCount` overlays, each
    /// resolvable; the canvas an open side makes must pass `validate` too.
    /// Presentation values out of range are clamped, as a surface's
    /// `render()` clamps them: the same descriptor gives the same pixels
    /// (`validatePresentation` refuses them instead, for input you check).
    /// The bitmap is the canvas: the surface's pixel size unless an open
    /// side or `Sizing` (extend off) changes it, never larger except on an
    /// open side. `budget` bounds what the render allocates, checked before
    /// anything is.
    public static func render(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double,
        filter: ResamplingFilter = .lanczos3, budget: MemoryBudget = .standard
    ) throws(ImageRenderer.Error) -> Bitmap {
        try validate(size: size, scale: scale)
        let imageScale = descriptor.reference.scale
        guard imageScale.isFinite, imageScale > 0 else { throw .invalidImageScale(imageScale) }
        try checkOverlayCount(descriptor)  // before any overlay is resolved (a file read each)
        let descriptor = try resolvingOverlays(descriptor.clampingPresentation, scale: scale)
        try check(descriptor, size: size, scale: scale, filter: filter, budget: budget)
        return renderValidated(descriptor, size: size, scale: scale, filter: filter)
    }

    /// Throws `tooManyOverlays` over `ImageOverlay.maxCount`, `invalidSize`
    /// or `tooManyPixels` when an open side would make the canvas larger
    /// than a surface may be (over 32768 pixels a side or `maxPixelCount` in
    /// all), and `overBudget` when rendering would allocate more than `budget`.
    static func check(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter,
        budget: MemoryBudget
    ) throws(ImageRenderer.Error) {
        try checkOverlayCount(descriptor)
        let descriptor = descriptor.clampingPresentation
        let layout = RenderLayout(descriptor, size: size, scale: scale, resolvesSmartFocus: false)
        if let asked = layout.overflow {
            guard asked.width <= RenderLayout.maxSide, asked.height <= RenderLayout.maxSide else {
                throw .invalidSize(Size(width: Double(asked.width) / scale, height: Double(asked.height) / scale), scale: scale)
            }
            throw .tooManyPixels(width: asked.width, height: asked.height, limit: maxPixelCount)
        }
        let needed = plannedBytes(descriptor, size: size, scale: scale, filter: filter)
        guard needed > budget.bytes else { return }
        let image = descriptor.reference
        throw .overBudget(
            image: PixelSize(width: image.width, height: image.height),
            surface: PixelSize(width: layout.width, height: layout.height), needed: needed, budget: budget)
    }

    /// Throws `tooManyOverlays` over `ImageOverlay.maxCount`.
    static func checkOverlayCount<Reference>(_ descriptor: ImageDescriptor<Reference>) throws(ImageRenderer.Error) {
        guard descriptor.overlays.count <= ImageOverlay.maxCount else {
            throw .tooManyOverlays(count: descriptor.overlays.count, limit: ImageOverlay.maxCount)
        }
    }

    /// Upper bound of the bytes a render allocates: the canvas, and when the
    /// image is resampled, the plan's buffers and tables, and what effects,
    /// backdrop, overlays and shape need. Computed from sizes only, before
    /// anything is allocated.
    public static func plannedBytes(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter = .lanczos3
    ) -> Int {
        let descriptor = descriptor.clampingPresentation
        let layout = RenderLayout(descriptor, size: size, scale: scale, resolvesSmartFocus: false)
        let (width, height) = (layout.width, layout.height)
        var bytes = width.multipliedClamped(by: height).multipliedClamped(by: 4)
        let image = descriptor.reference
        bytes = bytes.addingClamped(
            ImageEffects.plannedBytes(
                descriptor.backdrop, of: image, canvasWidth: width, canvasHeight: height, scale: scale, filter: filter))
        bytes = bytes.addingClamped(
            OverlayRenderer.plannedBytes(descriptor.overlays, canvasWidth: width, canvasHeight: height, scale: scale, filter: filter))
        bytes = bytes.addingClamped(ShapeMask.plannedBytes(descriptor.shape, border: descriptor.border, canvasWidth: width, canvasHeight: height))
        guard layout.drawsImage else { return bytes }
        if descriptor.focus == .smart, layout.crops { bytes = bytes.addingClamped(SmartCrop.plannedBytes(for: image)) }
        let plan = ResamplePlan(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: layout.target.width, destinationHeight: layout.target.height,
            visible: layout.local, filter: filter)
        let effects = ImageEffects.plannedBytes(descriptor.effects, width: layout.local.width, height: layout.local.height, scale: scale)
        return bytes.addingClamped(plan.bytes).addingClamped(effects)
    }

    /// `render` for callers that validated the surface already.
    static func renderValidated(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter
    ) -> Bitmap {
        let descriptor = descriptor.clampingPresentation
        let layout = RenderLayout(descriptor, size: size, scale: scale)
        var canvas = drawImage(descriptor, layout: layout, scale: scale, filter: filter)
        OverlayRenderer.draw(descriptor.overlays.filter(\.clipsToShape), on: &canvas, filter: filter)
        ShapeMask.apply(descriptor.shape, border: descriptor.border, to: &canvas)
        OverlayRenderer.draw(descriptor.overlays.filter { !$0.clipsToShape }, on: &canvas, filter: filter)
        return canvas
    }

    /// Background, backdrop and the image with its effects and tint.
    private static func drawImage(
        _ descriptor: ImageDescriptor<Bitmap>, layout: RenderLayout, scale: Double, filter: ResamplingFilter
    ) -> Bitmap {
        let (width, height) = (layout.width, layout.height)
        let background = descriptor.background ?? .clear
        guard layout.drawsImage else {
            var canvas = Bitmap(width: width, height: height, scale: scale, fill: background)
            if let backdrop = descriptor.backdrop { ImageEffects.drawBackdrop(backdrop, of: descriptor, on: &canvas, filter: filter) }
            return canvas
        }
        let (target, local) = (layout.target, layout.local)
        var pixels = Resampler.resample(
            descriptor.reference, destinationWidth: target.width,
            destinationHeight: target.height, visible: local, filter: filter)
        if !descriptor.effects.isEmpty {
            ImageEffects.apply(descriptor.effects, to: &pixels, width: local.width, height: local.height, scale: scale)
        }
        if let tint = descriptor.tint { Compositor.tint(&pixels, with: tint) }
        let covers = local.width == width && local.height == height
        // Opaque pixels covering the whole canvas hide the background: they are the result.
        if covers, Compositor.isOpaque(pixels) {
            return Bitmap(trustedWidth: width, height: height, scale: scale, pixels: pixels)
        }
        // Over transparent black, source-over keeps every pixel but those of alpha 0 (which stay 0).
        let clear = background.premultiplied.alpha == 0 && descriptor.backdrop == nil
        if clear {
            guard !covers else {
                Compositor.clearTransparent(&pixels)
                return Bitmap(trustedWidth: width, height: height, scale: scale, pixels: pixels)
            }
            var canvas = Bitmap(width: width, height: height, scale: scale)
            Compositor.copyOntoClear(
                pixels, width: local.width, height: local.height, onto: &canvas, x: target.minX + local.minX, y: target.minY + local.minY)
            return canvas
        }
        var canvas = Bitmap(width: width, height: height, scale: scale, fill: background)
        if let backdrop = descriptor.backdrop { ImageEffects.drawBackdrop(backdrop, of: descriptor, on: &canvas, filter: filter) }
        Compositor.sourceOver(
            pixels, width: local.width, height: local.height,
            onto: &canvas, x: target.minX + local.minX, y: target.minY + local.minY)
        return canvas
    }
}
