import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Filter behaviour the resvg conformance probe found wrong: the blend modes
/// beyond SVG 1.1's five, unknown primitives, what a primitive inherits from
/// the filter's own tree, `drop-shadow()`'s deviation and the inputs resvg
/// reads as the source graphic.
@Suite struct SVGFilterConformanceTests {
    /// `body` in a 20 × 20 document whose root carries `rootAttributes`.
    static func render(_ body: String, rootAttributes: String = "") throws -> Bitmap {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" \#(rootAttributes)>\#(body)</svg>"#
        return try SVGDocument(data: Data(svg.utf8)).render(width: 20, height: 20)
    }

    /// Each channel of `actual` within one level of `expected` (resvg's bytes).
    static func near(_ actual: [UInt8], _ expected: [UInt8]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// #38c blended over an #e83 flood: resvg's pixels for each mode, in sRGB and in linearRGB.
    @Test(arguments: [
        ("overlay", "sRGB", [228, 144, 82, 255]), ("color-burn", "sRGB", [170, 32, 0, 255]),
        ("hard-light", "sRGB", [95, 144, 173, 255]), ("difference", "sRGB", [187, 0, 153, 255]),
        ("hue", "sRGB", [81, 178, 255, 255]), ("luminosity", "sRGB", [199, 97, 12, 255]),
        ("soft-light", "sRGB", [228, 139, 89, 255]), ("exclusion", "sRGB", [194, 127, 173, 255]),
        ("saturation", "sRGB", [223, 140, 70, 255]), ("color", "sRGB", [90, 175, 243, 255]),
        ("overlay", "linearRGB", [220, 98, 56, 255]), ("difference", "linearRGB", [234, 0, 199, 255]),
        ("luminosity", "linearRGB", [214, 71, 0, 255]), ("color-dodge", "linearRGB", [241, 155, 79, 255]),
        ("hue", "linearRGB", [102, 178, 250, 255]), ("saturation", "linearRGB", [220, 148, 106, 255]),
        ("color", "linearRGB", [128, 175, 230, 255])
    ])
    func everyBlendModeMatchesResvg(_ mode: String, _ space: String, _ expected: [UInt8]) throws {
        let image = try Self.render(
            ##"<filter id="f" color-interpolation-filters="\##(space)"><feFlood flood-color="#e83" result="a"/><feBlend in="SourceGraphic" in2="a" mode="\##(mode)"/></filter><rect x="5" y="5" width="10" height="10" fill="#38c" filter="url(#f)"/>"##
        )
        #expect(Self.near(SVGFilterTests.pixel(image, 10, 10), expected), "\(mode) \(space): \(SVGFilterTests.pixel(image, 10, 10))")
        // Outside the source only the flood shows.
        #expect(Self.near(SVGFilterTests.pixel(image, 4, 4), [238, 136, space == "sRGB" ? 51 : 50, 255]))
    }

    /// Where only one input is present the mode mixes nothing: the other shows as it is.
    @Test func blendingOverTransparencyKeepsTheOtherInput() throws {
        let image = try Self.render(
            ##"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="20" height="20" color-interpolation-filters="sRGB"><feFlood flood-color="#e83" x="0" y="0" width="10" height="20" result="a"/><feBlend in="SourceGraphic" in2="a" mode="hue"/></filter><rect x="10" width="10" height="20" fill="#38c" filter="url(#f)"/>"##
        )
        #expect(SVGFilterTests.pixel(image, 5, 5) == [238, 136, 51, 255])
        #expect(SVGFilterTests.pixel(image, 15, 5) == [51, 136, 204, 255])
    }

    /// An unknown primitive is skipped (the next one reads what it would have),
    /// and still listed as skipped.
    @Test func unknownPrimitivesAreSkipped() throws {
        let body =
            #"<filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="lime" result="x"/><feFoo/><feOffset dx="2"/></filter><rect x="5" y="5" width="10" height="10" fill="red" filter="url(#f)"/>"#
        let document = try SVGDocument(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">\#(body)</svg>"#.utf8))
        #expect(document.skippedElements == ["feFoo"])
        let image = try document.render(width: 20, height: 20)
        // The flood fills the region 4…16, moved 2 to the right.
        #expect(SVGFilterTests.pixel(image, 10, 10) == [0, 255, 0, 255])
        #expect(SVGFilterTests.pixel(image, 15, 10) == [0, 255, 0, 255])
        #expect(SVGFilterTests.alpha(image, 5, 10) == 0)
    }

    /// `currentColor` in `flood-color`, `lighting-color` and `feDropShadow` is
    /// the `color` of the primitive, else of the filter and its ancestors — never the filtered element's.
    @Test func currentColorComesFromTheFiltersTree() throws {
        func flood(_ filterAttributes: String, around: String = "", primitive: String = "") throws -> [UInt8] {
            let filter =
                #"<filter id="f" color-interpolation-filters="sRGB" \#(filterAttributes)><feFlood flood-color="currentColor" \#(primitive)/></filter>"#
            let image = try Self.render(
                (around.isEmpty ? filter : "<g \(around)>\(filter)</g>")
                    + #"<rect x="5" y="5" width="10" height="10" color="red" filter="url(#f)"/>"#)
            return SVGFilterTests.pixel(image, 10, 10)
        }
        #expect(try flood(#"color="lime""#) == [0, 255, 0, 255])
        #expect(try flood("", around: #"color="blue""#) == [0, 0, 255, 255])
        #expect(try flood(#"color="lime""#, primitive: #"color="blue""#) == [0, 0, 255, 255])
        #expect(try flood("") == [0, 0, 0, 255])
        let lit = try Self.render(
            #"<g color="blue"><filter id="f" color-interpolation-filters="sRGB"><feDiffuseLighting lighting-color="currentColor"><feDistantLight elevation="90"/></feDiffuseLighting></filter></g><rect width="20" height="20" color="red" filter="url(#f)"/>"#
        )
        #expect(SVGFilterTests.pixel(lit, 10, 10) == [0, 0, 255, 255])
        let shadow = try Self.render(
            #"<g color="lime"><filter id="f" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feDropShadow dx="3" dy="3" stdDeviation="0" flood-color="currentColor"/></filter></g><rect width="10" height="10" color="red" fill="blue" filter="url(#f)"/>"#
        )
        #expect(SVGFilterTests.pixel(shadow, 11, 11) == [0, 255, 0, 255])
    }

    /// A matrix halving red: 128 in sRGB, 188 worked in linearRGB.
    static func halvedRed(_ body: (String) -> String, rootAttributes: String = "") throws -> UInt8 {
        let filter = body(#"<feColorMatrix values="0.5 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 1 0"/>"#)
        let image = try render(filter + #"<rect width="20" height="20" fill="red" filter="url(#f)"/>"#, rootAttributes: rootAttributes)
        return SVGFilterTests.pixel(image, 10, 10)[0]
    }

    /// `color-interpolation-filters` is inherited: from the filter's ancestors
    /// up to the root, unless the filter or the primitive says otherwise.
    @Test func colorInterpolationFiltersIsInherited() throws {
        #expect(try Self.halvedRed { #"<filter id="f">\#($0)</filter>"# } == 188)
        #expect(try Self.halvedRed { #"<g color-interpolation-filters="sRGB"><filter id="f">\#($0)</filter></g>"# } == 128)
        #expect(try Self.halvedRed({ #"<defs><filter id="f">\#($0)</filter></defs>"# }, rootAttributes: #"style="color-interpolation-filters: sRGB""#) == 128)
        #expect(
            try Self.halvedRed { #"<g color-interpolation-filters="sRGB"><filter id="f" color-interpolation-filters="linearRGB">\#($0)</filter></g>"# }
                == 188)
        let primitive = #"<feColorMatrix color-interpolation-filters="linearRGB" values="0.5 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 1 0"/>"#
        #expect(try Self.halvedRed { _ in #"<g color-interpolation-filters="sRGB"><filter id="f">\#(primitive)</filter></g>"# } == 188)
        #expect(
            try Self.halvedRed { #"<g color-interpolation-filters="sRGB"><filter id="f" color-interpolation-filters="inherit">\#($0)</filter></g>"# } == 128)
    }

    /// `drop-shadow()`'s third length is the blur's standard deviation, as resvg draws it.
    @Test func dropShadowFunctionsDeviationIsItsThirdLength() throws {
        #expect(SVGFilterList.dropShadow("1px 2px 6px red")?["stdDeviation"] == "6.0")
        let function = try Self.render(#"<rect x="4" y="4" width="6" height="6" fill="green" style="filter: drop-shadow(2px 3px 2px blue)"/>"#)
        let primitive = try Self.render(
            #"<filter id="f" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feDropShadow dx="2" dy="3" stdDeviation="2" flood-color="blue"/></filter><rect x="4" y="4" width="6" height="6" fill="green" filter="url(#f)"/>"#
        )
        #expect(function.pixels == primitive.pixels)
    }

    /// `FillPaint`, `StrokePaint`, `BackgroundImage` and `BackgroundAlpha` read the source graphic, as in resvg.
    @Test(arguments: ["FillPaint", "StrokePaint", "BackgroundImage", "BackgroundAlpha"])
    func paintAndBackgroundInputsReadTheSourceGraphic(_ input: String) throws {
        func offset(_ name: String) throws -> Bitmap {
            try Self.render(
                ##"<filter id="f"><feFlood flood-color="blue" result="x"/><feOffset in="\##(name)" dx="2" dy="2"/></filter><rect x="5" y="5" width="10" height="10" fill="#c33" filter="url(#f)"/>"##
            )
        }
        let image = try offset(input)
        #expect(image.pixels == (try offset("SourceGraphic")).pixels)
        #expect(SVGFilterTests.pixel(image, 12, 12)[3] == 255 && SVGFilterTests.pixel(image, 12, 12)[0] == 204)
    }
}
