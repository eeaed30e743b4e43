/// Any local reference behind one type, so descriptors over bitmaps, bundled
/// images and your own references can sit side by side — as placeholders do.
///
/// ```swift
/// let spinner: ImageDescriptor<AnyLocalImage> = ImageDescriptor(NamedImage("spinner", in: .app)).erased
/// ```
public struct AnyLocalImage: LocalImageReference, Hashable, CustomStringConvertible {
    /// The wrapped reference.
    public let base: any LocalImageReference
    private let resolve: @Sendable (Double, Color?) throws(ImageResourceError) -> (bitmap: Bitmap, tinted: Bool)
    // Equal when the bases are equal (a Hashable base) or are the same wrapping.
    private let identity: Key

    /// Wraps a local reference. A reference whose own errors are not
    /// `ImageResourceError` reports them as `.unreadable`.
    public init<Base: LocalImageReference>(_ base: Base) {
        if let erased = base as? AnyLocalImage {
            self = erased
            return
        }
        self.base = base
        identity = Key(value: (base as? any Hashable).map { AnyHashable($0) } ?? AnyHashable(Identity()))
        resolve = { (scale: Double, tint: Color?) throws(ImageResourceError) -> (bitmap: Bitmap, tinted: Bool) in
            do {
                guard let tint else { return (try base.bitmap(forScale: scale), false) }
                return try base.bitmap(forScale: scale, tint: tint)
            } catch {
                throw error as? ImageResourceError ?? .unreadable(path: "\(base)", reason: "\(error)")
            }
        }
    }

    /// The wrapped reference's pixels for `scale`.
    public func bitmap(forScale scale: Double) throws(ImageResourceError) -> Bitmap {
        try resolve(scale, nil).bitmap
    }

    /// The wrapped reference's pixels for `scale`, with `tint` if it draws one itself.
    public func bitmap(forScale scale: Double, tint: Color) throws(ImageResourceError) -> (bitmap: Bitmap, tinted: Bool) {
        try resolve(scale, tint)
    }

    /// Equal when both wrap equal `Hashable` references, or the same wrapping of another.
    public static func == (lhs: AnyLocalImage, rhs: AnyLocalImage) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the wrapped reference (or the wrapping's identity).
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    // Unchecked: it only ever wraps a base (a `LocalImageReference`, so
    // Sendable) or an `Identity`, which is Sendable.
    private struct Key: Hashable, @unchecked Sendable {
        let value: AnyHashable
    }

    private final class Identity: Hashable, Sendable {
        static func == (lhs: Identity, rhs: Identity) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// The wrapped reference's description.
    public var description: String { "\(base)" }
}

extension ImageDescriptor where Reference: LocalImageReference {
    /// The same descriptor over `AnyLocalImage`.
    public var erased: ImageDescriptor<AnyLocalImage> { map { AnyLocalImage($0) } }
}

extension ImageDescriptor where Reference: LocalImageReference, Reference.Failure == ImageResourceError {
    /// The descriptor resolved for a surface of `scale`: its reference's
    /// pixels, or — when they cannot be had (a missing resource) — an empty
    /// image, so the presentation (background, identifier) still shows. Its
    /// overlays are resolved too; one that cannot be is left out. What
    /// could not be resolved is appended to `errors`.
    package func resolvedOrEmpty(forScale scale: Double, errors: inout [ImageResourceError]) -> ImageDescriptor<Bitmap> {
        let pixels: ImageDescriptor<Bitmap>
        do throws(Reference.Failure) {
            pixels = try resolvedPixels(forScale: scale)
        } catch {
            errors.append(error)
            pixels = map { _ in Bitmap(width: 1, height: 1, scale: scale) }
        }
        return pixels.resolvingOverlays(forScale: scale, errors: &errors)
    }
}
