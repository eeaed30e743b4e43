/// Draws a descriptor's overlays on the canvas, in order: each rendered by
/// the same renderer (its own content mode within its size, tint,
/// background, shape … but not its own overlays) at the canvas's scale,
/// placed so its anchor point sits on the canvas's, moved by its offset,
/// edges snapped as the image's are, faded by its opacity, optionally tiled,
/// clipped to the canvas.
enum OverlayRenderer {
    /// Draws `overlays` over `canvas` (whose scale is the surface's). An
    /// overlay whose reference cannot be resolved, or whose size is out of
    /// the surface's bounds, is left out: `ImageRenderer.render` throws for
    /// both before getting here; a surface's `render()` draws what it can.
    static func draw(_ overlays: [ImageOverlay], on canvas: inout Bitmap, filter: ResamplingFilter) {
        for overlay in overlays {
            guard let plan = Placement(overlay, canvasWidth: canvas.width, canvasHeight: canvas.height, scale: canvas.scale),
                plan.isVisible
            else { continue }
            var tile = ImageRenderer.renderValidated(plan.descriptor, size: plan.pointSize, scale: canvas.scale, filter: filter)
            let opacity = overlay.opacity.isFinite ? UInt8((min(1, max(0, overlay.opacity)) * 255).rounded()) : 0
            guard opacity > 0, tile.width > 0, tile.height > 0 else { continue }
            if opacity < 255 { fade(&tile.pixels, by: opacity) }
            // An overlay whose own sizing changed its size is placed by the size it has.
            let rect = plan.rect.width == tile.width && plan.rect.height == tile.height ? plan.rect : plan.rect(forPixels: tile)
            composite(tile, at: (rect.minX, rect.minY), tiled: overlay.tiled, onto: &canvas)
        }
    }

    /// Upper bound of the bytes `draw` allocates: overlays render one at a
    /// time, each released before the next, so the largest one's render
    /// (its canvas and resampling, as `ImageRenderer.plannedBytes` counts
    /// them). An overlay not resolved to a bitmap yet is resolved here to
    /// learn its size (`ImageRenderer.render` and surfaces resolve first).
    static func plannedBytes(_ overlays: [ImageOverlay], canvasWidth: Int, canvasHeight: Int, scale: Double, filter: ResamplingFilter) -> Int {
        var largest = 0
        for overlay in overlays {
            guard let plan = Placement(overlay, canvasWidth: canvasWidth, canvasHeight: canvasHeight, scale: scale), plan.isVisible else {
                continue
            }
            largest = max(largest, ImageRenderer.plannedBytes(plan.descriptor, size: plan.pointSize, scale: scale, filter: filter))
        }
        return largest
    }

    /// Premultiplied pixels × `opacity`/255, rounded.
    static func fade(_ pixels: inout [UInt8], by opacity: UInt8) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices { p[i] = PixelMath.multiply(p[i], opacity) }
        }
    }

    /// Source-over of `tile` with its top-left at `origin` (canvas pixels,
    /// possibly outside it), clipped to the canvas; `tiled`: repeated edge to
    /// edge over the whole canvas, one tile at `origin`. One pass over the
    /// rows drawn, whatever the tile's size.
    static func composite(_ tile: Bitmap, at origin: (x: Int, y: Int), tiled: Bool, onto canvas: inout Bitmap) {
        let (tileWidth, tileHeight, canvasWidth) = (tile.width, tile.height, canvas.width)
        let whole = PixelRect(minX: 0, minY: 0, maxX: canvasWidth, maxY: canvas.height)
        let visible = tiled ? whole : PixelRect(minX: origin.x, minY: origin.y, maxX: origin.x + tileWidth, maxY: origin.y + tileHeight).intersection(whole)
        guard !visible.isEmpty, tileWidth > 0, tileHeight > 0 else { return }
        // Where a canvas coordinate falls in the tile (0 ..< length), for positions left of or above the tile too.
        func inTile(_ value: Int, _ start: Int, _ length: Int) -> Int { ((value - start) % length + length) % length }
        tile.pixels.withUnsafeBufferPointer { s in
            canvas.pixels.withUnsafeMutableBufferPointer { d in
                for y in visible.minY..<visible.maxY {
                    let source = s.baseAddress! + inTile(y, origin.y, tileHeight) * tileWidth * 4
                    let destination = d.baseAddress! + y * canvasWidth * 4
                    var (x, column) = (visible.minX, inTile(visible.minX, origin.x, tileWidth))
                    while x < visible.maxX {
                        let count = min(tileWidth - column, visible.maxX - x)
                        sourceOver(source + column * 4, onto: destination + x * 4, count: count)
                        (x, column) = (x + count, 0)
                    }
                }
            }
        }
    }

    /// Source-over of `count` premultiplied pixels.
    @inline(__always)
    private static func sourceOver(_ src: UnsafePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in Swift.stride(from: 0, to: count * 4, by: 4) {
            let a = src[i + 3]
            if a == 255 {
                dst.advanced(by: i).update(from: src.advanced(by: i), count: 4)
            } else if a != 0 {
                let inverse = 255 - a
                for c in 0..<4 { dst[i + c] = src[i + c] &+ PixelMath.multiply(dst[i + c], inverse) }
            }
        }
    }
}
