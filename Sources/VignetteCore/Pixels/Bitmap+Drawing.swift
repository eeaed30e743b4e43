extension Bitmap {
    /// Draws `image` over this bitmap, source-over, with its top-left pixel
    /// at (`x`, `y`); parts outside are clipped. No resampling happens: use
    /// `ImageRenderer` to scale first.
    public mutating func draw(_ image: Bitmap, x: Int, y: Int) {
        // Off-canvas positions return early, which also keeps `x + width` from overflowing.
        guard x < width, y < height, x > -image.width, y > -image.height else { return }
        let target = PixelRect(minX: x, minY: y, maxX: x + image.width, maxY: y + image.height)
        let visible = target.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !visible.isEmpty else { return }
        let region = Resampler.resample(
            image, destinationWidth: image.width, destinationHeight: image.height,
            visible: PixelRect(
                minX: visible.minX - x, minY: visible.minY - y,
                maxX: visible.maxX - x, maxY: visible.maxY - y),
            filter: .box)
        Compositor.sourceOver(
            region, width: visible.width, height: visible.height,
            onto: &self, x: visible.minX, y: visible.minY)
    }

    /// Fills a rectangle of pixels with a colour, source-over.
    public mutating func fill(_ rect: PixelRect, with color: Color) {
        let visible = rect.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !visible.isEmpty else { return }
        draw(
            Bitmap(width: visible.width, height: visible.height, scale: scale, fill: color),
            x: visible.minX, y: visible.minY)
    }
}
