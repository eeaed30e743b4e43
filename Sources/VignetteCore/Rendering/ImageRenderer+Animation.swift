extension ImageRenderer {
    /// Every frame of `descriptor`'s animation drawn through the same
    /// presentation (content mode, focus, shape, border, tint, effects,
    /// overlays …) on a surface of `size` points at `scale`, with the
    /// animation's durations and loop count. A `.smart` focus is resolved
    /// once, on the first frame, so the crop does not wander between frames.
    ///
    /// Checked before any frame is drawn: everything `render` checks for
    /// one frame (size, overlays, budget for one frame's buffers), and
    /// the output's canvas pixels times frames against
    /// `limits.maxAnimationPixels`.
    ///
    /// ```swift
    /// let animation = try ImageDecoders.standard.decodeAnimation(gif)
    /// let sticker = ImageDescriptor(animation, contentMode: .aspectFill).shape(.circle)
    /// let frames = try ImageRenderer.render(sticker, size: Size(width: 64, height: 64), scale: 2)
    /// let webp = try frames.encoded(as: .webp)
    /// ```
    public static func render(
        _ descriptor: ImageDescriptor<AnimatedImage>, size: Size, scale: Double,
        filter: ResamplingFilter = .lanczos3, budget: MemoryBudget = .standard,
        limits: AnimationLimits = .standard
    ) throws(ImageRenderer.Error) -> AnimatedImage {
        let animation = descriptor.reference
        var first = descriptor.map { $0.firstFrame }.clampingPresentation
        try validate(size: size, scale: scale)
        let imageScale = first.reference.scale
        guard imageScale.isFinite, imageScale > 0 else { throw .invalidImageScale(imageScale) }
        try checkOverlayCount(first)  // before any overlay is resolved
        first = try resolvingOverlays(first, scale: scale)
        try check(first, size: size, scale: scale, filter: filter, budget: budget)
        let layout = RenderLayout(first, size: size, scale: scale, resolvesSmartFocus: false)
        let count = animation.frames.count
        let pixels = layout.width.multipliedClamped(by: layout.height).multipliedClamped(by: count)
        if count > 1, pixels > limits.maxAnimationPixels {
            throw .animationTooLarge(pixels: pixels, frames: count, limit: limits.maxAnimationPixels)
        }
        if first.focus == .smart { first.focus = pinnedSmartFocus(first, layout: layout) }
        let template = first
        let frames = animation.mapFrames { bitmap in
            renderValidated(template.map { _ in bitmap }, size: size, scale: scale, filter: filter)
        }
        // Every frame has the first frame's size, so its layout and canvas: the frames agree.
        guard let rendered = try? AnimatedImage(frames: frames, loopCount: animation.loopCount) else {
            preconditionFailure("frames of one animation rendered to different sizes")
        }
        return rendered
    }

    /// `.smart` turned into the focal point the first frame gives it, so
    /// every frame keeps the same window.
    static func pinnedSmartFocus(_ descriptor: ImageDescriptor<Bitmap>, layout: RenderLayout) -> Focus {
        let target = layout.target
        guard target.width > layout.width || target.height > layout.height else { return .anchor(.center) }
        let window = (
            x: min(1, Double(layout.width) / Double(target.width)),
            y: min(1, Double(layout.height) / Double(target.height))
        )
        let point = SmartCrop.focalPoint(of: descriptor.reference, windowWidth: window.x, windowHeight: window.y)
        return .point(x: point.x, y: point.y)
    }
}
