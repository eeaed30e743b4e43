import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Vertical SVG text (`writing-mode`): the pen runs down the line through
/// `x`; Latin letters are turned a quarter clockwise, Japanese stands
/// upright in the font's vertical forms, and `text-orientation` or
/// `glyph-orientation-vertical` sets every character one way.
@Suite struct SVGVerticalTextTests {
    static let fonts: FontCollection = {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts")
        let extra = try! FontCollection(contentsOf: [folder.appendingPathComponent("NotoSansCJKjp-Subset.otf")])
        return FontCollection.standard.adding(FontCollection(extra.fonts, fallback: extra.families))
    }()

    static func svg(_ body: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">"# + body + "</svg>"
    }

    static func render(_ body: String) throws -> Bitmap {
        try SVGDocument(data: Data(svg(body).utf8), fonts: fonts).render(width: 200, height: 200)
    }

    /// The columns and rows where a render has ink (alpha over 64).
    static func ink(_ bitmap: Bitmap) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var box: (x0: Int, x1: Int, y0: Int, y1: Int)?
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y].alpha > 64 {
                box = box.map { (min($0.x0, x), max($0.x1, x), min($0.y0, y), max($0.y1, y)) } ?? (x, x, y, y)
            }
        }
        return box.map { ($0.x0...$0.x1, $0.y0...$0.y1) }
    }

    static func ink(_ body: String) throws -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        try #require(ink(try render(body)))
    }

    /// Latin in `tb` runs down from `y`, turned: taller than wide, centred on `x`, as long as the line is wide horizontally.
    @Test(arguments: ["tb", "vertical-rl", "vertical-lr", "tb-rl"])
    func latinTurnsAndRunsDown(_ mode: String) throws {
        let across = try Self.ink(#"<text x="20" y="40" font-size="24">Vertical</text>"#)
        let down = try Self.ink(#"<text x="100" y="20" font-size="24" writing-mode="\#(mode)">Vertical</text>"#)
        #expect(down.y.lowerBound >= 20 && down.y.lowerBound <= 24, "\(mode)")
        #expect(abs(down.y.count - across.x.count) <= 2, "\(mode): \(down.y.count) down, \(across.x.count) across")
        #expect(abs(down.x.count - across.y.count) <= 2, "\(mode)")
        // Turned clockwise: the letters' tops face right, their descenders left, the em box's middle on x.
        #expect(down.x.lowerBound < 100 && down.x.upperBound > 100 && abs((down.x.lowerBound + down.x.upperBound) / 2 - 100) <= 6)
        let horizontal = try Self.ink(#"<text x="100" y="40" font-size="24" writing-mode="lr">Vertical</text>"#)
        #expect(horizontal.x.lowerBound >= 100 && horizontal.y.count == across.y.count)
    }

    /// Japanese stands upright, one em per character down the line, centred on `x`.
    @Test func japaneseStandsUpright() throws {
        let down = try Self.ink(#"<text x="100" y="10" font-size="20" writing-mode="tb">日本語</text>"#)
        let across = try Self.ink(#"<text x="10" y="40" font-size="20">日本語</text>"#)
        #expect(abs(down.y.count - across.x.count) <= 3, "\(down.y.count) down, \(across.x.count) across")
        #expect(abs(down.x.count - across.y.count) <= 3)
        #expect(abs((down.x.lowerBound + down.x.upperBound) / 2 - 100) <= 2)
        #expect(down.y.lowerBound >= 10 && down.y.upperBound <= 72)
    }

    /// `text-orientation: upright` (or `glyph-orientation-vertical="0"`) stands Latin letters upright: a narrow column;
    /// `sideways` (or `90`) turns Japanese.
    @Test func orientationSetsEveryCharacter() throws {
        let turned = try Self.ink(#"<text x="100" y="10" font-size="20" writing-mode="tb">WWW</text>"#)
        for upright in [#"text-orientation="upright""#, #"glyph-orientation-vertical="0""#, #"style="text-orientation: upright""#] {
            let column = try Self.ink(#"<text x="100" y="10" font-size="20" writing-mode="tb" \#(upright)>WWW</text>"#)
            #expect(column.x.count > turned.x.count + 2 && column.y.count > turned.y.count, "\(upright)")
            #expect(abs((column.x.lowerBound + column.x.upperBound) / 2 - 100) <= 2, "\(upright)")
        }
        let japanese = try Self.ink(#"<text x="100" y="10" font-size="20" writing-mode="tb">日本語</text>"#)
        let sideways = try Self.render(#"<text x="100" y="10" font-size="20" writing-mode="tb" glyph-orientation-vertical="90">日本語</text>"#)
        #expect(try Self.render(#"<text x="100" y="10" font-size="20" writing-mode="tb">日本語</text>"#).pixels != sideways.pixels)
        #expect(abs(try #require(Self.ink(sideways)).y.count - japanese.y.count) <= 3)
    }

    /// `text-anchor` moves a vertical chunk along its line; `dy` moves down it, `dx` across.
    @Test func anchorsAndShiftsFollowTheLine() throws {
        let start = try Self.ink(#"<text x="100" y="100" font-size="20" writing-mode="tb">Line</text>"#)
        let middle = try Self.ink(#"<text x="100" y="100" font-size="20" writing-mode="tb" text-anchor="middle">Line</text>"#)
        let end = try Self.ink(#"<text x="100" y="100" font-size="20" writing-mode="tb" text-anchor="end">Line</text>"#)
        #expect(start.y.lowerBound >= 100 && abs((middle.y.lowerBound + middle.y.upperBound) / 2 - 100) <= 3 && end.y.upperBound <= 100)
        #expect(start.x == middle.x && middle.x == end.x)
        let moved = try Self.ink(#"<text x="100" y="100" dx="30" dy="10" font-size="20" writing-mode="tb">Line</text>"#)
        #expect(moved.x.lowerBound == start.x.lowerBound + 30 && moved.y.lowerBound == start.y.lowerBound + 10)
    }

    /// An underline runs down the line beside the letters (their turned baseline's side), as long as the text.
    @Test func decorationsRunDownTheLine() throws {
        let plain = try Self.ink(#"<text x="100" y="20" font-size="24" writing-mode="tb">Under</text>"#)
        let lined = try Self.render(#"<text x="100" y="20" font-size="24" writing-mode="tb" text-decoration="underline">Under</text>"#)
        let box = try #require(Self.ink(lined))
        #expect(box.y.count >= plain.y.count)
        // A column left of the letters' baseline is inked from the top of the text to its end.
        let column = (box.x.lowerBound..<100).first { x in (plain.y.lowerBound + 2...plain.y.upperBound - 2).allSatisfy { lined[x, $0].alpha > 64 } }
        #expect(column != nil)
    }
}
