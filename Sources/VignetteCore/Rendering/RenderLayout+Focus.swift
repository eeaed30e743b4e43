/// Focus: on an axis where the placed image is larger than the canvas, a
/// focus other than `.center` chooses the visible window. An anchor pins
/// the edges it names (`.top` the top edge, `.bottomRight` that corner) and
/// keeps the content mode's own placement on an axis it does not name; a
/// focal point is placed as near the canvas's centre as the image's edges
/// allow (thumbor's rule); `.smart` asks `SmartCrop` for that point. The
/// default, `.center`, keeps the content mode's placement on every axis.
/// Edges snap to `floor(v + 0.5)`; the image's size never changes.
extension RenderLayout {
    /// `target` moved by `focus` on each axis where it overflows the
    /// canvas. A `.smart` focus reads `image`; without one it stays put.
    static func focused(_ target: PixelRect, canvasWidth: Int, canvasHeight: Int, focus: Focus, image: Bitmap?) -> PixelRect {
        let overflows = (x: target.width > canvasWidth, y: target.height > canvasHeight)
        guard overflows.x || overflows.y, focus != .anchor(.center) else { return target }
        let point: (x: Double?, y: Double?)
        switch focus {
        case .anchor(let anchor):
            point = (anchor.x == 0.5 ? nil : anchor.x, anchor.y == 0.5 ? nil : anchor.y)
        case .point(let x, let y):
            point = (x, y)
        case .smart:
            guard let image else { return target }
            let window = (
                x: min(1, Double(canvasWidth) / Double(target.width)), y: min(1, Double(canvasHeight) / Double(target.height))
            )
            let answer = SmartCrop.focalPoint(of: image, windowWidth: window.x, windowHeight: window.y)
            point = (answer.x, answer.y)
        }
        var moved = target
        if overflows.x, let x = point.x {
            let minX = edge(focal: x, length: target.width, window: canvasWidth)
            moved = PixelRect(minX: minX, minY: moved.minY, maxX: minX + target.width, maxY: moved.maxY)
        }
        if overflows.y, let y = point.y {
            let minY = edge(focal: y, length: target.height, window: canvasHeight)
            moved = PixelRect(minX: moved.minX, minY: minY, maxX: moved.maxX, maxY: minY + target.height)
        }
        return moved
    }

    /// The image's leading edge (≤ 0) in canvas pixels on one axis, so that
    /// the point at fraction `focal` of its `length` lands as near the
    /// centre of the `window` as the image's edges allow: 0 pins the
    /// leading edge, 1 the trailing one.
    static func edge(focal: Double, length: Int, window: Int) -> Int {
        let fraction = focal.isFinite ? min(1, max(0, focal)) : 0.5
        let v = Double(window) / 2 - fraction * Double(length)
        let snapped = Int(max(-1e9, min(1e9, (v + 0.5).rounded(.down))))
        return min(0, max(window - length, snapped))
    }
}
