/// Text as a local image: a string laid out in a style — shaped by
/// HarfBuzz, bidi by UAX #9, broken into lines by UAX #14, per-cluster
/// font fallback — and drawn by the package's own coverage rasterizer at
/// the surface's scale, so the same text gives the same bytes on every
/// machine. Without a `width` it is one line per paragraph at its natural
/// size; with one, lines wrap to it. Put it on an image as an overlay
/// (anchored, offset, faded or tiled like any other) or render it alone.
///
/// ```swift
/// let price = TextImage("€ 24.90", style: TextStyle(size: 20, weight: .bold, color: .white))
/// let title = TextImage(
///     "A very long headline that needs two lines and then some", style: TextStyle(size: 40, weight: .bold),
///     width: 560, maxLines: 2, minimumSize: 28)   // shrinks to fit, else ends in …
/// let card = ImageDescriptor(url, contentMode: .aspectFill).overlays([
///     ImageOverlay(ImageDescriptor(price, background: Color(red: 0xD0, green: 0x21, blue: 0x1B)).erased,
///                  anchor: .bottomLeft, offset: Point(x: 12, y: -12)),
///     ImageOverlay(ImageDescriptor(title).erased, anchor: .top, offset: Point(x: 0, y: 24)),
/// ])
/// ```
public struct TextImage: LocalImageReference, Hashable, CustomStringConvertible {
    /// What resolving throws: a budget exceeded, no usable font, or HarfBuzz or ICU missing.
    public typealias Failure = TextImage.Error

    /// The text; `\n` (or U+2029) starts a new paragraph.
    public var string: String
    /// How it looks.
    public var style: TextStyle
    /// The box's width in points: lines wrap to it and align in it. Nil: each paragraph is one line.
    public var width: Double?
    /// The box's height in points: lines below it are left out (the last shown ends in an ellipsis). Nil: as tall as the lines.
    public var height: Double?
    /// The most lines drawn; the last one shown ends in an ellipsis when text was left out.
    public var maxLines: Int?
    /// Shrink-to-fit: the smallest size (points) to try, from `style.size` down, for the text to fit the box and `maxLines` whole.
    public var minimumSize: Double?
    /// Where the lines sit in a box taller than they are.
    public var verticalAlignment: TextVerticalAlignment
    /// The fonts to draw with (the bundled Noto Sans unless given).
    public var fonts: FontCollection
    /// The budgets checked before any work.
    public var limits: Limits

    /// Text in `style`, optionally in a box of `width` × `height` points.
    public init(
        _ string: String, style: TextStyle = TextStyle(), width: Double? = nil, height: Double? = nil, maxLines: Int? = nil,
        minimumSize: Double? = nil, verticalAlignment: TextVerticalAlignment = .top, fonts: FontCollection = .standard,
        limits: Limits = Limits()
    ) {
        self.string = string
        self.style = style
        self.width = width
        self.height = height
        self.maxLines = maxLines
        self.minimumSize = minimumSize
        self.verticalAlignment = verticalAlignment
        self.fonts = fonts
        self.limits = limits
    }

    /// The text drawn for a surface of `scale` pixels per point.
    public func bitmap(forScale scale: Double) throws(Error) -> Bitmap {
        try TextRenderer.render(self, scale: scale, color: style.color)
    }

    /// The text drawn in `tint` (a descriptor's tint is the text's colour).
    public func bitmap(forScale scale: Double, tint: Color) throws(Error) -> (bitmap: Bitmap, tinted: Bool) {
        (try TextRenderer.render(self, scale: scale, color: tint), true)
    }

    /// `TextImage("€ 24.90" 20pt)`.
    public var description: String {
        let shown = string.count > 40 ? String(string.prefix(39)) + "…" : string
        return "TextImage(\"\(shown)\" \(Size.format(style.size))pt)"
    }
}

/// Where lines sit in a box taller than they are.
public enum TextVerticalAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the top.
    case top
    /// Centred.
    case center
    /// At the bottom.
    case bottom
}

extension TextImage {
    /// Budgets checked before shaping (a stranger's text is hostile).
    public struct Limits: Sendable, Hashable {
        /// The most UTF-16 code units in the string.
        public var maxCharacters: Int
        /// The most glyphs shaped, over every attempt of shrink-to-fit.
        public var maxGlyphs: Int
        /// The most lines laid out.
        public var maxLines: Int

        /// Budgets for text a person writes (a title, a caption, a paragraph).
        public init(maxCharacters: Int = 10_000, maxGlyphs: Int = 100_000, maxLines: Int = 1_000) {
            self.maxCharacters = maxCharacters
            self.maxGlyphs = maxGlyphs
            self.maxLines = maxLines
        }
    }

    /// Why text could not be drawn.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The string has more UTF-16 code units than `Limits.maxCharacters`.
        case tooLong(count: Int, limit: Int)
        /// Shaping made more glyphs than `Limits.maxGlyphs`.
        case tooManyGlyphs(limit: Int)
        /// Layout made more lines than `Limits.maxLines`.
        case tooManyLines(limit: Int)
        /// The collection has no font.
        case noFonts
        /// A size, width, height, spacing or line count that is not a positive finite number (named).
        case invalidValue(name: String, value: Double)
        /// The text's box has more pixels than a surface may.
        case tooLarge(width: Int, height: Int)
        /// ICU could not analyse the text (bidi or line breaks).
        case analysisFailed(String)
        /// HarfBuzz or ICU (`library`), opened with the first text drawn rather than at
        /// process start, could not be loaded: `reason` is the loader's (a missing `libharfbuzz.so.0`).
        case libraryUnavailable(library: String, reason: String)

        /// What was wrong, naming the limit or the value.
        public var description: String {
            switch self {
            case .tooLong(let count, let limit): "text of \(count) UTF-16 units is over the limit of \(limit) (TextImage.Limits.maxCharacters)"
            case .tooManyGlyphs(let limit): "text shapes to more than \(limit) glyphs (TextImage.Limits.maxGlyphs)"
            case .tooManyLines(let limit): "text lays out in more than \(limit) lines (TextImage.Limits.maxLines)"
            case .noFonts: "the font collection is empty: give it a font (FontCollection.standard is the bundled one)"
            case .invalidValue(let name, let value): "text \(name) \(value) is not a usable value"
            case .tooLarge(let width, let height): "text box of \(width)x\(height) px is larger than a surface may be"
            case .analysisFailed(let what): "the text could not be analysed: \(what)"
            case .libraryUnavailable(let library, let reason): TextLibraries.unavailable(library, reason: reason)
            }
        }
    }
}
