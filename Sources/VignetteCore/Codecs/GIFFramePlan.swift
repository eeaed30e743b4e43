/// How one frame of a GIF is stored: the rectangle it redraws and what
/// happens to that rectangle after it shows. Every frame of an
/// `AnimatedImage` is a whole composed canvas; a GIF frame redraws only what
/// changed, so a static background costs nothing after the first frame.
///
/// The plan keeps one rule: after frame k is drawn, the canvas shows exactly
/// frame k's indices.
/// - The first frame covers the whole canvas.
/// - Frame k redraws the bounding box of the pixels that differ from what
///   the canvas shows after the previous frame's disposal (a 1×1 rectangle
///   when nothing changes, so the frame and its duration stay).
/// - A pixel that turns transparent cannot be drawn (a transparent index
///   leaves the old pixel): the frame before it is then disposed with
///   "restore to background" (2), which clears its rectangle to
///   transparent, its rectangle grown to cover every such pixel. Otherwise
///   frames are left in place (1). The last frame looks ahead to the first,
///   for the next loop.
struct GIFFramePlan: Sendable, Hashable {
    /// The rectangle the frame redraws.
    var rect: PixelRect
    /// GIF disposal: 1 leave in place, 2 clear to transparent.
    var disposal: Int

    /// The plan of every frame of `canvases` (palette indices, `width` ×
    /// `height` each); `transparent` is the transparent index, nil when no
    /// pixel is transparent.
    static func plan(_ canvases: [[UInt8]], width: Int, height: Int, transparent: UInt8?) -> [GIFFramePlan] {
        let full = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
        var plans: [GIFFramePlan] = []
        plans.reserveCapacity(canvases.count)
        var shown = canvases[0]
        for (k, canvas) in canvases.enumerated() {
            var rect = k == 0 ? full : bounds(width: width, height: height) { shown[$0] != canvas[$0] }
            var disposal = 1
            if let transparent, canvases.count > 1 {
                let next = canvases[(k + 1) % canvases.count]
                let clear = bounds(width: width, height: height) { canvas[$0] != transparent && next[$0] == transparent }
                if !clear.isEmpty {
                    rect = union(rect, clear)
                    disposal = 2
                }
            }
            if rect.isEmpty { rect = PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1) }
            plans.append(GIFFramePlan(rect: rect, disposal: disposal))
            shown = canvas
            if disposal == 2, let transparent {
                for y in rect.minY..<rect.maxY {
                    for x in rect.minX..<rect.maxX { shown[y * width + x] = transparent }
                }
            }
        }
        return plans
    }

    /// The bounding box of the pixels (by index) where `differs` holds; empty when none.
    private static func bounds(width: Int, height: Int, _ differs: (Int) -> Bool) -> PixelRect {
        var (minX, minY, maxX, maxY) = (width, height, 0, 0)
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width {
                if differs(row + x) {
                    minX = min(minX, x)
                    maxX = max(maxX, x + 1)
                    minY = min(minY, y)
                    maxY = y + 1
                }
                x += 1
            }
        }
        return maxX > minX ? PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    private static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return PixelRect(
            minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
    }
}
