import Foundation

/// How an image is presented, independent of where its pixels come from.
///
/// A descriptor pairs a *reference* (a decoded `Bitmap`, a bundled
/// `NamedImage`, or a remote `URL`) with presentation: content mode, tint,
/// background and accessibility identifier. Define them once, app-wide, in
/// constrained extensions so every call site stays one line:
///
/// ```swift
/// extension ImageDescriptor where Reference == NamedImage {
///     static var loading: Self {
///         ImageDescriptor(NamedImage("spinner", in: .app), contentMode: .center,
///                         tint: .black, background: .placeholderGray, accessibilityIdentifier: "loadingImage")
///     }
/// }
/// extension ImageDescriptor where Reference == URL {
///     static func productImage(_ url: URL) -> Self {
///         ImageDescriptor(url, contentMode: .aspectFill, accessibilityIdentifier: "productImage")
///     }
/// }
/// try surface.apply(.loading)
/// ```
public struct ImageDescriptor<Reference: Sendable>: Sendable {
    /// Where the pixels come from.
    public var reference: Reference
    /// How the image is laid out in the surface.
    public var contentMode: ContentMode
    /// When set, the image is drawn as a template in this colour.
    public var tint: Color?
    /// When set, fills the whole surface beneath the image.
    public var background: Color?
    /// A stable name for tests and tooling.
    public var accessibilityIdentifier: String?

    /// Creates a descriptor.
    public init(
        _ reference: Reference,
        contentMode: ContentMode = .scaleToFill,
        tint: Color? = nil,
        background: Color? = nil,
        accessibilityIdentifier: String? = nil
    ) {
        self.reference = reference
        self.contentMode = contentMode
        self.tint = tint
        self.background = background
        self.accessibilityIdentifier = accessibilityIdentifier
    }

    /// The same presentation over another reference — how a remote descriptor
    /// becomes a local one once its bytes are decoded.
    public func map<New: Sendable, Failure: Swift.Error>(
        _ transform: (Reference) throws(Failure) -> New
    ) throws(Failure) -> ImageDescriptor<New> {
        ImageDescriptor<New>(
            try transform(reference), contentMode: contentMode, tint: tint,
            background: background, accessibilityIdentifier: accessibilityIdentifier)
    }

    /// A copy with another content mode.
    public func contentMode(_ mode: ContentMode) -> Self { with { $0.contentMode = mode } }
    /// A copy with another tint (nil removes it).
    public func tint(_ color: Color?) -> Self { with { $0.tint = color } }
    /// A copy with another background (nil removes it).
    public func background(_ color: Color?) -> Self { with { $0.background = color } }
    /// A copy with another accessibility identifier.
    public func accessibilityIdentifier(_ identifier: String?) -> Self { with { $0.accessibilityIdentifier = identifier } }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension ImageDescriptor: Equatable where Reference: Equatable {}
extension ImageDescriptor: Hashable where Reference: Hashable {}

extension ImageDescriptor: CustomStringConvertible {
    /// The reference and every presentation property that is set.
    public var description: String {
        var parts = ["\(reference)", "contentMode: \(contentMode)"]
        if let tint { parts.append("tint: \(tint)") }
        if let background { parts.append("background: \(background)") }
        if let accessibilityIdentifier { parts.append("id: \(accessibilityIdentifier)") }
        return "ImageDescriptor(" + parts.joined(separator: ", ") + ")"
    }
}
