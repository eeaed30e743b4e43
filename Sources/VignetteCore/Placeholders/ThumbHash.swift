import Foundation

/// A ThumbHash: about 25 bytes (a 28–40 character base64 string) that a page
/// or app shows while the real photo loads. Unlike a BlurHash it keeps the
/// image's aspect ratio, its alpha and a little more detail. It is a
/// `LocalImageReference`, so it renders with no network and can be a
/// surface's loading placeholder.
///
/// ```swift
/// let hash = try ThumbHash.encode(photo)            // "1QcSHQRnh493V4dIh4eXh1h4kJUI"
/// let placeholder = try ThumbHash(hash.string)      // decodes to about 32 px on the long side
/// surface.apply(ImageDescriptor(placeholder, contentMode: .scaleToFill))  // cannot fail
/// ```
///
/// Strings are standard base64 with padding, the bytes of evanw's reference
/// ThumbHash (the Rust version, which computes in `Float`) for the same
/// pixels. Encoding and decoding are deterministic: `Float` operations in
/// the reference's order and a cosine that is not the platform's.
public struct ThumbHash: LocalImageReference, Hashable, CustomStringConvertible {
    /// The hash's bytes.
    public let bytes: [UInt8]
    /// Width of the decoded bitmap in pixels.
    public let width: Int
    /// Height of the decoded bitmap in pixels.
    public let height: Int

    /// The largest side a hash decodes to: a blur needs few pixels, and the
    /// content mode scales them up.
    package static let maxDecodedSide = 1024

    /// What encoding and decoding a ThumbHash can throw.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The string is not standard base64.
        case invalidBase64(String)
        /// Fewer bytes than the header says the hash has.
        case tooShort(expected: Int, actual: Int)
        /// More bytes than the header says the hash has.
        case tooLong(expected: Int, actual: Int)
        /// The header's luminance component count on the short side is 0 or
        /// above the maximum (7, or 5 with alpha).
        case invalidHeader(shortSideComponents: Int, maximum: Int)
        /// The decoded size must be 1–`maxDecodedSide` pixels a side.
        case invalidSize(width: Int, height: Int)
        /// An image with no pixels has no hash.
        case emptyImage
    }

    /// Validates a base64 string (standard alphabet; padding optional) and
    /// keeps the size to decode it to: by default the reference's, 32 pixels
    /// on the long side and the other side from the hash's aspect ratio.
    public init(_ string: String, width: Int? = nil, height: Int? = nil) throws(ThumbHash.Error) {
        let padded = string + String(repeating: "=", count: (4 - string.utf8.count % 4) % 4)
        guard string.utf8.allSatisfy({ Self.isBase64($0) }), let data = Data(base64Encoded: padded) else {
            throw .invalidBase64(string)
        }
        try self.init(bytes: Array(data), width: width, height: height)
    }

    /// Validates a hash's bytes and keeps the size to decode it to.
    public init(bytes: [UInt8], width: Int? = nil, height: Int? = nil) throws(ThumbHash.Error) {
        guard bytes.count >= 5 else { throw .tooShort(expected: 5, actual: bytes.count) }
        let header = Header(bytes)
        guard (1...header.longSideComponents).contains(header.shortSideComponents) else {
            throw .invalidHeader(shortSideComponents: header.shortSideComponents, maximum: header.longSideComponents)
        }
        let expected = header.byteCount
        guard bytes.count >= expected else { throw .tooShort(expected: expected, actual: bytes.count) }
        guard bytes.count == expected else { throw .tooLong(expected: expected, actual: bytes.count) }
        let ratio = header.aspectRatio
        let w = width ?? (ratio > 1 ? 32 : Int((32 * ratio).rounded()))
        let h = height ?? (ratio > 1 ? Int((32 / ratio).rounded()) : 32)
        guard (1...Self.maxDecodedSide).contains(w), (1...Self.maxDecodedSide).contains(h) else {
            throw .invalidSize(width: w, height: h)
        }
        self.bytes = bytes
        self.width = w
        self.height = h
    }

    /// The hash as standard base64 with padding, as the reference prints it.
    public var string: String { Data(bytes).base64EncodedString() }

    /// The hash decoded to `width` × `height` pixels at scale 1 (whatever
    /// the surface's scale: the content mode stretches it).
    public func bitmap(forScale scale: Double) -> Bitmap { decoded() }

    /// The image's average colour, read from the header as the reference
    /// does (components rounded to the nearest byte).
    public var averageColor: Color { Header(bytes).averageColor }

    /// The image's aspect ratio (width / height) as the hash approximates
    /// it: the ratio of its luminance component counts.
    public var approximateAspectRatio: Double { Double(Header(bytes).aspectRatio) }

    /// Whether the image had transparent pixels.
    public var hasAlpha: Bool { Header(bytes).hasAlpha }

    /// `ThumbHash(1QcSHQRnh493V4dIh4eXh1h4kJUI 32x21)`.
    public var description: String { "ThumbHash(\(string) \(width)x\(height))" }

    static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            return true
        default: return false
        }
    }
}
