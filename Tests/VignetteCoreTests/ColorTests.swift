import Testing
import VignetteTestSupport

@testable import VignetteCore

@Suite struct ColorTests {
    @Test func parsesShortLongAndAlphaForms() throws {
        #expect(try Color(hex: "#F60") == Color(red: 0xFF, green: 0x66, blue: 0x00))
        #expect(try Color(hex: "#1f6feb") == Color(red: 0x1F, green: 0x6F, blue: 0xEB))
        #expect(try Color(hex: "#1F6FEB80") == Color(red: 0x1F, green: 0x6F, blue: 0xEB, alpha: 0x80))
        #expect(try Color(hex: "#1F6FEB80").description == "#1F6FEB80")
    }

    @Test(arguments: [
        ("", Color.Error.empty),
        ("FF6600", .missingHash("FF6600")),
        ("#FF66", .invalidLength("#FF66", 4)),
        ("#FF66001", .invalidLength("#FF66001", 7)),
        ("#", .invalidLength("#", 0)),
        ("#GG0000", .invalidDigit("#GG0000", "G")),
        ("#12 456", .invalidDigit("#12 456", " ")),
        ("#0\u{301}", .invalidDigit("#0\u{301}", "\u{301}")),
        ("#00\u{301}0", .invalidDigit("#00\u{301}0", "\u{301}")),
        ("#ＦＦ0000", .invalidDigit("#ＦＦ0000", "Ｆ"))
    ])
    func rejectsMalformedStrings(text: String, expected: Color.Error) {
        #expect(throws: expected) { try Color(hex: text) }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(Color.Error.invalidDigit("#GG0000", "G").description.contains("'G' is not a hex digit"))
        #expect(Color.Error.invalidLength("#FF66", 4).description.contains("expected 3, 6 or 8"))
    }

    @Test func premultipliesWithRounding() {
        let p = Color(red: 255, green: 128, blue: 1, alpha: 128).premultiplied
        #expect(p == PremultipliedPixel(red: 128, green: 64, blue: 1, alpha: 128))
        #expect(p.color == Color(red: 255, green: 128, blue: 2, alpha: 128))
        #expect(Color.clear.premultiplied == PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func multiplyIsExactRounding() {
        var wrong: [(Int, Int)] = []
        for a in 0...255 {
            for b in 0...255 where Int(PixelMath.multiply(UInt8(a), UInt8(b))) != Int((Double(a) * Double(b) / 255).rounded()) {
                wrong.append((a, b))
            }
        }
        #expect(wrong.isEmpty, "multiply wrong for \(wrong.prefix(5))")
    }
}
