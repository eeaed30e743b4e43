import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// SVG `text`: laid out with the text engine, drawn by the coverage
/// rasterizer, compared with resvg's renders of the same files given the
/// same fonts (`Tests/Fixtures/svg/make_svg_references.py`), and pinned.
///
/// Tolerance: a pixel differs when a premultiplied channel is more than 24
/// away from resvg's; at most 4 % may differ (glyph edges are a large
/// share of a text's pixels, and resvg's anti-aliasing of them differs
/// from ours by a few levels).
@Suite struct SVGTextTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/svg")
    static let fonts: FontCollection = {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts")
        let names = ["NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"]
        let extra = try! FontCollection(contentsOf: names.map { folder.appendingPathComponent($0) })
        return FontCollection.standard.adding(FontCollection(extra.fonts, fallback: extra.families))
    }()

    static let cases: [(String, UInt64)] = [("text-basic", 0x91CD_8B12_0E85_68C9), ("text-path", 0xA984_5B82_2C96_8DB3), ("text-bidi", 0x8025_77A5_F548_8DCA)]

    @Test(arguments: cases)
    func matchesResvgWithinTolerance(_ name: String, _ pinned: UInt64) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).svg"))
        let document = try SVGDocument(data: data, fonts: Self.fonts)
        let reference = try PNGCodec.decode(contentsOf: Self.folder.appendingPathComponent("\(name).resvg.png").path)
        let ours = try document.render(width: reference.width, height: reference.height)
        let differing = SVGReferenceTests.differingPixels(ours, reference)
        let share = Double(differing) / Double(ours.width * ours.height)
        #expect(share <= 0.04, "\(name): \(differing) pixels (\(share * 100) %) differ from resvg's by more than 24")
        let hash = Checksums.fnv1a64(ours.pixels)
        #expect(hash == pinned, "\(name): the render changed (0x\(String(hash, radix: 16, uppercase: true)))")
    }

    /// The columns and rows where a render has ink (alpha over 64).
    static func ink(_ svg: String, width: Int = 200, height: Int = 60) throws -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let bitmap = try SVGDocument(data: Data(svg.utf8)).render(width: width, height: height)
        var xs: [Int] = []
        var ys: [Int] = []
        for y in 0..<height {
            for x in 0..<width where bitmap[x, y].alpha > 64 {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0...x1, y0...y1)
    }

    static func svg(_ body: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">"# + body + "</svg>"
    }

    /// Glyphs sit on the baseline at `y`, start at `x`, and `text-anchor` moves the chunk by its advance.
    @Test func textSitsOnItsBaselineAndAnchors() throws {
        let start = try #require(try Self.ink(Self.svg(#"<text x="20" y="40" font-size="30">Hx</text>"#)))
        #expect(start.x.lowerBound >= 20 && start.x.lowerBound <= 24)
        #expect(start.y.upperBound >= 38 && start.y.upperBound <= 40)
        #expect(start.y.lowerBound >= 16 && start.y.lowerBound <= 20)
        let middle = try #require(try Self.ink(Self.svg(#"<text x="100" y="40" font-size="30" text-anchor="middle">Hx</text>"#)))
        #expect(abs((middle.x.lowerBound + middle.x.upperBound) / 2 - 100) <= 2)
        let end = try #require(try Self.ink(Self.svg(#"<text x="180" y="40" font-size="30" text-anchor="end">Hx</text>"#)))
        #expect(end.x.upperBound <= 180 && end.x.upperBound >= 176)
    }

    /// White space collapses (`xml:space` default): leading, trailing and repeated spaces and newlines draw as one space or none.
    @Test func whiteSpaceCollapses() throws {
        let loose = try SVGDocument(data: Data(Self.svg("<text x=\"10\" y=\"40\">\n   A \t  <tspan> B</tspan>  \n</text>").utf8))
        let tight = try SVGDocument(data: Data(Self.svg(#"<text x="10" y="40">A B</text>"#).utf8))
        #expect(try loose.render(width: 200, height: 60).pixels == tight.render(width: 200, height: 60).pixels)
        let kept = try SVGDocument(data: Data(Self.svg(#"<text x="10" y="40" xml:space="preserve">  A B</text>"#).utf8))
        #expect(try kept.render(width: 200, height: 60).pixels != tight.render(width: 200, height: 60).pixels)
    }

    /// A `tspan` draws in its own fill, after the text before it; an `x` list places each character.
    @Test func spansKeepTheirPaintAndPositions() throws {
        let bitmap = try SVGDocument(data: Data(Self.svg(##"<text y="40" font-size="30">A<tspan fill="#F00">B</tspan></text>"##).utf8))
            .render(width: 200, height: 60)
        let red = (0..<200).filter { x in (0..<60).contains { bitmap[x, $0].red > 200 && bitmap[x, $0].green < 50 } }
        let black = (0..<200).filter { x in (0..<60).contains { bitmap[x, $0].alpha > 200 && bitmap[x, $0].red < 50 } }
        #expect(try #require(red.min()) > (try #require(black.max())) - 2)
        let spread = try #require(try Self.ink(Self.svg(#"<text x="10 150" y="40" font-size="30">AB</text>"#)))
        #expect(spread.x.upperBound > 150)
    }

    /// Families the file asks for are listed, and those the fonts lack; generic names are not.
    @Test func fontFamiliesAreReported() throws {
        let svg = Self.svg(#"<text font-family="'Noto Sans', Inter, sans-serif">a<tspan style="font-family: Lobster">b</tspan></text>"#)
        let document = try SVGDocument(data: Data(svg.utf8))
        #expect(document.fontFamilies == ["Inter", "Lobster", "Noto Sans"])
        #expect(document.missingFontFamilies == ["Inter", "Lobster"])
        #expect(document.skippedElements.isEmpty)
        #expect(try SVGDocument(data: Data(Self.svg(#"<rect font-family="Inter" width="1" height="1"/>"#).utf8)).fontFamilies.isEmpty)
    }

    /// Text past `maxGlyphs` is refused with the budget's name, before it is drawn.
    @Test func glyphBudgetIsEnforced() throws {
        var limits = SVGDocument.Limits()
        limits.maxGlyphs = 10
        let document = try SVGDocument(data: Data(Self.svg(#"<text y="30">far more than ten glyphs</text>"#).utf8), limits: limits)
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxGlyphs", value: 11)) { try document.render(width: 200, height: 60) }
    }

    /// A hidden span takes its place but draws nothing; `display: none` removes it.
    @Test func hiddenAndUndisplayedSpans() throws {
        let hidden = try #require(try Self.ink(Self.svg(#"<text x="10" y="40" font-size="30"><tspan visibility="hidden">WW</tspan>i</text>"#)))
        #expect(hidden.x.lowerBound > 40)
        let removed = try #require(try Self.ink(Self.svg(#"<text x="10" y="40" font-size="30"><tspan display="none">WW</tspan>i</text>"#)))
        #expect(removed.x.lowerBound < 20)
    }

    /// Text in a `clipPath` clips by its glyphs: a rectangle shows only where the letters are.
    @Test func textClips() throws {
        let clipped = try #require(
            try Self.ink(
                Self.svg(#"<clipPath id="c"><text x="50" y="40" font-size="30">II</text></clipPath><rect width="200" height="60" clip-path="url(#c)"/>"#)))
        #expect(clipped.x.lowerBound >= 50 && clipped.x.upperBound < 90)
        #expect(clipped.y.lowerBound >= 15 && clipped.y.upperBound <= 40)
    }

    /// `textLength` spreads the characters to the length, or with `lengthAdjust="spacingAndGlyphs"` stretches them.
    @Test func textLengthFitsTheText() throws {
        let natural = try #require(try Self.ink(Self.svg(#"<text x="10" y="40" font-size="20">iii</text>"#)))
        #expect(natural.x.upperBound < 40)
        for adjust in ["spacing", "spacingAndGlyphs"] {
            let svg = Self.svg(#"<text x="10" y="40" font-size="20" textLength="150" lengthAdjust="\#(adjust)">iii</text>"#)
            let spread = try #require(try Self.ink(svg))
            // Stretched, the first glyph's side bearing widens with it.
            #expect(spread.x.lowerBound >= 10 && spread.x.lowerBound < (adjust == "spacing" ? 16 : 30), "\(adjust)")
            #expect(spread.x.upperBound > 140 && spread.x.upperBound <= 160, "\(adjust)")
        }
    }
}
