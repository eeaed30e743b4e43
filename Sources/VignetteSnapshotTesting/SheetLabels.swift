import VignetteCore

/// The labels of `LabelledSheet` and `AnimationSheet`: one line of text in
/// the bundled Noto Sans, laid out and drawn by `TextImage` at scale 1
/// (HarfBuzz shapes it, the package's own rasterizer fills it, no hinting
/// and no system font), so a label is the same bytes on every machine.
///
/// There is no fallback: without HarfBuzz or ICU the sheet is not made and
/// the error names the library to install. A sheet drawn some other way
/// there would be a different reference on that machine only.
package struct SheetLabels {
    /// Ink on the sheets' paper.
    package static let ink = Color(red: 0x22, green: 0x22, blue: 0x22)

    /// The font size in points: pixels, as sheets are drawn at scale 1.
    package let size: Double
    /// The height of one line: the font's ascender, descender and line gap at `size`, rounded up.
    package let lineHeight: Int

    /// Labels at `size`; throws when the text engine cannot draw (its libraries, a size that is not positive).
    package init(size: Double) throws(TextImage.Error) {
        self.size = size
        lineHeight = try Self.text("Hg", size: size).height
    }

    /// `text` in ink on transparent, one line at its natural width, `lineHeight` tall (0 × 0 when empty).
    package func image(_ text: String) throws(TextImage.Error) -> Bitmap {
        text.isEmpty ? Bitmap(width: 0, height: 0) : try Self.text(text, size: size)
    }

    /// The width `text` takes, in pixels.
    package func width(of text: String) throws(TextImage.Error) -> Int { try image(text).width }

    private static func text(_ text: String, size: Double) throws(TextImage.Error) -> Bitmap {
        try TextImage(text, style: TextStyle(size: size, color: ink), fonts: .standard).bitmap(forScale: 1)
    }
}
