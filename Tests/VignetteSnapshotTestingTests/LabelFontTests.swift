import Foundation
import Testing
import VignetteCore
import VignetteSnapshotTesting

/// The sheet labels' bitmap font: every glyph drawn and distinct, metrics
/// exact, unknown characters replaced the same way every time, and a
/// specimen pinned under `Snapshots/LabelFontTests/`.
@Suite struct LabelFontTests {
    static let lines = [
        "0123456789 @ . , - : / ( ) _ # % + = ! ? ' \"",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "abcdefghijklmnopqrstuvwxyz",
        "loading loaded failed 120x80 @2x 12.5x8 @1.5x"
    ]

    @Test func specimen() async {
        let scale = 2
        let gap = 6
        let width = Self.lines.map { LabelFont.width(of: $0, scale: scale) }.max()! + 2 * gap
        let line = LabelFont.height(scale: scale) + gap
        var sheet = Bitmap(width: width, height: gap + line * Self.lines.count, fill: .white)
        for (index, text) in Self.lines.enumerated() {
            LabelFont.draw(text, into: &sheet, x: gap, y: gap + line * index, color: .black, scale: scale)
        }
        await assertImageSnapshot(of: sheet, as: .image, named: "all-glyphs")
    }

    @Test func everySupportedCharacterHasItsOwnGlyph() {
        let characters = Array(LabelFont.supportedCharacters)
        #expect(Set(Self.lines.joined()).isSubset(of: Set(characters)))
        #expect(characters.count == 10 + 26 + 26 + 18)
        var seen: [LabelFont.Glyph: Character] = [:]
        for character in characters {
            let glyph = LabelFont.glyph(for: character)
            #expect((1...5).contains(glyph.width), "\(character)")
            #expect(glyph.bitmap.count == LabelFont.rows && glyph.bitmap.allSatisfy { $0.count == glyph.width })
            #expect(glyph != LabelFont.replacement, "\(character)")
            if character != " " {
                #expect(glyph.bitmap.joined().contains(true), "\(character) has no ink")
            }
            #expect(seen[glyph] == nil, "\(character) looks like \(seen[glyph].map(String.init) ?? "")")
            seen[glyph] = character
        }
    }

    @Test func onlyDescendingGlyphsReachBelowTheBaseline() {
        for character in LabelFont.supportedCharacters {
            let below = LabelFont.glyph(for: character).bitmap[LabelFont.ascent...].joined().contains(true)
            #expect(below == "gjpqy,_".contains(character), "\(character)")
        }
    }

    @Test func unknownCharactersAreReplacedByTheBoxDeterministically() {
        #expect(LabelFont.unsupportedCharacters(in: "héllo → 2×") == ["é", "→", "×"])
        #expect(!LabelFont.supports("é") && LabelFont.supports("e"))
        #expect(LabelFont.glyph(for: "€") == LabelFont.replacement)
        // A substituted character keeps its place: same width and pixels as any other unknown one.
        #expect(LabelFont.render("a€b", color: .black) == LabelFont.render("a→b", color: .black))
        #expect(LabelFont.width(of: "a€b") == LabelFont.width(of: "a") + 1 + 5 + 1 + LabelFont.width(of: "b"))
        #expect(LabelFont.render("a€b", color: .black) != LabelFont.render("aeb", color: .black))
    }

    @Test func metricsAndScalingAreWholePixels() {
        #expect(LabelFont.width(of: "") == 0)
        #expect(LabelFont.width(of: "1") == 5 && LabelFont.width(of: "11") == 11 && LabelFont.width(of: "i.") == 5)
        #expect(LabelFont.width(of: "loaded", scale: 3) == 3 * LabelFont.width(of: "loaded"))
        #expect(LabelFont.height(scale: 2) == 18)
        let one = LabelFont.render("x@2", color: .black)
        let two = LabelFont.render("x@2", color: .black, scale: 2)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        for y in 0..<two.height {
            for x in 0..<two.width { #expect(two[x, y] == one[x / 2, y / 2]) }
        }
    }

    @Test func inkIsTheColourOnTransparentPaper() {
        let red = Color(red: 0xD0, green: 0x21, blue: 0x1B)
        let label = LabelFont.render("-", color: red)
        #expect(label.color(x: 0, y: 3) == red)
        #expect(label.color(x: 0, y: 0) == .clear)
        var sheet = Bitmap(width: 8, height: 12, fill: .white)
        LabelFont.draw("-", into: &sheet, x: 2, y: 1, color: red)
        #expect(sheet.color(x: 2, y: 4) == red && sheet.color(x: 5, y: 4) == red)
        #expect(sheet.color(x: 6, y: 4) == .white && sheet.color(x: 2, y: 3) == .white)
    }
}
