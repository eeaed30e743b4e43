/// How text looks: font (family list, size, weight, style, stretch),
/// colour, spacing, alignment, stroke and shadow — CSS's names and
/// defaults where CSS has them. Sizes are in points, drawn at the
/// surface's scale.
///
/// ```swift
/// var style = TextStyle(families: ["Noto Sans"], size: 24, weight: .bold, color: .white)
/// style.shadow = TextShadow(offset: Point(x: 0, y: 1), blur: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 160))
/// ```
public struct TextStyle: Sendable, Hashable {
    /// Families in order of preference (CSS's `font-family`; a generic name
    /// picks a family named like it — `serif` a "… Serif", `monospace` a
    /// "… Mono" — else the collection's first). Empty: the collection's first family.
    public var families: [String]
    /// The font size in points.
    public var size: Double
    /// The weight, 1...1000.
    public var weight: FontWeight
    /// Upright, italic or oblique.
    public var style: FontStyle
    /// The width in percent of normal (CSS's `font-stretch`), 50...200.
    public var stretch: Double
    /// The fill colour.
    public var color: Color
    /// How lines sit in the box.
    public var alignment: TextAlignment
    /// The distance between baselines as a multiple of `size`; nil: the
    /// font's own (ascender + descender + line gap).
    public var lineHeight: Double?
    /// Extra space after every grapheme cluster, in points (may be negative).
    public var letterSpacing: Double
    /// Extra space after every space character, in points.
    public var wordSpacing: Double
    /// OpenType features on or off (`["liga": 0, "smcp": 1, "tnum": 1]`), as CSS's `font-feature-settings`.
    public var features: [String: Int]
    /// Variation axes of a variable font set directly (`["opsz": 18]`), as CSS's `font-variation-settings`.
    public var variations: [String: Double]
    /// Whether a face's `opsz` axis is set to the size (CSS's `font-optical-sizing`; SVG's only, for now).
    package var opticalSizing = true
    /// An outline drawn under the fill, centred on the glyphs' edges.
    public var stroke: TextStroke?
    /// A shadow drawn under everything else.
    public var shadow: TextShadow?
    /// The text's language (BCP 47, `ja`, `ar`): shaping forms and line-breaking rules.
    public var language: String?
    /// The paragraph direction; `.automatic` takes it from the first strong character (UAX #9).
    public var direction: TextDirection

    /// A style; every default is CSS's (16 pt is its medium size).
    public init(
        families: [String] = [], size: Double = 16, weight: FontWeight = .regular, style: FontStyle = .normal,
        stretch: Double = 100, color: Color = .black, alignment: TextAlignment = .leading, lineHeight: Double? = nil,
        letterSpacing: Double = 0, wordSpacing: Double = 0, features: [String: Int] = [:], variations: [String: Double] = [:],
        stroke: TextStroke? = nil, shadow: TextShadow? = nil, language: String? = nil, direction: TextDirection = .automatic
    ) {
        self.families = families
        self.size = size
        self.weight = weight
        self.style = style
        self.stretch = stretch
        self.color = color
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.features = features
        self.variations = variations
        self.stroke = stroke
        self.shadow = shadow
        self.language = language
        self.direction = direction
    }
}

/// Where lines sit across the box.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// Left in left-to-right paragraphs, right in right-to-left ones.
    case leading
    /// Centred.
    case center
    /// Right in left-to-right paragraphs, left in right-to-left ones.
    case trailing
    /// Left whatever the direction.
    case left
    /// Right whatever the direction.
    case right
}

/// The base direction of paragraphs.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// From the first strong character of each paragraph (left to right when there is none).
    case automatic
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

/// An outline around text: `width` points wide, centred on the glyphs' edges, drawn under the fill.
public struct TextStroke: Sendable, Hashable {
    /// The stroke's width in points.
    public var width: Double
    /// Its colour.
    public var color: Color

    /// A stroke of `width` points in `color`.
    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}

/// A shadow under text: the glyphs' shape moved by `offset`, blurred by `blur` (σ in points), in `color`.
public struct TextShadow: Sendable, Hashable {
    /// How far the shadow is moved, in points (+y down).
    public var offset: Point
    /// The Gaussian blur's σ in points (0: sharp).
    public var blur: Double
    /// Its colour (its alpha is the shadow's opacity).
    public var color: Color

    /// A shadow moved by `offset`, blurred by `blur`, in `color`.
    public init(offset: Point = Point(x: 0, y: 1), blur: Double = 1, color: Color = Color(red: 0, green: 0, blue: 0, alpha: 128)) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}
