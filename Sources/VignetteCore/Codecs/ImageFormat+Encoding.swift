import Foundation

extension ImageFormat {
    /// The formats Vignette writes: PNG, JPEG, WebP, AVIF and GIF.
    public static let encodable: [ImageFormat] = [.png, .jpeg, .webp, .avif, .gif]

    /// The default quality of JPEG, lossy WebP and AVIF, as sharp and imgproxy use.
    public static let defaultQuality = 80

    /// The usual file name extension, without the dot: `png`, `jpg`,
    /// `webp`, `avif`, `gif`, else the format's name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The standard encoder for this format with a quality and, for WebP and
    /// AVIF, lossless mode — the settings behind `encoded(as:quality:lossless:)`.
    ///
    /// - `quality` (1...100, clamped; nil is `defaultQuality`) sets JPEG,
    ///   lossy WebP and AVIF quality, and lossless WebP's effort. PNG is always
    ///   lossless: it ignores quality, so one call can serve every format.
    /// - `lossless` makes WebP and AVIF lossless; PNG is lossless anyway; JPEG has
    ///   no lossless mode, so asking for one throws `.unsupportedSetting`
    ///   rather than silently giving lossy bytes.
    /// - GIF ignores quality (its palette is its one loss) and throws
    ///   `.unsupportedSetting` for lossless, as JPEG does.
    /// - Formats Vignette only reads (HEIC) or does not know throw
    ///   `.unsupportedFormat`.
    ///
    /// ```swift
    /// let encoder = try ImageFormat.webp.encoder(quality: 90)
    /// let data = try bitmap.encoded(using: encoder)
    /// ```
    public func encoder(quality: Int? = nil, lossless: Bool = false) throws(ImageEncodingError) -> any ImageEncoding {
        switch self {
        case .png:
            return PNGCodec()
        case .jpeg:
            if lossless {
                throw ImageEncodingError(
                    format: self,
                    reason: .unsupportedSetting(
                        "JPEG has no lossless mode: encode as .png, or as .webp with lossless: true"))
            }
            return JPEGCodec(options: .init(quality: quality ?? Self.defaultQuality))
        case .webp:
            return WebPCodec(options: .init(quality: quality ?? Self.defaultQuality, lossless: lossless))
        case .avif:
            return AVIFCodec(options: .init(quality: quality ?? Self.defaultQuality, lossless: lossless))
        case .gif:
            if lossless {
                throw ImageEncodingError(
                    format: self,
                    reason: .unsupportedSetting(
                        "GIF keeps at most 256 colours: encode as .png, or as .webp with lossless: true"))
            }
            // GIF's one lossy step is its 256-colour palette: quality does not apply.
            return GIFCodec()
        default:
            throw ImageEncodingError(format: self, reason: .unsupportedFormat(encodable: Self.encodable))
        }
    }
}

extension Bitmap {
    /// The bitmap encoded as `format` (`.png`, `.jpeg`, `.webp` or `.avif`) with the
    /// standard encoder; see `ImageFormat.encoder(quality:lossless:)` for
    /// what `quality` and `lossless` do. Deterministic: the same bitmap and
    /// settings always give the same bytes.
    ///
    /// ```swift
    /// let jpeg = try bitmap.encoded(as: .jpeg, quality: 85)
    /// let webp = try bitmap.encoded(as: .webp, lossless: true)
    /// ```
    public func encoded(
        as format: ImageFormat, quality: Int? = nil,
        lossless: Bool = false
    ) throws(ImageEncodingError) -> Data {
        try encoded(using: format.encoder(quality: quality, lossless: lossless))
    }
}
