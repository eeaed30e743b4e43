import Testing

@testable import VignetteCore

/// Hostile text: every budget is checked before the work it bounds, and
/// each is a typed error naming its limit or the bad value.
@Suite struct TextLimitsTests {
    @Test func budgetsAreTypedErrors() {
        let long = String(repeating: "a", count: 10_001)
        #expect(throws: TextImage.Error.tooLong(count: 10_001, limit: 10_000)) { try TextImage(long).bitmap(forScale: 1) }
        var few = TextImage(String(repeating: "word ", count: 50))
        few.limits.maxGlyphs = 100
        #expect(throws: TextImage.Error.tooManyGlyphs(limit: 100)) { try few.bitmap(forScale: 1) }
        var lines = TextImage(String(repeating: "line\n", count: 20))
        lines.limits.maxLines = 10
        #expect(throws: TextImage.Error.tooManyLines(limit: 10)) { try lines.bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.noFonts) { try TextImage("x", fonts: FontCollection()).bitmap(forScale: 1) }
    }

    @Test func badValuesAreNamed() {
        #expect(throws: TextImage.Error.invalidValue(name: "size", value: -1)) { try TextImage("x", style: TextStyle(size: -1)).bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.self) { try TextImage("x", style: TextStyle(size: .nan)).bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.invalidValue(name: "width", value: 0)) { try TextImage("x", width: 0).bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.invalidValue(name: "maxLines", value: 0)) { try TextImage("x", maxLines: 0).bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.self) { try TextImage("x", style: TextStyle(size: 5000)).bitmap(forScale: 1) }
        #expect(throws: TextImage.Error.tooLarge(width: 40000, height: 40000)) {
            try TextImage("x", style: TextStyle(size: 10), width: 40000, height: 40000).bitmap(forScale: 1)
        }
    }

    @Test func emptyAndOddTextDrawsNothingAndNeverTraps() throws {
        #expect(try TextImage("").bitmap(forScale: 1).width == 0)
        for string in ["\n\n", "\u{200D}", "\u{202E}abc", "\u{FEFF}", String(UnicodeScalar(0xD7FF)!), "e\u{301}\u{301}\u{301}", "\t"] {
            _ = try TextImage(string, width: 50, maxLines: 1).bitmap(forScale: 1)
        }
    }
}
