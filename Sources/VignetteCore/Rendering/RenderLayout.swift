/// Where everything lands in one render, from sizes only (no pixels are
/// touched, except by a smart focus): the canvas size — the surface's, or
/// what `Sizing` and an open side make of it — the image's rectangle on it,
/// moved by `focus` where it overflows, and the part of the image the
/// canvas shows.
struct RenderLayout: Sendable, Hashable {
    /// Canvas width in pixels.
    var width: Int
    /// Canvas height in pixels.
    var height: Int
    /// Where the whole image lands, in canvas pixels (may exceed the canvas).
    var target: PixelRect
    /// The part of `target` the canvas shows, relative to `target`'s
    /// top-left; empty when no image pixel is drawn.
    var local: PixelRect
    /// The canvas an open side asked for when it was over the limits (the
    /// canvas is clamped to them; `ImageRenderer.render` refuses instead).
    var overflow: PixelSize?

    /// True when some image pixel lands on the canvas.
    var drawsImage: Bool { !local.isEmpty }

    /// The layout of `descriptor` on a surface of `size` points at `scale`.
    /// `resolvesSmartFocus` false leaves a `.smart` focus's window centred
    /// (sizes, which is all budgets need, are the same).
    init(_ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double, resolvesSmartFocus: Bool = true) {
        let image = descriptor.reference
        let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        (target, local, overflow) = (empty, empty, nil)
        guard image.width > 0, image.height > 0, image.scale.isFinite, image.scale > 0 else {
            (width, height) = ImageRenderer.pixelSize(of: size, scale: scale)
            return
        }
        let frame = Self.frame(
            imageSize: image.size, pixels: PixelSize(width: image.width, height: image.height),
            mode: descriptor.contentMode, sizing: descriptor.sizing, size: size, scale: scale)
        (width, height, overflow) = (frame.width, frame.height, frame.overflow)
        guard width > 0, height > 0 else { return }
        let placed = PixelRect(snapping: frame.rect, scale: scale)
        let target = Self.focused(
            placed, canvasWidth: width, canvasHeight: height, focus: descriptor.focus,
            image: resolvesSmartFocus ? image : nil)
        let visible = target.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        self.target = target
        guard !target.isEmpty, !visible.isEmpty else { return }
        local = PixelRect(
            minX: visible.minX - target.minX, minY: visible.minY - target.minY,
            maxX: visible.maxX - target.minX, maxY: visible.maxY - target.minY)
    }

    /// True when the image as placed is larger than the canvas on an axis,
    /// so that a focus chooses what shows.
    var crops: Bool { target.width > width || target.height > height }
}
