/// Renders a local descriptor into pixels, exactly per the rendering contract:
/// background fill → content-mode rectangle (points × scale, edges snapped to
/// `floor(v + 0.5)`, clipped) → pass-through or resampling → tint → source-over.
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
    public static func imageRect(for image: Bitmap, mode: ContentMode, size: Size, scale: Double) -> PixelRect {
        PixelRect(snapping: mode.rect(for: image.size, in: size), scale: scale)
    }

    /// The most pixels a surface may have (100 Mpx, the decoder's default too).
    public static let maxPixelCount = 100_000_000

    /// Checks a surface size and scale: finite, size ≥ 0, scale > 0, at most
    /// 32768 pixels a side and `maxPixelCount` in all.
    public static func validate(size: Size, scale: Double) throws(ImageRenderer.Error) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
            scale.isFinite, scale > 0,
            size.width * scale <= 32768, size.height * scale <= 32768
        else { throw .invalidSize(size, scale: scale) }
        let (w, h) = pixelSize(of: size, scale: scale)
        guard w * h <= maxPixelCount else { throw .tooManyPixels(width: w, height: h, limit: maxPixelCount) }
    }

    /// Renders `descriptor` on a surface of `size` points at `scale`. The
    /// size and scale must pass `validate`; the image's scale must be
    /// positive and finite.
    /// `budget` bounds what the render allocates, checked before anything is.
    public static func render(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double,
        filter: ResamplingFilter = .lanczos3, budget: MemoryBudget = .standard
    ) throws(ImageRenderer.Error) -> Bitmap {
        try validate(size: size, scale: scale)
        let imageScale = descriptor.reference.scale
        guard imageScale.isFinite, imageScale > 0 else { throw .invalidImageScale(imageScale) }
        try check(descriptor, size: size, scale: scale, filter: filter, budget: budget)
        return renderValidated(descriptor, size: size, scale: scale, filter: filter)
    }

    /// Throws `overBudget` when rendering would allocate more than `budget`.
    static func check(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter,
        budget: MemoryBudget
    ) throws(ImageRenderer.Error) {
        let needed = plannedBytes(descriptor, size: size, scale: scale, filter: filter)
        guard needed > budget.bytes else { return }
        let (w, h) = pixelSize(of: size, scale: scale)
        let image = descriptor.reference
        throw .overBudget(
            image: PixelSize(width: image.width, height: image.height),
            surface: PixelSize(width: w, height: h), needed: needed, budget: budget)
    }

    /// Upper bound of the bytes a render allocates: the canvas, and when the
    /// image is resampled, the plan's buffers and tables. Computed from sizes
    /// only, before anything is allocated.
    public static func plannedBytes(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter = .lanczos3
    ) -> Int {
        let (width, height) = pixelSize(of: size, scale: scale)
        let canvas = width.multipliedClamped(by: height).multipliedClamped(by: 4)
        guard let (target, local) = placement(descriptor, size: size, scale: scale) else { return canvas }
        let image = descriptor.reference
        let plan = ResamplePlan(
            sourceWidth: image.width, sourceHeight: image.height,
            destinationWidth: target.width, destinationHeight: target.height,
            visible: local, filter: filter)
        return canvas.addingClamped(plan.bytes)
    }

    /// Where the image lands (`target`, surface pixels) and the part of it
    /// the surface shows (`local`, relative to the target's top-left); nil
    /// when nothing is drawn (an empty surface or image, an image scale with
    /// no size in points, or an image entirely outside).
    static func placement(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double
    ) -> (target: PixelRect, local: PixelRect)? {
        let (width, height) = pixelSize(of: size, scale: scale)
        let image = descriptor.reference
        guard width > 0, height > 0, image.width > 0, image.height > 0,
            image.scale.isFinite, image.scale > 0
        else { return nil }
        let target = imageRect(for: image, mode: descriptor.contentMode, size: size, scale: scale)
        let visible = target.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !target.isEmpty, !visible.isEmpty else { return nil }
        return (
            target,
            PixelRect(
                minX: visible.minX - target.minX, minY: visible.minY - target.minY,
                maxX: visible.maxX - target.minX, maxY: visible.maxY - target.minY)
        )
    }

    /// `render` for callers that validated the surface already.
    static func renderValidated(
        _ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, filter: ResamplingFilter
    ) -> Bitmap {
        let (width, height) = pixelSize(of: size, scale: scale)
        let background = descriptor.background ?? .clear
        guard let (target, local) = placement(descriptor, size: size, scale: scale) else {
            return Bitmap(width: width, height: height, scale: scale, fill: background)
        }
        var pixels = Resampler.resample(
            descriptor.reference, destinationWidth: target.width,
            destinationHeight: target.height, visible: local, filter: filter)
        if let tint = descriptor.tint { Compositor.tint(&pixels, with: tint) }
        // Opaque pixels covering the whole surface hide the background: they are the result.
        if local.width == width, local.height == height, Compositor.isOpaque(pixels) {
            return Bitmap(trustedWidth: width, height: height, scale: scale, pixels: pixels)
        }
        var canvas = Bitmap(width: width, height: height, scale: scale, fill: background)
        Compositor.sourceOver(
            pixels, width: local.width, height: local.height,
            onto: &canvas, x: target.minX + local.minX, y: target.minY + local.minY)
        return canvas
    }
}
