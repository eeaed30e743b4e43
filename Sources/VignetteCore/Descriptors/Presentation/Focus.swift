/// Which part of an image a cropping layout keeps: when the image as placed
/// is larger than the surface on an axis (`aspectFill`, or a fixed-size mode
/// such as `.center` with a large image), the focus chooses the visible
/// window on that axis. The default, `.center`, is UIKit's.
///
/// ```swift
/// let hero = ImageDescriptor(url, contentMode: .aspectFill).focus(.point(x: 0.3, y: 0.25))
/// let card = ImageDescriptor(url, contentMode: .aspectFill).focus(.smart)
/// ```
public enum Focus: Sendable, Hashable, CustomStringConvertible {
    /// Keep this part: `.anchor(.top)` keeps the top edge, `.anchor(.bottomRight)`
    /// the bottom-right corner, `.anchor(.center)` the middle.
    case anchor(Anchor)
    /// Keep this point as near the surface's centre as the image's edges
    /// allow (thumbor's focal point). `x` and `y` are fractions 0...1 of the
    /// oriented image, origin top-left.
    case point(x: Double, y: Double)
    /// Let a deterministic saliency measure (edges, saturation, skin tones)
    /// choose the window, so a small subject on a plain background stays in.
    case smart

    /// True when the focal point's coordinates are finite and within 0...1.
    package var isValid: Bool {
        guard case .point(let x, let y) = self else { return true }
        return x.isFinite && y.isFinite && (0...1).contains(x) && (0...1).contains(y)
    }

    /// `center`, `top-left`, `smart`, `0.3,0.25` — as the CLI's `--focus` takes it.
    public var description: String {
        switch self {
        case .anchor(let anchor): anchor.name
        case .point(let x, let y): "\(Size.format(x)),\(Size.format(y))"
        case .smart: "smart"
        }
    }
}
