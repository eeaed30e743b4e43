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
    /// The pixels for `scale` with a descriptor's `tint` drawn by the
    /// reference itself where it can — a vector takes it as its
    /// `currentColor` and keeps its other colours — and whether it did. The
    /// default draws no tint (`tinted` false), and the renderer recolours the
    /// pixels as a template.
    func bitmap(forScale scale: Double, tint: Color) throws(Failure) -> (bitmap: Bitmap, tinted: Bool)
}

extension LocalImageReference {
    /// A bitmap reference draws no tint itself: the renderer applies it as a template.
    public func bitmap(forScale scale: Double, tint: Color) throws(Failure) -> (bitmap: Bitmap, tinted: Bool) {
        (try bitmap(forScale: scale), false)
    }
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
