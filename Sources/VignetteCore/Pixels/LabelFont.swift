/// A small bitmap font for labelling snapshot sheets: hand-drawn glyphs on a
/// 9-row grid (7 rows above the baseline, 2 for descenders), 1 to 5 pixels
/// wide, one pixel between glyphs, scaled by whole pixels only — so a label
/// is the same bytes on every machine. Digits, `A`–`Z`, `a`–`z`, space and
/// `@ . , - : / ( ) _ # % + = ! ? ' "`; any other character is drawn as
/// `LabelFont.replacement` (a hollow box), never skipped, so a label keeps
/// its length and the substitution shows.
///
/// ```swift
/// var sheet = Bitmap(width: 200, height: 40, fill: .white)
/// LabelFont.draw("120x80 @2x", into: &sheet, x: 4, y: 4, color: .black, scale: 2)
/// ```
package enum LabelFont {
    /// Rows of every glyph (the grid's height, before scaling).
    package static let rows = 9
    /// Rows above the baseline: capitals and digits fill them.
    package static let ascent = 7

    /// Every character with a glyph of its own.
    package static let supportedCharacters: String = String(glyphs.keys.sorted())

    /// True when `character` has a glyph of its own.
    package static func supports(_ character: Character) -> Bool { glyphs[character] != nil }

    /// The characters of `text` drawn as the replacement box, in order.
    package static func unsupportedCharacters(in text: String) -> [Character] {
        text.filter { !supports($0) }.map { $0 }
    }

    /// The glyph drawn for characters the font lacks: a hollow box.
    package static let replacement = Glyph("##### #...# #...# #...# #...# #...# #####")

    /// The glyph drawn for `character` (the replacement when unsupported).
    package static func glyph(for character: Character) -> Glyph { glyphs[character] ?? replacement }

    /// Width in pixels of `text` drawn at `scale` (one font pixel of space
    /// between glyphs).
    package static func width(of text: String, scale: Int = 1) -> Int {
        let columns = text.reduce(0) { $0 + glyph(for: $1).width } + max(0, text.count - 1)
        return columns * max(1, scale)
    }

    /// Height in pixels of a line at `scale`, descenders included.
    package static func height(scale: Int = 1) -> Int { rows * max(1, scale) }

    /// `text` as a bitmap exactly `width(of:scale:)` × `height(scale:)`,
    /// `color` on transparent.
    package static func render(_ text: String, color: Color, scale: Int = 1) -> Bitmap {
        let scale = max(1, scale)
        let width = max(1, width(of: text, scale: scale))
        let height = height(scale: scale)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ink = color.premultiplied
        var left = 0
        for character in text {
            let glyph = glyph(for: character)
            for (row, bits) in glyph.bitmap.enumerated() {
                for column in 0..<glyph.width where bits[column] {
                    for y in row * scale..<(row + 1) * scale {
                        for x in (left + column) * scale..<(left + column + 1) * scale {
                            let i = (y * width + x) * 4
                            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (ink.red, ink.green, ink.blue, ink.alpha)
                        }
                    }
                }
            }
            left += glyph.width + 1
        }
        // Cannot fail: the buffer has exactly width × height premultiplied pixels.
        return (try? Bitmap(width: width, height: height, premultipliedRGBA: pixels)) ?? Bitmap(width: width, height: height)
    }

    /// Draws `text` source-over into `bitmap` with its top-left corner at
    /// (`x`, `y`); parts outside are clipped.
    package static func draw(_ text: String, into bitmap: inout Bitmap, x: Int, y: Int, color: Color, scale: Int = 1) {
        guard !text.isEmpty else { return }
        bitmap.draw(render(text, color: color, scale: scale), x: x, y: y)
    }

    /// One character's pixels.
    package struct Glyph: Sendable, Hashable {
        /// Columns.
        package let width: Int
        /// `rows` rows of `width` booleans, true where ink is.
        package let bitmap: [[Bool]]

        /// A glyph from rows of `#` (ink) and `.` separated by spaces; rows
        /// not given are blank. Every row must be as wide as the first.
        init(_ picture: String) {
            let given = picture.split(separator: " ").map { row in row.map { $0 == "#" } }
            let columns = given.first?.count ?? 0
            precondition(given.allSatisfy { $0.count == columns } && given.count <= LabelFont.rows, "malformed glyph \(picture)")
            width = columns
            bitmap = given + Array(repeating: Array(repeating: false, count: columns), count: LabelFont.rows - given.count)
        }
    }
}
