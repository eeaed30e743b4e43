extension ImageSurface {
    /// The loading and failure placeholders of a remote descriptor. Any
    /// local reference works (a bitmap, a bundled `NamedImage`, your own);
    /// each is resolved for the scale of the surface it lands on and keeps
    /// its own content mode, tint and background.
    ///
    /// ```swift
    /// ImageEnvironment.process.placeholders = .init(loading: .loading, failure: .failure)
    /// let soldOut = ImageDescriptor(NamedImage("sold-out", in: .app), contentMode: .center)
    /// surface.apply(.productImage(url), placeholders: .current.failure(soldOut))
    /// ```
    public struct Placeholders: Sendable {
        /// Shown while loading.
        public var loading: ImageDescriptor<AnyLocalImage>
        /// Shown when the load fails.
        public var failure: ImageDescriptor<AnyLocalImage>

        /// Placeholders from two local descriptors.
        public init<Loading: LocalImageReference, Failure: LocalImageReference>(
            loading: ImageDescriptor<Loading>, failure: ImageDescriptor<Failure>
        ) {
            self.loading = loading.erased
            self.failure = failure.erased
        }

        /// A copy with another loading placeholder.
        public func loading<Reference: LocalImageReference>(_ descriptor: ImageDescriptor<Reference>) -> Self {
            var copy = self
            copy.loading = descriptor.erased
            return copy
        }

        /// A copy with another failure placeholder.
        public func failure<Reference: LocalImageReference>(_ descriptor: ImageDescriptor<Reference>) -> Self {
            var copy = self
            copy.failure = descriptor.erased
            return copy
        }

        /// The placeholders in force: `ImageEnvironment.current.placeholders`.
        public static var current: Placeholders { ImageEnvironment.current.placeholders }

        /// Plain light grey while loading, light red on failure.
        public static let plain = Placeholders(
            loading: ImageDescriptor(
                Bitmap(width: 1, height: 1), contentMode: .center,
                background: .placeholderGray, accessibilityIdentifier: "loadingImage"),
            failure: ImageDescriptor(
                Bitmap(width: 1, height: 1), contentMode: .center,
                background: .placeholderRed, accessibilityIdentifier: "failureImage"))
    }
}
