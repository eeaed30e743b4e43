/// How an image is laid out inside a surface, following UIKit's `contentMode`.
public enum ContentMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Stretch to the bounds, ignoring the aspect ratio.
    case scaleToFill
    /// Scale by the smaller ratio so the whole image shows, centred.
    case aspectFit
    /// Scale by the larger ratio so the bounds are covered, centred.
    case aspectFill
    /// Keep the image's size and centre it.
    case center
    /// Keep the size, pin to the top edge, centre horizontally.
    case top
    /// Keep the size, pin to the bottom edge, centre horizontally.
    case bottom
    /// Keep the size, pin to the left edge, centre vertically.
    case left
    /// Keep the size, pin to the right edge, centre vertically.
    case right
    /// Keep the size, pin to the top-left corner.
    case topLeft
    /// Keep the size, pin to the top-right corner.
    case topRight
    /// Keep the size, pin to the bottom-left corner.
    case bottomLeft
    /// Keep the size, pin to the bottom-right corner.
    case bottomRight

    /// UIKit's `redraw` draws like `scaleToFill`.
    package static let redraw = ContentMode.scaleToFill

    /// The case name, e.g. `aspectFill`.
    public var description: String { rawValue }

    /// The rectangle, in points, that an image of `imageSize` points occupies
    /// inside `bounds` under this mode (UIKit's geometry; may exceed bounds).
    public func rect(for imageSize: Size, in bounds: Size) -> Rect {
        let w = imageSize.width
        let h = imageSize.height
        let bw = bounds.width
        let bh = bounds.height
        switch self {
        case .scaleToFill:
            return Rect(x: 0, y: 0, width: bw, height: bh)
        case .aspectFit, .aspectFill:
            guard w > 0, h > 0 else { return Rect(x: bw / 2, y: bh / 2, width: 0, height: 0) }
            let rx = bw / w
            let ry = bh / h
            let s = self == .aspectFit ? min(rx, ry) : max(rx, ry)
            let sw = w * s
            let sh = h * s
            return Rect(x: (bw - sw) / 2, y: (bh - sh) / 2, width: sw, height: sh)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            // Kept at its size and pinned where the anchor of the same name lies.
            let anchor = pinnedAnchor ?? .center
            return Rect(x: Self.pinned(bw - w, anchor.x), y: Self.pinned(bh - h, anchor.y), width: w, height: h)
        }
    }

    /// The anchor a fixed-size mode pins the image to (`.topLeft` → `Anchor.topLeft`); nil for the
    /// three scaling modes. The nine pinned modes are the nine anchors, and lay out from them.
    package var pinnedAnchor: Anchor? {
        switch self {
        case .scaleToFill, .aspectFit, .aspectFill: nil
        default: Anchor(rawValue: rawValue)
        }
    }

    /// The offset that places an image at `fraction` (0, 0.5 or 1) of the `free` room: exact, as
    /// `0`, `free / 2` and `free` (a product with 0 could give -0).
    private static func pinned(_ free: Double, _ fraction: Double) -> Double {
        fraction == 0 ? 0 : fraction == 1 ? free : free / 2
    }
}
