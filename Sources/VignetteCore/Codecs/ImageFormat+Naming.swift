import Foundation

extension ImageFormat {
    /// The format a file name extension names (without the dot, any letter
    /// case): `png`, `jpg`/`jpeg`, `webp`, `avif`, `gif`, `heic`/`heif`; nil for any other.
    ///
    /// ```swift
    /// ImageFormat(fileExtension: "JPG")   // .jpeg
    /// ```
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        case "avif": self = .avif
        case "gif": self = .gif
        case "heic", "heif": self = .heic
        default: return nil
        }
    }

    /// The format to answer an HTTP request with when it names none: WebP
    /// when the `Accept` header names `image/webp` with a non-zero q, else
    /// JPEG for an opaque image and PNG for a translucent one — the same as
    /// `negotiate(accept:isOpaque:candidates:)` with the candidate `[.webp]`.
    ///
    /// ```swift
    /// ImageFormat.negotiate(accept: "image/avif,image/webp,*/*", isOpaque: true)   // .webp
    /// ```
    package static func negotiate(accept: String?, isOpaque: Bool) -> ImageFormat {
        negotiate(accept: accept, isOpaque: isOpaque, candidates: [.webp])
    }
}
