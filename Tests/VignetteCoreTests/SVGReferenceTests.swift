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
/// Both rasterizers compute anti-aliased coverage their own way (16 sample
/// lines per row, exact across, here; supersampling there), so edges
/// differ by a few levels.
@Suite struct SVGReferenceTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/svg")

    /// Each file with the FNV-1a 64 of the premultiplied pixels it renders to at its own size.
    static let cases: [(String, UInt64)] = [
        ("arcs", 0xF800_163B_F6EA_45D9), ("blend", 0x6625_1083_EC8B_2AE4), ("clipmask", 0xF7F8_C1FD_F85B_F2A6), ("css", 0xBE6B_407A_CF80_FDC9),
        ("dashes", 0x698C_651A_BC6C_5C0D), ("evenodd", 0x30F8_2731_13D1_0AE1), ("filter-functions", 0x8578_BA0A_A9F8_31EE), ("filters", 0x2C40_3B5B_4B4A_4121),
        ("filters-noise", 0x8B23_281C_E9FF_618F),
        ("feimage", 0xD989_BCFC_D169_FC85), ("gradients", 0xA462_F903_F0F5_5FD0), ("lighting", 0x5711_C600_28E1_7611),
        ("icon-stroke", 0xC3BA_0253_B05F_ECDB), ("images", 0xC633_923D_539E_E068), ("markers", 0xC03F_FFF6_8D8E_6376), ("patterns", 0x7B71_8A99_825F_AE8C),
        ("path", 0x3D69_CACD_A2B0_5943), ("selectors", 0xEA3A_35A2_D3DF_2885),
        ("shapes", 0x5D21_4315_CFBB_2FC9),
        ("strokes", 0xE1FE_5AA9_34A1_663B), ("svg-images", 0xFAFE_28E3_453A_7A3C), ("symbols", 0x3E1E_BEE9_AD35_2DC5), ("use", 0xD0A1_F245_E21F_520D),
        ("winding", 0x7F71_0F60_6FCC_F99C)
    ]

    @Test(arguments: cases)
    func matchesResvgWithinTolerance(_ name: String, _ pinned: UInt64) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).svg"))
        let document = try SVGDocument(data: data)
        let reference = try PNGCodec.decode(contentsOf: Self.folder.appendingPathComponent("\(name).resvg.png").path)
        #expect(Int(document.size.width) == reference.width && Int(document.size.height) == reference.height)
        let ours = try document.render(width: reference.width, height: reference.height)
        let differing = Self.differingPixels(ours, reference)
        let share = Double(differing) / Double(ours.width * ours.height)
        #expect(share <= (name == "patterns" ? 0.05 : 0.02), "\(name): \(differing) pixels (\(share * 100) %) differ from resvg's by more than 24")
        let hash = Checksums.fnv1a64(ours.pixels)
        #expect(hash == pinned, "\(name): the render changed (0x\(String(hash, radix: 16, uppercase: true)))")
    }

    /// The pixels where a premultiplied channel is more than 24 away from the reference's.
    static func differingPixels(_ ours: Bitmap, _ reference: Bitmap) -> Int {
        var differing = 0
        for i in stride(from: 0, to: ours.pixels.count, by: 4) {
            let distance = (0..<4).map { abs(Int(ours.pixels[i + $0]) - Int(reference.pixels[i + $0])) }.max() ?? 0
            if distance > 24 { differing += 1 }
        }
        return differing
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
