extension OverlayRenderer {
    /// Where one overlay lands on a canvas, from sizes only (no pixels).
    struct Placement {
        /// The overlay's descriptor over its bitmap, without its own overlays.
        let descriptor: ImageDescriptor<Bitmap>
        /// The anchored tile in canvas pixels (may lie partly or wholly outside).
        let rect: PixelRect
        let overlay: ImageOverlay
        let canvasWidth: Int
        let canvasHeight: Int
        let scale: Double

        /// Nil when the overlay draws nothing: its reference cannot be
        /// resolved, its bitmap's scale or its offset is not usable, or it
        /// would have more pixels than a surface may.
        init?(_ overlay: ImageOverlay, canvasWidth: Int, canvasHeight: Int, scale: Double) {
            guard let bitmap = OverlayRenderer.bitmap(of: overlay, scale: scale),
                var size = OverlayRenderer.pointSize(of: overlay, bitmap: bitmap),
                overlay.offset.x.isFinite, overlay.offset.y.isFinite, scale.isFinite, scale > 0
            else { return nil }
            var descriptor = overlay.descriptor.map { _ in bitmap }
            descriptor.overlays = []
            guard (try? ImageRenderer.validate(size: size, scale: scale)) != nil else { return nil }
            if size.width == 0 || size.height == 0 {
                // An open side (see `Sizing`): the overlay's own layout says how large it is.
                let layout = RenderLayout(descriptor, size: size, scale: scale)
                size = Size(width: Double(layout.width) / scale, height: Double(layout.height) / scale)
            }
            self.descriptor = descriptor
            self.overlay = overlay
            (self.canvasWidth, self.canvasHeight, self.scale) = (canvasWidth, canvasHeight, scale)
            rect = Self.rect(
                width: size.width * scale, height: size.height * scale, overlay: overlay,
                canvasWidth: canvasWidth, canvasHeight: canvasHeight, scale: scale)
        }

        /// The tile's size in points: its snapped pixels ÷ the canvas's scale.
        var pointSize: Size { Size(width: Double(rect.width) / scale, height: Double(rect.height) / scale) }

        /// True when some pixel of the overlay lands on the canvas.
        var isVisible: Bool {
            guard !rect.isEmpty, canvasWidth > 0, canvasHeight > 0 else { return false }
            return overlay.tiled || !rect.intersection(PixelRect(minX: 0, minY: 0, maxX: canvasWidth, maxY: canvasHeight)).isEmpty
        }

        /// The anchored rectangle for a tile of `tile`'s pixel size.
        func rect(forPixels tile: Bitmap) -> PixelRect {
            Self.rect(
                width: Double(tile.width), height: Double(tile.height), overlay: overlay,
                canvasWidth: canvasWidth, canvasHeight: canvasHeight, scale: scale)
        }

        /// The anchored, offset rectangle of a `width × height` pixel tile,
        /// each edge snapped to `floor(v + 0.5)`: the tile's anchor point on
        /// the canvas's, moved by the offset (points × scale). The far edge
        /// is computed from the anchor, not from the near one, so a tile
        /// anchored at an edge meets it exactly.
        static func rect(
            width: Double, height: Double, overlay: ImageOverlay, canvasWidth: Int, canvasHeight: Int, scale: Double
        ) -> PixelRect {
            func edges(_ anchor: Double, _ canvas: Int, _ offset: Double, _ length: Double) -> (Int, Int) {
                let at = anchor * Double(canvas) + offset * scale
                return (snap(at - anchor * length), snap(at + (1 - anchor) * length))
            }
            let (minX, maxX) = edges(overlay.anchor.x, canvasWidth, overlay.offset.x, width)
            let (minY, maxY) = edges(overlay.anchor.y, canvasHeight, overlay.offset.y, height)
            return PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }

        private static func snap(_ value: Double) -> Int {
            Int(max(-1e9, min(1e9, (value + 0.5).rounded(.down))))
        }
    }

    /// The overlay's pixels at `scale`: already a bitmap when the descriptor
    /// was resolved (`ImageRenderer.render`, a surface's `apply`), else
    /// resolved now; nil when that fails.
    static func bitmap(of overlay: ImageOverlay, scale: Double) -> Bitmap? {
        let reference = overlay.descriptor.reference
        if let bitmap = reference.base as? Bitmap { return bitmap }
        return try? reference.bitmap(forScale: scale)
    }

    /// The overlay's size in points: its own, or its bitmap's pixels ÷ the
    /// bitmap's scale; nil when neither is usable.
    static func pointSize(of overlay: ImageOverlay, bitmap: Bitmap) -> Size? {
        if let size = overlay.size {
            return size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0 ? size : nil
        }
        guard bitmap.scale.isFinite, bitmap.scale > 0 else { return nil }
        return bitmap.size
    }
}
