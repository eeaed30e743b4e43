/// How the image's own size bends the layout — imgproxy's resizing rules,
/// with UIKit's behaviour as the default (`enlarge` and `extend` on).
///
/// A surface may also leave one side open (`width × 0` or `0 × height`): the
/// open side becomes that side of the image as drawn, at least 1 px, and
/// follows the image's aspect ratio in every scaling mode (`300 × 0` of a
/// 2:1 image is 300×150, `scaleToFill` included). With `aspectFit`,
/// `aspectFill` and `scaleToFill` as imgproxy's `fit`, `fill` and `force`:
///
/// ```swift
/// // Never upscale a small product photo; shrink the surface to the photo.
/// let thumb = ImageDescriptor(url, contentMode: .aspectFit)
///     .sizing(Sizing(enlarge: false, extend: false))
/// ```
public struct Sizing: Sendable, Hashable, CustomStringConvertible {
    /// Whether an image may be drawn larger than its own pixels (on: UIKit).
    public var enlarge: Bool
    /// Whether the surface keeps its size and letterboxes (on: UIKit) or
    /// shrinks to what the image covers (off).
    public var extend: Bool
    /// With `extend` off: the surface still keeps the requested aspect
    /// ratio (imgproxy's `extend_aspect_ratio`).
    public var extendAspectRatio: Bool
    /// With `aspectFill`: when the image would be drawn smaller than the
    /// surface, the surface shrinks keeping its aspect ratio (imgproxy's
    /// `fill-down`).
    public var fillDown: Bool

    /// Sizing rules; every default is UIKit's.
    public init(enlarge: Bool = true, extend: Bool = true, extendAspectRatio: Bool = false, fillDown: Bool = false) {
        self.enlarge = enlarge
        self.extend = extend
        self.extendAspectRatio = extendAspectRatio
        self.fillDown = fillDown
    }

    /// UIKit's: enlarge and extend on.
    public static let standard = Sizing()

    /// `enlarge extend`, `no-enlarge no-extend extend-aspect-ratio`, …
    public var description: String {
        var parts = [enlarge ? "enlarge" : "no-enlarge", extend ? "extend" : "no-extend"]
        if extendAspectRatio { parts.append("extend-aspect-ratio") }
        if fillDown { parts.append("fill-down") }
        return parts.joined(separator: " ")
    }
}
