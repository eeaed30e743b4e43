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
    package func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }

    /// Converts a rectangle in points to pixels by snapping each edge to
    /// `floor(v * scale + 0.5)` — the rendering contract's rule.
    package init(snapping rect: Rect, scale: Double) {
        func snap(_ value: Double) -> Int {
            let v = (value * scale + 0.5).rounded(.down)
            return Int(max(-1e9, min(1e9, v)))
        }
        self.init(minX: snap(rect.minX), minY: snap(rect.minY), maxX: snap(rect.maxX), maxY: snap(rect.maxY))
    }

    /// `(minX,minY)-(maxX,maxY)`.
    public var description: String { "(\(minX),\(minY))-(\(maxX),\(maxY))" }
}
