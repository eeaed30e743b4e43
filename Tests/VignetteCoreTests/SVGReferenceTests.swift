import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Vignette's SVG rasterizer against resvg's renders of the same files
/// (`Tests/Fixtures/svg/make_svg_references.py`), and its own output pinned.
///
/// Tolerance: a pixel differs when one of its premultiplied channels is more
/// than 24 (of 255) away from resvg's; at most 2 % of a render's pixels may
/// differ (5 % for patterns, which are drawn from a tile sampled bilinearly).
/// Both rasterizers compute anti-aliased coverage their own way (exact area
/// here, supersampling there), so edges differ by a few levels.
@Suite struct SVGReferenceTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/svg")

    /// Each file with the FNV-1a 64 of the premultiplied pixels it renders to at its own size.
    static let cases: [(String, UInt64)] = [
        ("arcs", 0xB1F7_A5BD_FCF6_7246), ("clipmask", 0x7675_87FC_FD8D_E591), ("css", 0xC703_3A79_0E65_5465),
        ("dashes", 0xDEB8_45D6_4233_87D1), ("evenodd", 0x7E6B_C5F8_63C7_8755), ("gradients", 0xA27D_FBE5_36F9_9B24),
        ("icon-stroke", 0x9686_296F_42AC_E4AD), ("images", 0xC878_D00E_2C4E_A9A2), ("markers", 0x07EF_62A7_5D23_CB66), ("patterns", 0x5A0E_EC3F_3107_BBE5),
        ("path", 0xDD30_DE5E_8876_CDFA), ("selectors", 0x88B3_A094_311F_9505),
        ("shapes", 0xD6B1_84FE_9BE2_FDA2),
        ("strokes", 0x86F5_8B04_179E_CBFB), ("symbols", 0x2383_E7AF_B858_77C1), ("use", 0x5BF2_98C1_868F_8C59)
    ]

    @Test(arguments: cases)
    func matchesResvgWithinTolerance(_ name: String, _ pinned: UInt64) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).svg"))
        let document = try SVGDocument(data: data)
        let reference = try PNGCodec.decode(contentsOf: Self.folder.appendingPathComponent("\(name).resvg.png").path)
        #expect(Int(document.size.width) == reference.width && Int(document.size.height) == reference.height)
        let ours = try document.render(width: reference.width, height: reference.height)
        var differing = 0
        for i in stride(from: 0, to: ours.pixels.count, by: 4) {
            let distance = (0..<4).map { abs(Int(ours.pixels[i + $0]) - Int(reference.pixels[i + $0])) }.max() ?? 0
            if distance > 24 { differing += 1 }
        }
        let share = Double(differing) / Double(ours.width * ours.height)
        #expect(share <= (name == "patterns" ? 0.05 : 0.02), "\(name): \(differing) pixels (\(share * 100) %) differ from resvg's by more than 24")
        let hash = Checksums.fnv1a64(ours.pixels)
        #expect(hash == pinned, "\(name): the render changed (0x\(String(hash, radix: 16, uppercase: true)))")
    }

    /// `currentColor` takes the colour a caller gives (a descriptor's tint)
    /// where the file does not set `color` itself; other colours stay.
    @Test func currentColorTakesTheGivenColour() throws {
        let svg = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="4" height="2">
              <rect width="2" height="2" fill="currentColor"/><rect x="2" width="2" height="2" fill="#00FF00"/>
            </svg>
            """#
        let document = try SVGDocument(data: Data(svg.utf8))
        let blue = try document.render(width: 4, height: 2, currentColor: Color(red: 0, green: 0, blue: 255))
        #expect(blue[0, 0] == Color(red: 0, green: 0, blue: 255).premultiplied)
        #expect(blue[3, 1] == Color(red: 0, green: 255, blue: 0).premultiplied)
        let plain = try document.render(width: 4, height: 2)
        #expect(plain[0, 0] == Color.black.premultiplied)
    }

    /// Drawn at twice its size, the same file keeps its geometry: a 2×2 px
    /// square at (1, 1) of a 4×4 document is 4×4 px at (2, 2) of 8×8.
    @Test func aLargerRenderScalesTheDocument() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" width="4" height="4"><rect x="1" y="1" width="2" height="2"/></svg>"#
        let out = try SVGDocument(data: Data(svg.utf8)).render(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                #expect(out[x, y].alpha == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}
