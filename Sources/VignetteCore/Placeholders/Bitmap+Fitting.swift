extension Bitmap {
    /// The bitmap itself (at scale 1) when both sides are at most `limit`,
    /// else its `aspectFit` render (Lanczos-3) on a surface whose long side
    /// is `limit` and short side `round(limit · short / long)`, at least 1
    /// — so the image fills it. What ThumbHash (100) and `ImageInfo`'s
    /// dominant colour (64) read.
    func fitted(within limit: Int) -> Bitmap {
        var source = self
        source.scale = 1
        let (w, h) = (width, height)
        guard w > limit || h > limit else { return source }
        let fittedWidth = w >= h ? limit : max(1, (w * limit * 2 + h) / (2 * h))
        let fittedHeight = w >= h ? max(1, (h * limit * 2 + w) / (2 * w)) : limit
        let size = Size(width: Double(fittedWidth), height: Double(fittedHeight))
        // A render at most `limit` pixels a side from a bitmap that exists
        // passes every size and budget check; the fallback is unreachable.
        return (try? ImageRenderer.render(ImageDescriptor(source, contentMode: .aspectFit), size: size, scale: 1))
            ?? Bitmap(width: fittedWidth, height: fittedHeight)
    }
}
