import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Fonts: the bundled family, files and folders, collections, WOFF (WOFF2:
/// `TextWOFF2Tests`), and
/// what is not a font — each a typed error naming the file or the limit.
@Suite struct TextFontTests {
    static func fonts(_ name: String) throws -> [Font] { try Font.faces(contentsOf: Fixtures.url("fonts/\(name)")) }

    @Test func theBundledFamilyIsNotoSansInFourFaces() {
        let faces = FontCollection.standard.fonts
        #expect(
            faces.map(\.description) == [
                "Noto Sans 400 normal 100%", "Noto Sans 700 normal 100%", "Noto Sans 400 italic 100%", "Noto Sans 700 italic 100%"
            ])
        // Latin, Greek and Cyrillic.
        for scalar: UInt32 in [0x41, 0xE9, 0x3A9, 0x416, 0x20AC] { #expect(faces[0].face.glyph(for: scalar) != nil, "U+\(String(scalar, radix: 16))") }
        #expect(Font.bundledLicense.contains("SIL OPEN FONT LICENSE Version 1.1"))
    }

    @Test func aFolderLoadsEveryFontInNameOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("more"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, place) in [("NotoSansHebrew-Regular.woff", "a.woff"), ("NotoSansArabic-Regular.ttf", "more/b.ttf"), ("OFL.txt", "OFL.txt")] {
            try FileManager.default.copyItem(at: Fixtures.url("fonts/\(name)"), to: folder.appendingPathComponent(place))
        }
        let collection = try FontCollection(contentsOf: [folder, Fixtures.url("fonts/NotoSansHebrew-Regular.ttf")])
        #expect(collection.families == ["Noto Sans Hebrew", "Noto Sans Arabic"])
        #expect(collection.fonts.map(\.source) == ["a.woff", "b.ttf", "NotoSansHebrew-Regular.ttf"])
        let fixtures = try FontCollection(contentsOf: [Fixtures.url("fonts")])
        #expect(fixtures.families.count == 10)
    }

    @Test func aWOFFIsTheFontItWraps() throws {
        let ttf = try Self.fonts("NotoSansHebrew-Regular.ttf")[0].face
        let woff = try Self.fonts("NotoSansHebrew-Regular.woff")[0].face
        #expect(woff.metrics.glyph_count == ttf.metrics.glyph_count)
        #expect(woff.metrics.ascender == ttf.metrics.ascender)
        let alef = try #require(ttf.glyph(for: 0x5D0))
        #expect(woff.glyph(for: 0x5D0) == alef)
        #expect(woff.outline(alef) == ttf.outline(alef))
    }

    @Test func whatIsNotAFontIsATypedError() throws {
        #expect(throws: Font.Error.notAFont(name: "x.ttf")) { try Font.faces(in: Data("not a font at all".utf8), name: "x.ttf") }
        var woff = try Fixtures.data("fonts/NotoSansHebrew-Regular.woff")
        woff[woff.count - 100] ^= 0xFF  // inside the last table's deflate stream
        woff.removeLast(50)
        #expect(throws: Font.Error.self) { try Font.faces(in: woff, name: "cut.woff") }
        let missing = URL(fileURLWithPath: "/nonexistent/font.ttf")
        #expect(throws: Font.Error.self) { try Font.faces(contentsOf: missing) }
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-huge-\(UUID().uuidString).ttf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(Font.maxBytes + 1))  // sparse: nothing is written
        try handle.close()
        #expect(throws: Font.Error.tooLarge(name: url.path, bytes: Font.maxBytes + 1, limit: Font.maxBytes)) {
            try Font.faces(contentsOf: url)
        }
    }

    @Test func everyTruncationOfAFontIsAnErrorOrAFontNeverATrap() throws {
        let data = try Fixtures.data("fonts/NotoSansHebrew-Regular.ttf")
        for cut in stride(from: 0, to: data.count, by: 997) {
            if let faces = try? Font.faces(in: data.prefix(cut), name: "cut") {
                // What HarfBuzz accepts must shape and draw without trapping.
                let text = TextImage("שלום", fonts: FontCollection(faces))
                _ = try? text.bitmap(forScale: 1)
            }
        }
    }
}
