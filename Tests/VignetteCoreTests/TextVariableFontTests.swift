import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Variable fonts: a face's `wght` axis set from the weight asked for
/// (never synthesised bold), `slnt` from oblique, `opsz` from the size,
/// `font-variation-settings` over them, in overlays and in SVG alike —
/// checked on Inter's variable font (`VariableWeightTest.ttf`, and
/// `OpticalSizeTest.ttf` with an `opsz` axis).
@Suite struct TextVariableFontTests {
    static func fonts() throws -> FontCollection {
        FontCollection(try Font.faces(contentsOf: Fixtures.url("fonts/VariableWeightTest.ttf")))
    }

    static func ink(_ bitmap: Bitmap) -> Int {
        var total = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { total += Int(bitmap[x, y].alpha) } }
        return total
    }

    @Test func aVariableFaceDrawsEveryWeightOfItsAxis() throws {
        let fonts = try Self.fonts()
        #expect(fonts.fonts.count == 1 && fonts.fonts[0].weights == 100...900 && fonts.families == ["Variable Weight Test"])
        var inks: [Int] = []
        for weight in [100.0, 300, 400, 700, 900] {
            let style = TextStyle(size: 40, weight: FontWeight(weight))
            let matched = try #require(fonts.chain(for: style).first)
            #expect(!matched.syntheticBold)
            inks.append(Self.ink(try TextImage("Hamburg", style: style, fonts: fonts).bitmap(forScale: 1)))
        }
        // Heavier weights draw more ink, each its own.
        #expect(inks == inks.sorted() && Set(inks).count == inks.count, "\(inks)")
    }

    @Test func variationSettingsOverrideTheWeight() throws {
        let fonts = try Self.fonts()
        let set = TextImage("Hamburg", style: TextStyle(size: 40, weight: FontWeight(900), variations: ["wght": 250]), fonts: fonts)
        let plain = TextImage("Hamburg", style: TextStyle(size: 40, weight: FontWeight(250)), fonts: fonts)
        #expect(try set.bitmap(forScale: 1) == plain.bitmap(forScale: 1))
    }

    @Test func svgFontWeightAndVariationSettingsSetTheAxis() throws {
        let fonts = try Self.fonts()
        func render(_ attributes: String) throws -> Bitmap {
            let svg =
                #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80"><text x="10" y="55" font-family="Variable Weight Test" font-size="40" "#
                + attributes + ">Hamburg</text></svg>"
            return try SVGDocument(data: Data(svg.utf8), fonts: fonts).render(width: 300, height: 80)
        }
        let bold = try render(#"font-weight="700""#)
        #expect(try render(#"style="font-variation-settings: 'wght' 700""#) == bold)
        #expect(try render(#"font-weight="900" style="font-variation-settings: 'wght' 700""#) == bold)
        #expect(try render("") != bold)
    }

    /// `font-optical-sizing: auto`: a face with an `opsz` axis is drawn at the optical size of its font size.
    @Test func theOpticalSizeFollowsTheFontSize() throws {
        let fonts = FontCollection(try Font.faces(contentsOf: Fixtures.url("fonts/OpticalSizeTest.ttf")))
        func draw(_ variations: [String: Double]) throws -> Bitmap {
            try TextImage("IIII", style: TextStyle(size: 20, variations: variations), fonts: fonts).bitmap(forScale: 2)
        }
        let automatic = try draw([:])
        #expect(try automatic == draw(["opsz": 20]))
        #expect(try automatic != draw(["opsz": 144]))
        // SVG's font-optical-sizing: none leaves the axis at its default (144).
        func svg(_ attributes: String) throws -> Bitmap {
            let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="10" y="45" font-family="Optical Size Test" font-size="20" "#
            return try SVGDocument(data: Data((text + attributes + ">IIII</text></svg>").utf8), fonts: fonts).render(width: 200, height: 60)
        }
        let fixed = try svg(#"font-optical-sizing="none""#)
        #expect(try fixed == svg(#"style="font-variation-settings: 'opsz' 144""#))
        #expect(try fixed != svg(""))
    }

    /// Oblique sets a face's `slnt` axis (no outline slanted on top).
    @Test func obliqueSetsTheSlantAxis() throws {
        let fonts = try Self.fonts()
        let style = TextStyle(size: 40, style: .oblique(degrees: 8))
        #expect(try #require(fonts.chain(for: style).first).syntheticSlant == 0)
        let oblique = try TextImage("Hamburg", style: style, fonts: fonts).bitmap(forScale: 1)
        #expect(try oblique == TextImage("Hamburg", style: TextStyle(size: 40, variations: ["slnt": -8]), fonts: fonts).bitmap(forScale: 1))
        #expect(try oblique != TextImage("Hamburg", style: TextStyle(size: 40), fonts: fonts).bitmap(forScale: 1))
    }
}
