/// A local descriptor drawn above the image — a badge, a ribbon, a
/// watermark — anchored to one of nine positions, moved by an offset,
/// sized in points, with an opacity, optionally tiled. Like placeholders,
/// overlays are local references: they never need loading. The shape clips
/// an overlay like every layer, unless `clipsToShape` is false: then it is
/// drawn whole above the clipped surface (and its border), as a status
/// badge on an avatar's edge is.
///
/// ```swift
/// let sale = ImageOverlay(ImageDescriptor(NamedImage("sale", in: .app)).erased,
///                         anchor: .topRight, offset: Point(x: -8, y: 8))
/// let card = ImageDescriptor(url, contentMode: .aspectFill).overlays([sale])
/// let online = ImageOverlay(ImageDescriptor(NamedImage("online", in: .app)).erased,
///                           anchor: .bottomRight, clipsToShape: false)
/// let avatar = ImageDescriptor(url, contentMode: .aspectFill).shape(.circle).overlays([online])
/// ```
public struct ImageOverlay: Sendable, Hashable, CustomStringConvertible {
    /// What to draw: its reference and presentation (content mode within
    /// `size`, tint, background, shape …). Its own overlays are not drawn.
    public var descriptor: ImageDescriptor<AnyLocalImage>
    /// Which point of the surface the overlay's same point is placed on.
    public var anchor: Anchor
    /// Moves the overlay in surface points, +x right, +y down: `.bottomRight`
    /// with `(-8, -8)` sits 8 pt inside the corner.
    public var offset: Point
    /// The overlay's size in points; nil: its pixels ÷ its scale.
    public var size: Size?
    /// 0 (invisible) ... 1 (as drawn).
    public var opacity: Double
    /// Repeat the overlay edge to edge, with no gap, over the whole surface,
    /// one tile at the anchored position.
    public var tiled: Bool
    /// Whether the descriptor's shape clips the overlay (true, the default,
    /// like every other layer). False draws it whole after the shape has
    /// clipped the rest — above the border too — within the surface's
    /// bounds: a badge on a circle avatar's edge.
    public var clipsToShape: Bool

    /// The most overlays one descriptor may draw.
    public static let maxCount = 16

    /// An overlay of `descriptor`, by default at the centre, at its own
    /// size, opaque, clipped by the shape.
    public init(
        _ descriptor: ImageDescriptor<AnyLocalImage>, anchor: Anchor = .center, offset: Point = Point(x: 0, y: 0),
        size: Size? = nil, opacity: Double = 1, tiled: Bool = false, clipsToShape: Bool = true
    ) {
        self.descriptor = descriptor
        self.anchor = anchor
        self.offset = offset
        self.size = size
        self.opacity = opacity
        self.tiled = tiled
        self.clipsToShape = clipsToShape
    }

    /// True when the offset and size are finite (size ≥ 0) and the opacity is within 0...1.
    package var isValid: Bool {
        let sizeValid = size.map { $0.width.isFinite && $0.height.isFinite && $0.width >= 0 && $0.height >= 0 } ?? true
        return sizeValid && offset.x.isFinite && offset.y.isFinite && opacity.isFinite && (0...1).contains(opacity)
    }

    /// `overlay(sale.png at top-right +(-8,8) 60% tiled unclipped)`.
    public var description: String {
        var text = "overlay(\(descriptor.reference) at \(anchor.name)"
        if offset.x != 0 || offset.y != 0 { text += " +(\(Size.format(offset.x)),\(Size.format(offset.y)))" }
        if let size { text += " \(size)" }
        if opacity != 1 { text += " \(Int((opacity * 100).rounded()))%" }
        if tiled { text += " tiled" }
        if !clipsToShape { text += " unclipped" }
        return text + ")"
    }
}
