import Foundation

extension EncodingOptions {
    /// Why ``Bitmap/encoded(as:options:)`` could not encode a bitmap: the
    /// format, and the reason (a codec's own failure is carried as
    /// ``Reason/libraryFailure(_:)`` with its message).
    ///
    /// ```swift
    /// do { _ = try bitmap.encoded(as: .jpeg, options: EncodingOptions(lossless: true)) }
    /// catch { print(error) }   // cannot encode jpeg as asked: JPEG has no lossless mode: …
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The format being written.
        public var format: ImageFormat
        /// What went wrong.
        public var reason: Reason

        /// An encoding error.
        public init(format: ImageFormat, reason: Reason) {
            self.format = format
            self.reason = reason
        }

        /// The kinds of encoding failure.
        public enum Reason: Sendable, Hashable {
            /// The bitmap has no pixels.
            case emptyImage(width: Int, height: Int)
            /// Memory for the output could not be obtained.
            case outOfMemory
            /// The encoding library failed, with its message.
            case libraryFailure(String)
            /// Vignette writes no files of this format; it writes those listed.
            case unsupportedFormat(encodable: [ImageFormat])
            /// A setting the format cannot honour, with what to do instead.
            case unsupportedSetting(String)
        }

        /// `cannot encode PNG: …`.
        public var description: String {
            switch reason {
            case .emptyImage(let w, let h): "cannot encode an empty \(w)x\(h) image as \(format)"
            case .outOfMemory: "out of memory while encoding \(format)"
            case .libraryFailure(let message): "\(format) encoding failed: \(message)"
            case .unsupportedFormat(let encodable):
                "cannot encode \(format): Vignette writes only \(encodable.map(\.rawValue).joined(separator: ", ")); pick one of them"
            case .unsupportedSetting(let advice): "cannot encode \(format) as asked: \(advice)"
            }
        }
    }
}
