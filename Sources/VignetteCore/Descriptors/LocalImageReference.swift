/// A reference whose pixels are available without any network: what a
/// surface can show synchronously, and so what placeholders must be.
///
/// `URL` deliberately does not conform, so a loading or failure placeholder
/// can never itself need loading.
public protocol LocalImageReference: Sendable {
    /// What resolving can throw: `ImageResourceError` for resources, `Never`
    /// for a bitmap (so applying one needs no `try`).
    associatedtype Failure: Swift.Error = ImageResourceError
    /// The pixels to draw on a surface of `scale` pixels per point.
    func bitmap(forScale scale: Double) throws(Failure) -> Bitmap
}

extension Bitmap: LocalImageReference {
    /// A bitmap is already pixels: resolving it cannot fail.
    public typealias Failure = Never

    /// A bitmap is its own pixels.
    public func bitmap(forScale scale: Double) -> Bitmap { self }
}

extension Bitmap: CustomStringConvertible {
    /// `Bitmap(120x80 @2x)`.
    public var description: String { "Bitmap(\(width)x\(height) @\(Size.format(scale))x)" }
}
