import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The `filter` property's CSS functions: what parses, what a list draws,
/// and that a list CSS rejects leaves the element unfiltered.
@Suite struct SVGFilterFunctionTests {
    static func kinds(_ value: String) -> [String] {
        (SVGFilterList.parse(value) ?? []).map {
            switch $0 {
            case .reference(let id): "#\(id)"
            case .function(let filter): filter.children.first?.name ?? "?"
            }
        }
    }

    @Test func listsParseInOrder() {
        #expect(Self.kinds("blur(2px) url(#a) grayscale(50%)") == ["feGaussianBlur", "#a", "feColorMatrix"])
        #expect(Self.kinds("drop-shadow(rgb(0, 0, 0) 1px 2px) hue-rotate(0.5turn)") == ["feDropShadow", "feColorMatrix"])
        #expect(Self.kinds("url(#glow) drop-shadow(0 1px 2px rgb(0 0 0 / 30%))") == ["#glow", "feDropShadow"])
        #expect(Self.kinds("brightness() contrast(1) invert(40%) opacity(0.5) saturate(2) sepia()").count == 6)
        for invalid in [
            "blur(-1px)", "bogus(1)", "blur(2px) x", "grayscale(-1)", "hue-rotate(90)", "blur(50%)", "drop-shadow(1px)",
            "drop-shadow(1px 2px 3px 4px)", "drop-shadow(1px 2px -3px)", "drop-shadow(nocolour 1px 2px)", "blur(2px", ""
        ] {
            #expect(SVGFilterList.parse(invalid) == nil, "\(invalid)")
        }
    }

    /// `opacity(50%)` halves alpha; `drop-shadow` takes its colour first or last and
    /// currentColor without one; σ is the third length.
    @Test func functionsDraw() throws {
        let half = try SVGFilterTests.render(#"<rect width="20" height="20" fill="red" style="filter: opacity(50%)"/>"#)
        #expect(SVGFilterTests.pixel(half, 10, 10) == [128, 0, 0, 128])
        for shadow in ["blue 4px 4px", "4px 4px blue", "4px 4px"] {
            let image = try SVGFilterTests.render(
                #"<rect width="8" height="8" fill="red" color="blue" filter="drop-shadow(\#(shadow))"/>"#)
            #expect(SVGFilterTests.pixel(image, 2, 2) == [255, 0, 0, 255], "\(shadow)")
            #expect(SVGFilterTests.pixel(image, 10, 10) == [0, 0, 255, 255], "\(shadow)")
        }
        let drop = SVGFilterList.dropShadow("1px 2px 6px red")
        #expect(drop?["stdDeviation"] == "6.0")
    }

    /// A list CSS rejects draws the element as if it had none; a `url()` in a
    /// list naming no filter hides the element, as a lone one does.
    @Test func rejectedListsAndMissingReferences() throws {
        let rejected = try SVGFilterTests.render(#"<rect width="20" height="20" filter="blur(2px) nonsense"/>"#)
        #expect(rejected.pixels.allSatisfy { $0 == 0 || $0 == 255 })
        #expect(SVGFilterTests.alpha(rejected, 0, 0) == 255)
        let missing = try SVGFilterTests.render(#"<rect width="20" height="20" filter="blur(1px) url(#nowhere)"/>"#)
        #expect(missing.pixels.allSatisfy { $0 == 0 })
        let document = try SVGDocument(
            data: Data(#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="2" filter="sepia() url(#gone)"/></svg>"#.utf8))
        #expect(document.skippedElements == ["filter url(#gone)"])
    }

    /// A function's region is the bounding box grown by half its size each
    /// side: a wide blur is cut there, as resvg cuts it.
    @Test func aFunctionsRegionIsTwiceTheBoundingBox() throws {
        let image = try SVGFilterTests.render(#"<rect x="20" y="20" width="10" height="10" filter="blur(10px)"/>"#, size: 50)
        for x in 0..<50 {
            #expect((SVGFilterTests.alpha(image, x, 25) > 0) == (15..<35).contains(x), "x \(x)")
        }
    }
}
