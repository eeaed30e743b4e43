import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// WOFF2 fonts: the sfnt rebuilt from the Brotli stream and WOFF2's glyph
/// and metrics transforms draws as the font it was made from; a damaged or
/// lying file is a typed error, never a trap.
@Suite struct TextWOFF2Tests {
    static func face(_ name: String) throws -> FontFace { try Font.faces(contentsOf: Fixtures.url("fonts/\(name)"))[0].face }

    static func scalars(_ face: FontFace, _ ranges: [ClosedRange<UInt32>]) -> [UInt32] {
        ranges.flatMap { $0 }.filter { face.glyph(for: $0) != nil }
    }

    @Test func aWOFF2IsTheFontItWraps() throws {
        let ttf = try Self.face("NotoSansHebrew-Regular.ttf")
        let woff2 = try Self.face("NotoSansHebrew-Regular.woff2")
        #expect(woff2.metrics.glyph_count == ttf.metrics.glyph_count)
        #expect(woff2.metrics.ascender == ttf.metrics.ascender && woff2.metrics.descender == ttf.metrics.descender)
        let hebrew = Self.scalars(ttf, [0x591...0x5FF, 0xFB1D...0xFB4F])
        #expect(hebrew.count > 80)
        for scalar in hebrew {
            let glyph = try #require(ttf.glyph(for: scalar))
            #expect(woff2.glyph(for: scalar) == glyph)
            #expect(woff2.outline(glyph) == ttf.outline(glyph), "U+\(String(scalar, radix: 16))")
        }
        let fonts = FontCollection(try Font.faces(contentsOf: Fixtures.url("fonts/NotoSansHebrew-Regular.woff2")))
        let drawn = try TextImage("שָׁלוֹם עוֹלָם", style: TextStyle(size: 30), fonts: fonts).bitmap(forScale: 2)
        let reference = try TextImage(
            "שָׁלוֹם עוֹלָם", style: TextStyle(size: 30),
            fonts: FontCollection(try Font.faces(contentsOf: Fixtures.url("fonts/NotoSansHebrew-Regular.ttf")))
        ).bitmap(forScale: 2)
        #expect(drawn == reference)
    }

    /// Composite glyphs, instructions and the hmtx transform's left side bearings taken from the glyphs' boxes.
    @Test func transformedGlyphsAndMetricsDrawAsTheirSource() throws {
        let woff2 = try Self.face("WOFF2LatinTest.woff2")
        let source = FontCollection.standard.fonts[0].face
        let latin = Self.scalars(source, [0x20...0x7E, 0xA0...0xFF])
        #expect(latin.count == 191)
        for scalar in latin {
            let a = try #require(woff2.glyph(for: scalar), "U+\(String(scalar, radix: 16))")
            let b = try #require(source.glyph(for: scalar))
            #expect(woff2.outline(a) == source.outline(b), "U+\(String(scalar, radix: 16))")
        }
        let text = "Ångström façade — naïve Zoë: 1234567890 ÆØ ß ÿ"
        let fonts = FontCollection(try Font.faces(contentsOf: Fixtures.url("fonts/WOFF2LatinTest.woff2")))
        let style = TextStyle(size: 24)
        let drawn = try TextImage(text.replacingOccurrences(of: "—", with: "-"), style: style, fonts: fonts).bitmap(forScale: 1)
        let reference = try TextImage(text.replacingOccurrences(of: "—", with: "-"), style: style).bitmap(forScale: 1)
        #expect(drawn == reference)
    }

    @Test func aCFFWOFF2IsItsOpenTypeFont() throws {
        let otf = try Self.face("NotoSansCJKjp-Subset.otf")
        let woff2 = try Self.face("NotoSansCJKjp-Subset.woff2")
        let kana = Self.scalars(otf, [0x3040...0x30FF, 0x4E00...0x9FFF])
        #expect(!kana.isEmpty)
        for scalar in kana {
            let glyph = try #require(otf.glyph(for: scalar))
            #expect(woff2.outline(glyph) == otf.outline(glyph))
        }
    }

    @Test func aFolderReadsItsWOFF2Files() throws {
        let fixtures = try FontCollection(contentsOf: [Fixtures.url("fonts")])
        #expect(
            fixtures.fonts.filter { $0.source.hasSuffix(".woff2") }.map(\.source).sorted() == [
                "NotoSansCJKjp-Subset.woff2", "NotoSansHebrew-Regular.woff2", "WOFF2LatinTest.woff2"
            ])
        #expect(fixtures.families.contains("WOFF2 Latin Test"))
    }

    @Test func aCutOrDamagedWOFF2IsAnErrorNeverATrap() throws {
        let data = try Fixtures.data("fonts/WOFF2LatinTest.woff2")
        for cut in stride(from: 0, to: data.count, by: 211) {
            #expect(throws: Font.Error.self) { try Font.faces(in: data.prefix(cut), name: "cut.woff2") }
        }
        // Flipped bytes in the header and directory (lengths, flags, tags); each loads as a font or is a typed error.
        for at in 4..<min(400, data.count) {
            var damaged = data
            damaged[at] ^= 0x5A
            if let faces = try? Font.faces(in: damaged, name: "damaged.woff2") {
                _ = try? TextImage("Hamburgefonstiv", fonts: FontCollection(faces)).bitmap(forScale: 1)
            }
        }
    }

    @Test func aWOFF2ThatStatesMoreThanTheLimitIsRefusedFirst() throws {
        var data = try Fixtures.data("fonts/WOFF2LatinTest.woff2")
        for k in 0..<4 { data[16 + k] = UInt8(truncatingIfNeeded: (Font.maxBytes + 1) >> (24 - 8 * k)) }  // totalSfntSize
        #expect(
            throws: Font.Error.malformedWOFF(
                name: "big.woff2", reason: "WOFF2 header: totalSfntSize \(Font.maxBytes + 1) is over the limit of \(Font.maxBytes) bytes")
        ) { try Font.faces(in: data, name: "big.woff2") }
        var collection = try Fixtures.data("fonts/WOFF2LatinTest.woff2")
        collection.replaceSubrange(4..<8, with: Array("ttcf".utf8))
        #expect(throws: Font.Error.unsupportedFormat(name: "c.woff2", format: "WOFF2 collection")) {
            try Font.faces(in: collection, name: "c.woff2")
        }
    }

    /// The glyph transform's streams — contour counts of 0, 1, 2 or −1, the rest noise — under a header
    /// whose sizes add up: every input rebuilds or is a typed error (a deterministic sweep; FuzzFont searches further).
    @Test func noiseInTheGlyphStreamsIsAnErrorNeverATrap() throws {
        var random = SeededGenerator(seed: 42)
        var rebuilt = 0
        for _ in 0..<3000 {
            let glyphs = Int(random.next() % 6) + 1
            var contours: [UInt8] = []
            for _ in 0..<glyphs { contours.appendBigEndian([0, 1, 2, -1][Int(random.next() % 4)], bytes: 2) }
            let bitmap = [UInt8](repeating: random.next() % 2 == 0 ? 0 : random.byte(), count: 4)
            let streams = [contours] + (0..<6).map { k in (k == 4 ? bitmap : []) + (0..<Int(random.next() % 16)).map { _ in random.byte() } }
            var table: [UInt8] = [0, 0, 0, UInt8(random.next() % 2), 0, UInt8(glyphs), 0, UInt8(random.next() % 2)]
            for stream in streams { table.appendBigEndian(stream.count, bytes: 4) }
            table += streams.joined() + (0..<(glyphs + 7) / 8 + Int(random.next() % 3)).map { _ in random.byte() }
            let entry = WOFF2Reader.Table(tag: WOFF2Reader.glyf, originalLength: 0, transformed: true, offset: 0, length: table.count)
            if (try? WOFF2Reader.Glyphs(table, entry, name: "noise", limit: 1 << 20)) != nil { rebuilt += 1 }
        }
        #expect(rebuilt > 0 && rebuilt < 3000, "\(rebuilt) of 3000 rebuilt")
    }
}
