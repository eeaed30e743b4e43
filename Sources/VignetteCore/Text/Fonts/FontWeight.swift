/// A font weight on CSS's scale, 1 (thinnest) to 1000 (heaviest): 400 is
/// regular, 700 bold.
///
/// ```swift
/// let title = TextStyle(size: 28, weight: .bold)
/// let thin = TextStyle(size: 28, weight: 250)   // a variable font draws it exactly
/// ```
public struct FontWeight: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The weight, clamped to 1...1000.
    public let value: Double

    /// A weight of `value`, clamped to 1...1000 (a value that is not a number is regular).
    public init(_ value: Double) { self.value = value.isFinite ? min(1000, max(1, value)) : 400 }

    /// A weight written as an integer literal: `600`.
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// 400, CSS's `normal`.
    public static let regular = FontWeight(400)
    /// 500.
    public static let medium = FontWeight(500)
    /// 600.
    public static let semibold = FontWeight(600)
    /// 700, CSS's `bold`.
    public static let bold = FontWeight(700)

    /// `400`, `650`.
    public var description: String { Size.format(value) }
}

/// Upright, italic or oblique, as CSS's `font-style`.
public enum FontStyle: Sendable, Hashable, CustomStringConvertible {
    /// Upright.
    case normal
    /// The family's italic face (an oblique one, or a slanted upright, when it has none).
    case italic
    /// Slanted by `degrees` (CSS's default 14), an oblique face or a slanted upright.
    case oblique(degrees: Double)

    /// `normal`, `italic`, `oblique 14deg`.
    public var description: String {
        switch self {
        case .normal: "normal"
        case .italic: "italic"
        case .oblique(let degrees): "oblique \(Size.format(degrees))deg"
        }
    }
}
