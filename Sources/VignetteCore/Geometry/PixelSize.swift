/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A pixel size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `120x80`.
    public var description: String { "\(width)x\(height)" }
}
