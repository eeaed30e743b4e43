extension ImageDecoders {
    /// Why bytes could not become a bitmap, whichever decoder tried: the format
    /// (nil when no decoder recognised the bytes), what was wrong, and the
    /// decoder's own error when there is one.
    ///
    /// ```swift
    /// do { _ = try Bitmap(decoding: data) }
    /// catch { if case .tooLarge = error.reason { print("too large: \(error)") } }
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The format of the bytes, when recognised.
        public var format: ImageFormat?
        /// What was wrong.
        public var reason: Reason
        /// The decoder's own error (e.g. libpng's message for a PNG), for callers that
        /// want its detail. Not part of equality.
        public var underlying: (any Swift.Error & Sendable)?

        /// A decoding error.
        public init(format: ImageFormat?, reason: Reason, underlying: (any Swift.Error & Sendable)? = nil) {
            self.format = format
            self.reason = reason
            self.underlying = underlying
        }

        /// The kinds of decoding failure.
        public enum Reason: Sendable, Hashable {
            /// No decoder recognised the first bytes (`byteCount` in all).
            case unrecognizedFormat(byteCount: Int)
            /// The bytes claim the format but are corrupt or truncated.
            case malformed(String)
            /// Damage the decoder could conceal (the warning it would give),
            /// refused because `DecodingOptions.rejectsDamagedData` is set.
            case damagedData(DecodingWarning)
            /// Valid data this build cannot decode (e.g. 12-bit JPEG samples).
            case unsupported(String)
            /// The header announces more pixels than the limit.
            case tooLarge(width: Int, height: Int, limit: Int)
            /// The header states a side longer than `DecodingOptions.maxSide`.
            case sideTooLong(width: Int, height: Int, limit: Int)
            /// Memory for the pixels could not be obtained.
            case outOfMemory
            /// The requested scale is zero, negative or not finite.
            case invalidScale(Double)
            /// The animation has more frames than `AnimationLimits.maxFrames`.
            case tooManyFrames(count: Int, limit: Int)
            /// Canvas pixels times frames exceed `AnimationLimits.maxAnimationPixels`.
            case animationTooLarge(pixels: Int, frames: Int, limit: Int)
            /// The file at `path` could not be read (``Bitmap/init(contentsOf:options:)``), and why.
            case unreadable(path: String, reason: String)
        }

        /// True when the bytes themselves are bad (not an image, or corrupt),
        /// as opposed to a limit or option of this request: a cached copy of
        /// such bytes should be dropped.
        package var isDamagedData: Bool {
            switch reason {
            case .unrecognizedFormat, .malformed, .damagedData: true
            case .unsupported, .tooLarge, .sideTooLong, .outOfMemory, .invalidScale, .tooManyFrames, .animationTooLarge, .unreadable:
                false
            }
        }

        /// What is wrong, in words a user can act on.
        public var description: String {
            switch reason {
            case .unrecognizedFormat(let count):
                count < 8
                    ? "not an image: only \(count) bytes"
                    : "not an image in a known format (\(ImageDecoders.standard.formats.map(\.rawValue).joined(separator: ", ")))"
            case .malformed(let detail): "corrupt \(format.map { $0.rawValue.uppercased() } ?? "image"): \(detail)"
            case .damagedData(let warning):
                "corrupt \(format.map { $0.rawValue.uppercased() } ?? "image"): \(warning.detail) (refused: damaged data is rejected)"
            case .unsupported(let detail): "unsupported \(format.map { $0.rawValue.uppercased() } ?? "image"): \(detail)"
            case .tooLarge(let w, let h, let limit): "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit): "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .outOfMemory: "out of memory while decoding the \(format.map { $0.rawValue.uppercased() } ?? "image")"
            case .invalidScale(let scale): "invalid image scale \(scale): it must be a positive number"
            case .tooManyFrames(let count, let limit): "animation has \(count) frames, over the limit of \(limit) frames"
            case .animationTooLarge(let pixels, let frames, let limit):
                "animation is \(pixels) pixels in \(frames) frames, over the limit of \(limit) pixels"
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            }
        }

        /// Same format and reason.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.format == rhs.format && lhs.reason == rhs.reason }

        /// Hashes format and reason.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(format)
            hasher.combine(reason)
        }
    }
}
