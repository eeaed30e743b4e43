import Testing

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
}
