/// An sRGB colour with straight (non-premultiplied) 8-bit components.
///
/// ```swift
/// let brand = try Color(hex: "#FF6600")
/// let glass = try Color(hex: "#FFFFFF80")   // half-transparent white
/// ```
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red component, 0...255.
    public var red: UInt8
    /// Green component, 0...255.
    public var green: UInt8
    /// Blue component, 0...255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) ... 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from straight components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    public init(hex: String) throws(Color.Error) {
        guard let first = hex.first else { throw .empty }
        guard first == "#" else { throw .missingHash(hex) }
        // Walk Unicode scalars so a non-ASCII character is reported as itself.
        var values: [UInt8] = []
        for scalar in hex.unicodeScalars.dropFirst() {
            guard scalar.isASCII, let value = Color.hexValue(UInt8(scalar.value)) else {
                throw .invalidDigit(hex, Character(scalar))
            }
            values.append(value)
        }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            let pairs = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
            self.init(red: pairs[0], green: pairs[1], blue: pairs[2], alpha: pairs.count == 4 ? pairs[3] : 255)
        default:
            throw .invalidLength(hex, values.count)
        }
    }

    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// The light grey (#EEEEEE) of the plain loading placeholder.
    public static let placeholderGray = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
    /// The light red (#FDE8E7) of the plain failure placeholder.
    public static let placeholderRed = Color(red: 0xFD, green: 0xE8, blue: 0xE7)

    /// `#RRGGBBAA`, always eight digits, upper case.
    public var description: String {
        "#"
            + [red, green, blue, alpha].map { byte in
                let digits = Array("0123456789ABCDEF")
                return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
            }.joined()
    }

    /// The premultiplied pixel this colour stores as in a `Bitmap`.
    public var premultiplied: PremultipliedPixel {
        PremultipliedPixel(
            red: PixelMath.multiply(red, alpha),
            green: PixelMath.multiply(green, alpha),
            blue: PixelMath.multiply(blue, alpha),
            alpha: alpha)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Color {
    /// Why a colour string could not be parsed.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The string was empty.
        case empty
        /// The string did not start with `#`.
        case missingHash(String)
        /// The string had a number of hex digits other than 3, 6 or 8.
        case invalidLength(String, Int)
        /// The string held a character that is not a hex digit.
        case invalidDigit(String, Character)

        /// What was wrong, with the expected forms.
        public var description: String {
            switch self {
            case .empty:
                "empty colour: expected #RGB, #RRGGBB or #RRGGBBAA"
            case .missingHash(let text):
                "invalid colour '\(text)': it must start with '#' (e.g. #FF6600)"
            case .invalidLength(let text, let count):
                "invalid colour '\(text)': \(count) hex digits; expected 3, 6 or 8"
            case .invalidDigit(let text, let character):
                "invalid colour '\(text)': '\(character)' is not a hex digit"
            }
        }
    }
}
