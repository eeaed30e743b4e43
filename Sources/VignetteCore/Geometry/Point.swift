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
