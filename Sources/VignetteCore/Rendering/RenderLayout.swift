/// Where everything lands in one render, from sizes only (no pixels are
/// touched): the canvas size — the surface's, or what `Sizing` and an open
/// side make of it — the image's rectangle on it, and the part of the image
/// the canvas shows.
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

    /// True when some image pixel lands on the canvas.
    var drawsImage: Bool { !local.isEmpty }

    /// The layout of `descriptor` on a surface of `size` points at `scale`.
    init(_ descriptor: ImageDescriptor<Bitmap>, size: Size, scale: Double) {
        let (width, height) = ImageRenderer.pixelSize(of: size, scale: scale)
        self.width = width
        self.height = height
        let image = descriptor.reference
        let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        guard width > 0, height > 0, image.width > 0, image.height > 0, image.scale.isFinite, image.scale > 0 else {
            target = empty
            local = empty
            return
        }
        target = ImageRenderer.imageRect(for: image, mode: descriptor.contentMode, size: size, scale: scale)
        let visible = target.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !target.isEmpty, !visible.isEmpty else {
            local = empty
            return
        }
        local = PixelRect(
            minX: visible.minX - target.minX, minY: visible.minY - target.minY,
            maxX: visible.maxX - target.minX, maxY: visible.maxY - target.minY)
    }
}
