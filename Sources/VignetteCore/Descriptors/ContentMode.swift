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
        case .center:
            return Rect(x: (bw - w) / 2, y: (bh - h) / 2, width: w, height: h)
        case .top:
            return Rect(x: (bw - w) / 2, y: 0, width: w, height: h)
        case .bottom:
            return Rect(x: (bw - w) / 2, y: bh - h, width: w, height: h)
        case .left:
            return Rect(x: 0, y: (bh - h) / 2, width: w, height: h)
        case .right:
            return Rect(x: bw - w, y: (bh - h) / 2, width: w, height: h)
        case .topLeft:
            return Rect(x: 0, y: 0, width: w, height: h)
        case .topRight:
            return Rect(x: bw - w, y: 0, width: w, height: h)
        case .bottomLeft:
            return Rect(x: 0, y: bh - h, width: w, height: h)
        case .bottomRight:
            return Rect(x: bw - w, y: bh - h, width: w, height: h)
        }
    }
}
