/// A stroke drawn inside the shape's edge, above the image and overlays.
///
/// ```swift
/// let avatar = ImageDescriptor(url, contentMode: .aspectFill)
///     .shape(.circle).border(Border(width: 2, color: .white))
/// ```
public struct Border: Sendable, Hashable, CustomStringConvertible {
    /// Width in points, inward from the shape's edge.
    public var width: Double
    /// The stroke's colour.
    public var color: Color

    /// A border `width` points wide in `color`.
    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }

    /// True when the width is finite and ≥ 0.
    package var isValid: Bool { width.isFinite && width >= 0 }

    /// `2pt #FFFFFFFF`.
    public var description: String { "\(Size.format(width))pt \(color)" }
}
