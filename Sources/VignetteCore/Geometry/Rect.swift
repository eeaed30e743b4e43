/// A rectangle in points (origin top-left, y grows downwards).
public struct Rect: Sendable, Hashable {
    /// Top-left corner.
    public var origin: Point
    /// Extent.
    public var size: Size

    /// Creates a rectangle from an origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Smallest x.
    public var minX: Double { origin.x }
    /// Smallest y.
    public var minY: Double { origin.y }
    /// Largest x.
    public var maxX: Double { origin.x + size.width }
    /// Largest y.
    public var maxY: Double { origin.y + size.height }
}
