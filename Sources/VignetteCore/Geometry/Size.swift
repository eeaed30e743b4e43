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

    /// `120x80`, or `12.5x8` for fractions.
    public var description: String { "\(Size.format(width))x\(Size.format(height))" }

    /// A number as the shortest text: `2` rather than `2.0`.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
