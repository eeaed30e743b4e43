import Testing

@testable import VignetteCore

/// Drawing: glyphs through the coverage rasterizer at the surface's scale,
/// tint as the text's colour, stroke, shadow, synthetic slant, and text as
/// an overlay on an image.
@Suite struct TextRenderingTests {
    static func ink(_ bitmap: Bitmap) -> (count: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        var result = (count: 0, minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].alpha > 0 {
                result.count += 1
                result = (result.count, min(result.minX, x), max(result.maxX, x), min(result.minY, y), max(result.maxY, y))
            }
        }
        return result
    }

    @Test func textDrawsAtTheSurfacesScale() throws {
        let text = TextImage("Hello", style: TextStyle(size: 20))
        let one = try text.bitmap(forScale: 1)
        let two = try text.bitmap(forScale: 2)
        #expect(one.scale == 1 && two.scale == 2)
        #expect(abs(two.width - 2 * one.width) <= 1 && abs(two.height - 2 * one.height) <= 1)
        #expect(one.height == 28, "Noto Sans's line at 20 pt: ascender 1.069 + descender 0.293 em = 27.24 px, rounded up")
        #expect(Self.ink(one).count > 100)
        // The same text twice is the same bytes.
        #expect(try text.bitmap(forScale: 2).pixels == two.pixels)
    }

    @Test func aTintIsTheTextsColour() throws {
        let red = Color(red: 200, green: 10, blue: 10)
        let (bitmap, tinted) = try TextImage("Tint", style: TextStyle(size: 16)).bitmap(forScale: 1, tint: red)
        #expect(tinted)
        let full = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } }.filter { $0.alpha == 255 }
        #expect(!full.isEmpty && full.allSatisfy { $0 == red.premultiplied })
    }

    @Test func strokeShadowAndSlantMoveTheInk() throws {
        let plain = Self.ink(try TextImage("Ink", style: TextStyle(size: 30)).bitmap(forScale: 1))
        let stroked = Self.ink(try TextImage("Ink", style: TextStyle(size: 30, stroke: TextStroke(width: 2, color: .white))).bitmap(forScale: 1))
        #expect(stroked.count > plain.count)
        let shadowed = Self.ink(
            try TextImage("Ink", style: TextStyle(size: 30, shadow: TextShadow(offset: Point(x: 3, y: 3), blur: 0))).bitmap(forScale: 1))
        #expect(shadowed.maxX >= plain.maxX + 2 && shadowed.maxY >= plain.maxY + 2 && shadowed.count > plain.count)
        #expect(shadowed.minX == plain.minX, "text without a box grows by its shadow; the glyphs do not move")
        let hebrew = FontCollection(try TextFontTests.fonts("NotoSansHebrew-Regular.ttf"))
        let upright = try TextImage("ללל", style: TextStyle(size: 30), fonts: hebrew).bitmap(forScale: 1)
        let slanted = try TextImage("ללל", style: TextStyle(size: 30, style: .italic), fonts: hebrew).bitmap(forScale: 1)
        #expect(upright.pixels != slanted.pixels, "an italic the family lacks is slanted")
    }

    @Test func boldWithoutABoldFaceIsEmboldened() throws {
        let hebrew = FontCollection(try TextFontTests.fonts("NotoSansHebrew-Regular.ttf"))
        let regular = Self.ink(try TextImage("שלום", style: TextStyle(size: 30), fonts: hebrew).bitmap(forScale: 1))
        let bold = Self.ink(try TextImage("שלום", style: TextStyle(size: 30, weight: .bold), fonts: hebrew).bitmap(forScale: 1))
        #expect(bold.count > regular.count)
    }

    @Test func colourBitmapGlyphsDrawInTheirOwnColours() throws {
        let emoji = FontCollection.standard.adding(FontCollection(try TextFontTests.fonts("NotoColorEmoji-Subset.ttf")))
        let bitmap = try TextImage("A😀", style: TextStyle(size: 40), fonts: emoji).bitmap(forScale: 1)
        let colours = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } }.filter { $0.alpha == 255 }
        // The face is yellow: red and green high, blue low — nothing the black text colour could make.
        #expect(colours.contains { $0.red > 200 && $0.green > 150 && $0.blue < 100 })
        #expect(colours.contains { $0 == Color.black.premultiplied }, "the A is still drawn in the text's colour")
    }

    @Test func textIsAnOverlayLikeAnyOther() throws {
        let photo = Bitmap(width: 200, height: 100, fill: Color(red: 20, green: 40, blue: 230))
        let caption = TextImage("SALE", style: TextStyle(size: 24, weight: .bold, color: .white))
        let descriptor = ImageDescriptor(photo).overlays([
            ImageOverlay(ImageDescriptor(caption).erased, anchor: .bottomRight, offset: Point(x: -10, y: -10))
        ])
        let rendered = try ImageRenderer.render(descriptor, size: Size(width: 200, height: 100), scale: 1)
        let whites = (50..<100).flatMap { y in (100..<200).map { rendered[$0, y] } }.filter { $0 == Color.white.premultiplied }
        #expect(whites.count > 50, "the caption is in the bottom-right corner")
        #expect((0..<50).allSatisfy { y in (0..<100).allSatisfy { rendered[$0, y] == photo[$0, y] } })
    }
}
