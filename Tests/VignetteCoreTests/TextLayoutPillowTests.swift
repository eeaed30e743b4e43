import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Overlay layout against Pillow's ImageDraw under the raqm layout
/// (HarfBuzz + FriBiDi), recorded by `Tests/Fixtures/text-pillow/make_references.py`:
/// the same lines (a box of Latin, Arabic, Hebrew with a broken English run,
/// Devanagari and Japanese), each line as wide within 0.1 px (both shape
/// with HarfBuzz; measured: 0.04 px at most), and each line's ink across the
/// box — glyph order, bidi reordering, alignment — within a stated tolerance:
/// the ink profiles, smoothed over 5 px, differ by under 12 % of the ink
/// (measured: 9 % at most; FreeType's rasterizer is not ours) and their
/// centres by under 1 px (measured: 0.75 px).
@Suite struct TextLayoutPillowTests {
    struct Case: Decodable {
        let id: String
        let font: String
        let size: Double
        let width: Double
        let alignment: String
        let text: String
    }

    struct Reference: Decodable {
        struct Line: Decodable {
            let text: String
            let width: Double
            let ink: [Double]
        }
        struct Laid: Decodable {
            let id: String
            let lines: [Line]
        }
        let cases: [Laid]
    }

    static let cases: [Case] = (try? JSONDecoder().decode([Case].self, from: Fixtures.data("text-pillow/cases.json"))) ?? []
    static let references: [String: Reference.Laid] = {
        let decoded = try? JSONDecoder().decode(Reference.self, from: Fixtures.data("text-pillow/references.json"))
        return Dictionary(uniqueKeysWithValues: (decoded?.cases ?? []).map { ($0.id, $0) })
    }()

    @Test func everyCaseHasAReference() {
        #expect(Self.cases.count == 6)
        #expect(Set(Self.cases.map(\.id)) == Set(Self.references.keys))
    }

    @Test(arguments: cases.map(\.id))
    func linesBreakAndInkLandAsPillowLaysThemOut(_ id: String) throws {
        let spec = try #require(Self.cases.first { $0.id == id })
        let reference = try #require(Self.references[id])
        let alignment: TextAlignment = ["left": .left, "right": .right, "center": .center][spec.alignment] ?? .left
        let faces = try Font.faces(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(spec.font))
        let text = TextImage(spec.text, style: TextStyle(size: spec.size, alignment: alignment), width: spec.width, fonts: FontCollection(faces))
        let chain = text.fonts.chain(for: text.style)
        var budget = text.limits.maxGlyphs
        let layout = try TextLayout(text, size: spec.size, scale: 1, chain: chain, glyphBudget: &budget)
        let utf16 = Array(spec.text.utf16)
        let lines = layout.lines.map { line in
            let range = line.runs.map(\.run.range.lowerBound).min()!..<line.runs.map(\.run.range.upperBound).max()!
            return String(decoding: utf16[range], as: UTF16.self).trimmingCharacters(in: .whitespaces)
        }
        #expect(lines == reference.lines.map(\.text))
        guard lines.count == reference.lines.count else { return }
        let metrics = LineMetrics(chain[0].face, pixelsPerEm: spec.size, lineHeight: nil)
        let strip = Int((metrics.ascent + metrics.descent).rounded())
        var first = 0
        for (index, line) in layout.lines.enumerated() {
            let count = line.runs.reduce(0) { $0 + $1.glyphs.count }
            let glyphs = Array(layout.glyphs[first..<first + count])
            first += count
            #expect(abs(line.width - reference.lines[index].width) < 0.1, "\(id) line \(index): \(line.width) against \(reference.lines[index].width)")
            let baseline = (metrics.halfLeading + metrics.ascent + Double(index) * metrics.advance).rounded()
            let ink = Self.ink(glyphs, width: Int(spec.width), strip: strip, shift: metrics.ascent.rounded() - baseline)
            let (difference, shift) = Self.compare(ink, reference.lines[index].ink)
            #expect(difference < 0.12 && abs(shift) < 1, "\(id) line \(index): ink differs by \(difference), centre by \(shift) px")
        }
    }

    /// A line's ink per column: its glyphs drawn alone into a strip, moved up by `shift` to put the baseline at the ascent.
    static func ink(_ glyphs: [PlacedGlyph], width: Int, strip: Int, shift: Double) -> [Double] {
        let moved = glyphs.map { glyph in
            var g = glyph
            g.y += shift
            return g
        }
        var canvas = SVGCanvas(width: width, height: strip)
        var painter = GlyphPainter(width: width, height: strip)
        painter.draw(moved, color: .black, on: &canvas)
        return (0..<width).map { x in (0..<strip).reduce(0.0) { $0 + Double(canvas.pixels[($1 * width + x) * 4 + 3]) } }
    }

    /// The two profiles smoothed over 5 px: their L1 difference over the reference's ink, and how far their centres lie apart.
    static func compare(_ a: [Double], _ b: [Double]) -> (Double, Double) {
        func smoothed(_ p: [Double]) -> [Double] {
            p.indices.map { i in (max(0, i - 2)...min(p.count - 1, i + 2)).reduce(0.0) { $0 + p[$1] } / 5 }
        }
        let (sa, sb) = (smoothed(a), smoothed(b))
        guard sa.count == sb.count, sb.reduce(0, +) > 0 else { return (1, .infinity) }
        let total = sb.reduce(0, +)
        let difference = zip(sa, sb).reduce(0.0) { $0 + abs($1.0 - $1.1) } / total
        func centre(_ p: [Double]) -> Double { p.enumerated().reduce(0.0) { $0 + Double($1.offset) * $1.element } / max(1, p.reduce(0, +)) }
        return (difference, centre(sa) - centre(sb))
    }
}
