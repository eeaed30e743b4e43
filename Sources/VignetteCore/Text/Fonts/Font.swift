import CBundledFonts
import Foundation

/// One font face that text can be drawn with: a TrueType or OpenType (CFF)
/// font, a face of a collection (TTC), or a WOFF or WOFF2 file, possibly variable —
/// with the family, weights, style and stretch CSS font matching reads.
/// Fonts are values made once, at start-up, and shared by every render;
/// they live in a ``FontCollection``.
///
/// ```swift
/// let fonts = try Font.faces(contentsOf: URL(fileURLWithPath: "Fonts/Inter.ttf"))
/// print(fonts.map(\.description))   // ["Inter 100...900 normal 100%"]
/// ```
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The family name CSS matches (the typographic family where the font states one).
    public let family: String
    /// The weights the face draws: one for a static face, the `wght` axis's range for a variable one.
    public let weights: ClosedRange<Double>
    /// Upright, italic, or oblique by the face's slant.
    public let style: FontStyle
    /// The widths the face draws, in percent of normal (CSS's `font-stretch`).
    public let stretches: ClosedRange<Double>
    /// Where the face came from: a file name, or `bundled`.
    package let source: String
    package let face: FontFace

    package init(face: FontFace, source: String) {
        self.face = face
        self.source = source
        family = face.typographicFamily.isEmpty ? source : face.typographicFamily
        let m = face.metrics
        weights = Self.range(face, "wght", fallback: Double(m.weight))
        stretches = Self.range(face, "wdth", fallback: Double(m.width))
        if m.italic >= 0.5 || face.axes.contains(where: { $0.tag == Self.tag("ital") && $0.def >= 0.5 }) {
            style = .italic
        } else if m.slant != 0 {
            style = .oblique(degrees: Double(m.slant))
        } else {
            style = .normal
        }
    }

    /// Whether the face is variable (has `fvar` axes).
    package var isVariable: Bool { !face.axes.isEmpty }

    /// `Noto Sans 400 normal 100%`, `Inter 100...900 normal 100%`.
    public var description: String {
        func text(_ r: ClosedRange<Double>) -> String {
            r.lowerBound == r.upperBound ? Size.format(r.lowerBound) : "\(Size.format(r.lowerBound))...\(Size.format(r.upperBound))"
        }
        return "\(family) \(text(weights)) \(style) \(text(stretches))%"
    }

    /// Equal when they are the same face of the same bytes.
    public static func == (a: Font, b: Font) -> Bool { a.face === b.face }

    /// Hashes the face's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(face)) }

    private static func range(_ face: FontFace, _ axis: String, fallback: Double) -> ClosedRange<Double> {
        guard let a = face.axes.first(where: { $0.tag == tag(axis) }), a.minimum <= a.maximum else { return fallback...fallback }
        return Double(a.minimum)...Double(a.maximum)
    }

    /// An OpenType tag (`wght`) as HarfBuzz's 32-bit value.
    static func tag(_ text: String) -> UInt32 {
        var value: UInt32 = 0
        for byte in (text.utf8 + [32, 32, 32, 32]).prefix(4) { value = value << 8 | UInt32(byte) }
        return value
    }

    /// The bundled family, Noto Sans: regular, bold, italic and bold italic
    /// (Latin, Greek, Cyrillic), compiled into the binary, so text draws the
    /// same with no system fonts and no files beside the executable.
    package static let bundled: [Font] = (0..<4).compactMap { index in
        var length = 0
        guard let bytes = vg_bundled_font(UInt32(index), &length),
            let face = FontFace(bytes: UnsafeRawBufferPointer(start: bytes, count: length), owner: nil, index: 0)
        else { return nil }
        return Font(face: face, source: "bundled")
    }

    /// The licence of the bundled fonts (SIL Open Font License 1.1), to ship with an app that draws with them.
    public static var bundledLicense: String { String(cString: vg_bundled_font_license()) }
}
