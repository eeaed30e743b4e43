import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// CSS Fonts 4 font matching over a collection: family lists and generic
/// names, then stretch, style and weight by the specification's order, and
/// what is synthesised when the family has no such face.
@Suite struct TextMatchingTests {
    static let standard = FontCollection.standard

    static func matched(_ style: TextStyle, in fonts: FontCollection = standard) -> MatchedFace? { fonts.chain(for: style).first }

    @Test func weightsFollowTheSpecificationsOrder() throws {
        // 400..500 looks up to 500 first, then down, then up; below 400 down first; above 500 up first.
        #expect(FontCollection.weightKey(300...300, 400) < FontCollection.weightKey(700...700, 400))
        #expect(FontCollection.weightKey(500...500, 450) < FontCollection.weightKey(400...400, 450))
        #expect(FontCollection.weightKey(700...700, 600) < FontCollection.weightKey(400...400, 600))
        #expect(FontCollection.weightKey(100...100, 300) < FontCollection.weightKey(400...400, 300))
        #expect(FontCollection.weightKey(100...900, 650) == (0, 0))
        #expect(Self.matched(TextStyle(weight: 600))?.font.weights == 700...700)
        #expect(Self.matched(TextStyle(weight: 500))?.font.weights == 400...400)
        #expect(Self.matched(TextStyle(weight: 900))?.font.weights == 700...700)
    }

    @Test func stylesPreferTheirOwnFaceThenTheNearest() {
        #expect(Self.matched(TextStyle(style: .italic))?.font.style == .italic)
        #expect(Self.matched(TextStyle(style: .oblique(degrees: 10)))?.font.style == .italic)
        #expect(Self.matched(TextStyle(weight: .bold, style: .italic))?.font.description == "Noto Sans 700 italic 100%")
        #expect(Self.matched(TextStyle(style: .italic))?.syntheticSlant == 0)
    }

    @Test func aFamilyWithoutTheFaceIsSynthesised() throws {
        let hebrew = FontCollection(try TextFontTests.fonts("NotoSansHebrew-Regular.ttf"))
        let italic = try #require(Self.matched(TextStyle(style: .italic), in: hebrew))
        #expect(italic.syntheticSlant == 14)
        #expect(Self.matched(TextStyle(style: .oblique(degrees: 8)), in: hebrew)?.syntheticSlant == 8)
        #expect(Self.matched(TextStyle(weight: .bold), in: hebrew)?.syntheticBold == true)
        #expect(Self.matched(TextStyle(weight: .bold))?.syntheticBold == false)
    }

    @Test func familyListsGenericsAndTheFallbackChain() throws {
        let fonts = FontCollection.standard.adding(
            FontCollection(
                try TextFontTests.fonts("NotoSansArabic-Regular.ttf") + TextFontTests.fonts("NotoSansHebrew-Regular.ttf"),
                fallback: ["Noto Sans Hebrew", "Noto Sans Arabic"]))
        let chain = fonts.chain(for: TextStyle(families: ["Missing Family", "Noto Sans Arabic", "sans-serif"]))
        #expect(chain.map(\.font.family) == ["Noto Sans Arabic", "Noto Sans", "Noto Sans Hebrew"])
        // Nothing asked: the collection's first family, then the chain.
        #expect(fonts.chain(for: TextStyle()).map(\.font.family) == ["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"])
        #expect(FontCollection().chain(for: TextStyle()).isEmpty)
    }

    /// A generic family picks a family named like it, the default family's superfamily first.
    @Test func genericsPreferTheDefaultFamilysSuperfamily() {
        let families = ["Noto Sans", "DejaVu Serif", "DejaVu Sans Mono", "Noto Serif", "Noto Mono", "Noto Color Emoji"]
        #expect(FontCollection.family(forGeneric: "serif", in: families) == "Noto Serif")
        #expect(FontCollection.family(forGeneric: "monospace", in: families) == "Noto Mono")
        #expect(FontCollection.family(forGeneric: "sans-serif", in: families) == "Noto Sans")
        #expect(FontCollection.family(forGeneric: "emoji", in: families) == "Noto Color Emoji")
        // No family of that superfamily: the first named like it.
        #expect(FontCollection.family(forGeneric: "serif", in: ["Noto Sans", "DejaVu Serif", "Liberation Serif"]) == "DejaVu Serif")
        #expect(FontCollection.family(forGeneric: "cursive", in: families) == nil)
    }

    /// `cursive` and `fantasy` pick the first face whose OS/2 table classes it so (sFamilyClass, else panose).
    @Test func cursiveAndFantasyFollowTheFontsOwnClassification() throws {
        func classed(familyClass: Int, panose: UInt8) throws -> FontCollection {
            var data = [UInt8](try Fixtures.data("fonts/DejaVuSerif-Subset.ttf"))
            func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(data[at + $1]) } }
            let tables = Int(data[4]) << 8 | Int(data[5])
            let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { u32($0) == 0x4F53_2F32 })  // "OS/2"
            let os2 = u32(record + 8)
            data[os2 + 30] = UInt8(familyClass >> 8)
            data[os2 + 31] = UInt8(familyClass & 0xFF)
            data[os2 + 32] = panose
            return FontCollection.standard.adding(FontCollection(try Font.faces(in: Data(data), name: "classed.ttf")))
        }
        func pick(_ generic: String, in fonts: FontCollection) -> String? { fonts.chain(for: TextStyle(families: [generic])).first?.font.family }
        let script = try classed(familyClass: 10 << 8 | 1, panose: 2)
        #expect(pick("cursive", in: script) == "DejaVu Serif")
        #expect(pick("fantasy", in: script) == "Noto Sans")  // none: the default family
        let decorative = try classed(familyClass: 0, panose: 4)
        #expect(pick("fantasy", in: decorative) == "DejaVu Serif" && pick("cursive", in: decorative) == "Noto Sans")
        #expect(pick("cursive", in: try classed(familyClass: 0, panose: 3)) == "DejaVu Serif")
        #expect(pick("cursive", in: try classed(familyClass: 1 << 8, panose: 2)) == "Noto Sans")
    }
}
