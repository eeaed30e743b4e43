import CHarfBuzz
import Testing

@testable import VignetteCore

/// The shaped-run cache: one entry serves every size, the same bytes come
/// out with and without it, and it stays within its byte budget.
@Suite struct TextShapeCacheTests {
    @Test func aCachedRunDrawsTheSameBytes() throws {
        let text = TextImage("Cached caption, drawn twice — ffi AV", style: TextStyle(size: 18, weight: .bold), width: 120, maxLines: 2)
        let first = try text.bitmap(forScale: 2)
        #expect(ShapeCache.shared.bytes > 0)
        #expect(try text.bitmap(forScale: 2).pixels == first.pixels)
        // Shaping is in font units: another size hits the same entries and still draws its own size.
        let smaller = try TextImage(text.string, style: TextStyle(size: 9, weight: .bold), width: 120, maxLines: 2).bitmap(forScale: 2)
        #expect(smaller.height < first.height)
    }

    @Test func theCacheKeepsWithinItsBudget() throws {
        let cache = ShapeCache(maxBytes: 4096)
        let face = try #require(FontCollection.standard.fonts.first).face
        for i in 0..<100 {
            let units = Array("run \(i)".utf16)
            let key = ShapeCache.Key(
                face: ObjectIdentifier(face), paragraph: units, start: 0, length: units.count, rightToLeft: false, vertical: false, script: 0,
                language: nil, features: [])
            cache.insert([vg_hb_glyph](repeating: vg_hb_glyph(), count: 8), for: key, face: face)
            #expect(cache.bytes <= 4096)
        }
        let huge = ShapeCache.Key(
            face: ObjectIdentifier(face), paragraph: [], start: 0, length: 0, rightToLeft: false, vertical: false, script: 0, language: nil,
            features: [])
        cache.insert([vg_hb_glyph](repeating: vg_hb_glyph(), count: 1000), for: huge, face: face)
        #expect(cache.glyphs(for: huge) == nil, "an entry over a quarter of the budget is not kept")
    }
}
