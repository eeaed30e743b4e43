/// A size in points.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The zero size.
    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(Size.format(width))x\(Size.format(height))" }

    /// A number as the shortest text: `2` rather than `2.0`.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A point in points.
public struct Point: Sendable, Hashable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downwards.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

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

/// A rectangle of whole pixels, given by its edges (`maxX`/`maxY` exclusive).
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge.
    public var minX: Int
    /// Top edge.
    public var minY: Int
    /// Right edge (exclusive).
    public var maxX: Int
    /// Bottom edge (exclusive).
    public var maxY: Int

    /// Creates a pixel rectangle from its edges.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Width in pixels (0 when empty).
    public var width: Int { max(0, maxX - minX) }
    /// Height in pixels (0 when empty).
    public var height: Int { max(0, maxY - minY) }
    /// True when the rectangle covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The overlap of two rectangles (possibly empty).
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(minX: max(minX, other.minX), minY: max(minY, other.minY),
                  maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// Converts a rectangle in points to pixels by snapping each edge to
    /// `floor(v * scale + 0.5)` — the rendering contract's rule.
    public init(snapping rect: Rect, scale: Double) {
        func snap(_ value: Double) -> Int {
            let v = (value * scale + 0.5).rounded(.down)
            return Int(max(-1e9, min(1e9, v)))
        }
        self.init(minX: snap(rect.minX), minY: snap(rect.minY), maxX: snap(rect.maxX), maxY: snap(rect.maxY))
    }

    public var description: String { "(\(minX),\(minY))-(\(maxX),\(maxY))" }
}
