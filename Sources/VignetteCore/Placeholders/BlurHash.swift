/// A BlurHash: a short string (about 20–30 characters) that a page or app
/// shows as a blurred colour field while the real photo loads. It is a
/// `LocalImageReference`, so it renders with no network and can be a
/// surface's loading placeholder.
///
/// ```swift
/// let hash = try BlurHash.encode(photo)            // 4×3 components: "LFF=X1uJ0L8y…"
/// let placeholder = try BlurHash(hash.string)      // decodes to 32×32 pixels
/// surface.apply(ImageDescriptor(placeholder, contentMode: .scaleToFill))  // cannot fail
/// ```
///
/// Strings are the standard format (woltapp/blurhash, base83) and match the
/// reference Python `blurhash` package for the same pixels. Encoding and
/// decoding are deterministic: sRGB conversions use fixed tables and the
/// cosine basis is a fixed polynomial, not the platform's `cos`.
public struct BlurHash: LocalImageReference, Hashable, CustomStringConvertible {
    /// The validated hash string.
    public let string: String
    /// Width of the decoded bitmap in pixels (1–1024).
    public let width: Int
    /// Height of the decoded bitmap in pixels (1–1024).
    public let height: Int
    /// Contrast of the decoded colours: 1 is the standard look, larger is
    /// more contrasted.
    public let punch: Double

    /// The largest side a hash decodes to: a blur needs few pixels, and the
    /// content mode scales them up.
    package static let maxDecodedSide = 1024

    /// What encoding and decoding a BlurHash can throw.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// Component counts must each be 1–9.
        case invalidComponents(x: Int, y: Int)
        /// The string's length does not fit its component counts.
        case invalidLength(expected: Int, actual: Int)
        /// The DC colour (characters 2–5) is above 0xFFFFFF.
        case invalidColor(Int)
        /// A character outside the base83 alphabet, at this UTF-8 offset.
        case invalidCharacter(Character, offset: Int)
        /// The decoded size must be 1–`maxDecodedSide` pixels a side.
        case invalidSize(width: Int, height: Int)
        /// Punch must be finite and greater than 0.
        case invalidPunch(Double)
        /// An image with no pixels has no hash.
        case emptyImage
    }

    /// Validates `string` and keeps the size to decode it to.
    public init(_ string: String, width: Int = 32, height: Int = 32, punch: Double = 1) throws(BlurHash.Error) {
        let size = try Self.digits(of: string)[0]
        guard (1...Self.maxDecodedSide).contains(width), (1...Self.maxDecodedSide).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        guard punch.isFinite, punch > 0 else { throw .invalidPunch(punch) }
        self.string = string
        self.width = width
        self.height = height
        self.punch = punch
        self.componentsX = size % 9 + 1
        self.componentsY = size / 9 + 1
    }

    /// Horizontal component count (1–9).
    package let componentsX: Int
    /// Vertical component count (1–9).
    package let componentsY: Int

    /// The hash decoded to `width` × `height` opaque pixels at scale 1
    /// (whatever the surface's scale: the content mode stretches it).
    public func bitmap(forScale scale: Double) -> Bitmap { decoded() }

    /// `BlurHash(LFF=X1uJ0L8y… 32x32)`.
    public var description: String { "BlurHash(\(string) \(width)x\(height))" }

    /// The base83 digits of a valid hash, after checking its characters and
    /// that its length fits the component counts in its first character.
    static func digits(of string: String) throws(BlurHash.Error) -> [Int] {
        var digits: [Int] = []
        for (offset, byte) in string.utf8.enumerated() {
            guard let digit = alphabetIndex[byte] else {
                let scalar = string.unicodeScalars.first { !$0.isASCII || alphabetIndex[UInt8($0.value)] == nil }
                throw .invalidCharacter(Character(scalar ?? "?"), offset: offset)
            }
            digits.append(digit)
        }
        guard let size = digits.first else { throw .invalidLength(expected: 6, actual: 0) }
        let expected = 4 + 2 * (size % 9 + 1) * (size / 9 + 1)
        guard digits.count == expected else { throw .invalidLength(expected: expected, actual: digits.count) }
        let dc = digits[2..<6].reduce(0) { $0 * 83 + $1 }
        guard dc <= 0xFF_FFFF else { throw .invalidColor(dc) }
        return digits
    }

    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)
    static let alphabetIndex: [UInt8: Int] = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })

    /// `value` as `length` base83 digits.
    static func base83(_ value: Int, length: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: length)
        var rest = value
        for i in stride(from: length - 1, through: 0, by: -1) {
            bytes[i] = alphabet[rest % 83]
            rest /= 83
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
