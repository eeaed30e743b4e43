/// An image file format, as recognised from a file's first bytes.
public struct ImageFormat: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// A short lower-case name: `png`, `jpeg`, `webp`, …
    public let rawValue: String

    /// A format by name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Portable Network Graphics.
    public static let png = ImageFormat(rawValue: "png")
    /// JPEG (JFIF / Exif).
    public static let jpeg = ImageFormat(rawValue: "jpeg")
    /// WebP.
    public static let webp = ImageFormat(rawValue: "webp")
    /// AVIF.
    public static let avif = ImageFormat(rawValue: "avif")
    /// GIF.
    public static let gif = ImageFormat(rawValue: "gif")
    /// HEIC / HEIF (`image/heic`; read only).
    public static let heic = ImageFormat(rawValue: "heic")
    /// SVG (`image/svg+xml`; read only: drawn by ``SVGDecoder``).
    public static let svg = ImageFormat(rawValue: "svg")

    /// The media type, e.g. `image/png` or `image/svg+xml` (`image/<name>` for formats Vignette does not ship).
    public var mediaType: String { self == .svg ? "image/svg+xml" : "image/" + rawValue }

    /// The name, e.g. `png`.
    public var description: String { rawValue }
}
