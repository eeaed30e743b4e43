import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Layout: shaping (kerning, ligatures, features, complex scripts), line
/// breaking to a width, lines cut with an ellipsis, shrink-to-fit, bidi
/// reordering and alignment, fallback per grapheme cluster.
@Suite struct TextLayoutTests {
    /// The bundled family, then Hebrew, Arabic, Devanagari and Japanese as its fallback chain.
    static let world: FontCollection = {
        let files = ["NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoSansCJKjp-Subset.otf"]
        let extra = try? FontCollection(
            contentsOf: files.map { Fixtures.url("fonts/\($0)") },
            fallback: ["Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans CJK JP"])
        return FontCollection.standard.adding(extra ?? FontCollection())
    }()

    static func layout(_ text: TextImage, scale: Double = 1) throws -> TextLayout {
        var budget = text.limits.maxGlyphs
        return try TextLayout(text, size: text.style.size, scale: scale, chain: text.fonts.chain(for: text.style), glyphBudget: &budget)
    }

    static func glyphs(_ string: String, _ style: TextStyle = TextStyle(size: 20), fonts: FontCollection = world) throws -> [ShapedGlyph] {
        try layout(TextImage(string, style: style, fonts: fonts)).lines.flatMap(\.runs).flatMap(\.glyphs)
    }

    @Test func kerningLigaturesAndFeatures() throws {
        let av = try Self.glyphs("AV")
        let a = try Self.glyphs("A")[0].advance
        let v = try Self.glyphs("V")[0].advance
        #expect(av.reduce(0) { $0 + $1.advance } < a + v, "A and V kern")
        #expect(try Self.glyphs("ffi").count < 3, "a ligature")
        #expect(try Self.glyphs("ffi", TextStyle(size: 20, features: ["liga": 0])).count == 3)
        #expect(try Self.glyphs("ffi", TextStyle(size: 20, letterSpacing: 2)).count == 3, "letter spacing turns optional ligatures off")
        let spaced = try Self.glyphs("AB", TextStyle(size: 20, letterSpacing: 3)).reduce(0) { $0 + $1.advance }
        #expect(abs(spaced - (try Self.glyphs("AB").reduce(0) { $0 + $1.advance }) - 6) < 1e-9)
        // A cluster of two graphemes' worth ("e" + combining acute is one) gets one spacing; a long run gets one per cluster.
        let accented = try Self.glyphs("e\u{301}x", TextStyle(size: 20, letterSpacing: 3)).reduce(0) { $0 + $1.advance }
        #expect(abs(accented - (try Self.glyphs("e\u{301}x").reduce(0) { $0 + $1.advance }) - 6) < 1e-9)
        let long = String(repeating: "abc", count: 2000)
        let wide = try Self.glyphs(long, TextStyle(size: 20, letterSpacing: 1)).reduce(0) { $0 + $1.advance }
        #expect(abs(wide - (try Self.glyphs(long).reduce(0) { $0 + $1.advance }) - 6000) < 1e-6)
        #expect(TextShaper.count([2, 4, 6], atMost: 4) == 2 && TextShaper.count([2, 4, 6], atMost: 1) == 0 && TextShaper.count([], atMost: 9) == 0)
    }

    @Test func complexScriptsShape() throws {
        // Arabic letters join: the medial and final forms are other glyphs than the isolated ones.
        let word = try Self.glyphs("بيت").map(\.glyph)
        let isolated = try ["ب", "ي", "ت"].map { try Self.glyphs($0)[0].glyph }
        #expect(Set(word).isDisjoint(with: isolated))
        // Devanagari: क्ष is one conjunct glyph (or fewer glyphs than characters).
        #expect(try Self.glyphs("क्ष").count < 3)
    }

    @Test func linesWrapAtBreakOpportunitiesWithinTheWidth() throws {
        let text = TextImage("one two three four five six", style: TextStyle(size: 20), width: 120, fonts: Self.world)
        let layout = try Self.layout(text)
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { $0.width <= 120 })
        #expect(layout.width == 120 && layout.fits)
        // Japanese breaks between characters, with no spaces.
        let japanese = try Self.layout(TextImage("日本語の文章です。テキストを折り返す長い行", style: TextStyle(size: 20, language: "ja"), width: 100, fonts: Self.world))
        #expect(japanese.lines.count >= 4 && japanese.lines.allSatisfy { $0.width <= 100 })
        // A word wider than the box breaks between grapheme clusters, and the text no longer fits.
        let long = try Self.layout(TextImage("Supercalifragilistic", style: TextStyle(size: 20), width: 60, fonts: Self.world))
        #expect(long.lines.count > 2 && !long.fits)
    }

    @Test func maxLinesEndInAnEllipsisWithinTheWidth() throws {
        let text = TextImage(
            "A title that is far too long to fit on the two lines it is given here", style: TextStyle(size: 20), width: 150, maxLines: 2,
            fonts: Self.world)
        let layout = try Self.layout(text)
        #expect(layout.lines.count == 2 && !layout.fits)
        let ellipsis = try #require(FontCollection.standard.fonts[0].face.glyph(for: 0x2026))
        #expect(layout.lines[1].runs.last?.glyphs.last?.glyph == ellipsis)
        #expect(layout.lines[1].width <= 150)
        // A box height cuts the same way.
        #expect(try Self.layout(TextImage(text.string, style: TextStyle(size: 20), width: 150, height: 50, fonts: Self.world)).lines.count == 1)
    }

    @Test func rightToLeftAndMixedTextReorderAndAlign() throws {
        // A Hebrew paragraph is right to left: leading alignment is on the right.
        let hebrew = try Self.layout(TextImage("שלום עולם", style: TextStyle(size: 20), width: 200, fonts: Self.world))
        #expect(hebrew.lines[0].baseLevel == 1)
        let first = try #require(hebrew.glyphs.min { $0.x < $1.x })
        #expect(first.x > 100, "the line ends at the right edge")
        // English with a Hebrew word: the Hebrew run sits between the English ones, its letters reversed.
        let mixed = try Self.layout(TextImage("abc אבג def", style: TextStyle(size: 20), fonts: Self.world))
        let runs = mixed.lines[0].runs.filter { $0.run.range.count > 1 }
        let families = runs.map { Self.world.chain(for: TextStyle())[$0.run.face].font.family }
        #expect(families == ["Noto Sans", "Noto Sans Hebrew", "Noto Sans"])
        #expect(runs[1].run.isRightToLeft && !runs[0].run.isRightToLeft)
        let hebrewClusters = runs[1].glyphs.map(\.cluster)
        #expect(hebrewClusters == hebrewClusters.sorted(by: >), "right-to-left glyphs come in visual order")
    }

    @Test func aLineBreaksInsideAMixedDirectionRun() throws {
        let text = TextImage("Shalom means שלום עולם ומלואו in Hebrew", style: TextStyle(size: 20), width: 140, fonts: Self.world)
        let layout = try Self.layout(text)
        #expect(layout.lines.count >= 3)
        // Each line's Hebrew, if any, is reordered within that line alone.
        for line in layout.lines {
            let visual = line.runs.map(\.run.range.lowerBound)
            let ltr = line.runs.filter { !$0.run.isRightToLeft }.map(\.run.range.lowerBound)
            #expect(ltr == ltr.sorted(), "\(visual)")
        }
        #expect(layout.lines.allSatisfy { $0.width <= 140 })
    }

    @Test func eachClusterFallsBackAsAWhole() throws {
        let runs = try Self.layout(TextImage("Aب😀é", style: TextStyle(size: 20), fonts: Self.world)).lines[0].runs
        let families = runs.map { Self.world.chain(for: TextStyle())[$0.run.face].font.family }
        #expect(families.first == "Noto Sans" && families.contains("Noto Sans Arabic"))
        // "e" + combining acute stays in one font.
        let combining = try Self.layout(TextImage("e\u{301}", style: TextStyle(size: 20), fonts: Self.world)).lines[0].runs
        #expect(combining.count == 1)
    }
}
