import Foundation

extension ImageFormat {
    /// The formats Vignette writes: PNG, JPEG, WebP, AVIF and GIF.
    public static let encodable: [ImageFormat] = [.png, .jpeg, .webp, .avif, .gif]

    /// The default quality of JPEG, lossy WebP and AVIF, as sharp and
    /// imgproxy use: ``EncodingOptions/quality``'s default.
    public static let defaultQuality = 80

    /// The usual file name extension, without the dot: `png`, `jpg`,
    /// `webp`, `avif`, `gif`, else the format's name.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The standard encoder for this format with `options` (the settings
    /// that apply to it; see `EncodingOptions`): what
    /// `Bitmap.encoded(as:options:)` and `AnimatedImage.encoded(as:options:)`
    /// write with. JPEG and GIF refuse `lossless` with `.unsupportedSetting`;
    /// formats Vignette only reads (HEIC) or does not know throw `.unsupportedFormat`.
    package func encoder(options: EncodingOptions) throws(EncodingOptions.Error) -> any ImageEncoding {
        switch self {
        case .png:
            return PNGCodec(options: .init(options))
        case .jpeg:
            if options.lossless {
                throw EncodingOptions.Error(
                    format: self,
                    reason: .unsupportedSetting(
                        "JPEG has no lossless mode: encode as .png, or as .webp with lossless: true"))
            }
            return JPEGCodec(options: .init(options))
        case .webp:
            return WebPCodec(options: .init(options))
        case .avif:
            return AVIFCodec(options: .init(options))
        case .gif:
            if options.lossless {
                throw EncodingOptions.Error(
                    format: self,
                    reason: .unsupportedSetting(
                        "GIF keeps at most 256 colours: encode as .png, or as .webp with lossless: true"))
            }
            // GIF's one lossy step is its 256-colour palette: quality does not apply.
            return GIFCodec()
        default:
            throw EncodingOptions.Error(format: self, reason: .unsupportedFormat(encodable: Self.encodable))
        }
    }
}
