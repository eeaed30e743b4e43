import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Paint servers, clipping, masking and bounding boxes where a conformance
/// probe against resvg (and Chrome) found Vignette drawing otherwise.
@Suite struct SVGPaintConformanceTests {
    static let green: [UInt8] = [0, 128, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let lime: [UInt8] = [0, 255, 0, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    static func render(_ body: String, limits: SVGDocument.Limits = .standard) throws -> Bitmap {
        try SVGFilterTests.render(body, size: 20, limits: limits)
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { SVGFilterTests.pixel(bitmap, x, y) }

    /// A clip path or mask that is not there leaves the element drawn as it is; a missing filter, or a
    /// clip path naming another kind of element, still hides it.
    @Test func missingClipAndMaskAreIgnored() throws {
        for property in ["clip-path", "mask"] {
            let image = try Self.render(#"<rect width="20" height="20" fill="green" \#(property)="url(#nope)"/>"#)
            #expect(Self.pixel(image, 10, 10) == Self.green, "\(property)")
        }
        let filtered = try Self.render(#"<rect width="20" height="20" fill="green" filter="url(#nope)"/>"#)
        #expect(Self.pixel(filtered, 10, 10) == Self.clear)
        let wrongKind = try Self.render(#"<rect id="r" width="1" height="1"/><rect width="20" height="20" fill="green" clip-path="url(#r)"/>"#)
        #expect(Self.pixel(wrongKind, 10, 10) == Self.clear)
    }

    /// A clip path's child with a `clip-path` of its own adds only its clipped part, written on the child
    /// or on the target of a `use`; a child naming the clip path it is in is drawn unclipped.
    @Test func clipPathOnAClipPathChild() throws {
        let left = #"<clipPath id="left"><rect width="10" height="20"/></clipPath>"#
        let target = #"<rect width="20" height="20" fill="green" clip-path="url(#c)"/>"#
        let direct = try Self.render(left + #"<clipPath id="c"><rect width="20" height="10" clip-path="url(#left)"/></clipPath>"# + target)
        let throughUse = try Self.render(
            left + ##"<defs><rect id="top" width="20" height="10" clip-path="url(#left)"/></defs><clipPath id="c"><use href="#top"/></clipPath>"##
                + target)
        for image in [direct, throughUse] {
            #expect(Self.pixel(image, 5, 5) == Self.green)
            #expect(Self.pixel(image, 15, 5) == Self.clear)
            #expect(Self.pixel(image, 5, 15) == Self.clear)
        }
        let cycle = try Self.render(#"<clipPath id="c"><rect width="20" height="10" clip-path="url(#c)"/></clipPath>"# + target)
        #expect(Self.pixel(cycle, 15, 5) == Self.green)
        #expect(Self.pixel(cycle, 15, 15) == Self.clear)
    }

    /// Clip paths on children nested 20 deep are layers, refused past `maxLayers`.
    @Test func nestedChildClipsCountAsLayers() throws {
        var defs = ""
        for i in 0..<20 { defs += #"<clipPath id="c\#(i)"><rect width="20" height="20" clip-path="url(#c\#(i + 1))"/></clipPath>"# }
        let body = defs + #"<rect width="20" height="20" fill="green" clip-path="url(#c0)"/>"#
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxLayers", value: 17)) { try Self.render(body) }
    }

    /// A `mask` on a mask element cuts what the mask lets through; one naming itself is ignored; a chain
    /// of 20 counts its layers.
    @Test func maskOnAMask() throws {
        let inner = #"<mask id="m2"><rect width="10" height="20" fill="white"/></mask>"#
        let image = try Self.render(
            inner + #"<mask id="m" mask="url(#m2)"><rect width="20" height="10" fill="white"/></mask>"#
                + #"<rect width="20" height="20" fill="green" mask="url(#m)"/>"#)
        #expect(Self.pixel(image, 5, 5) == Self.green)
        #expect(Self.pixel(image, 15, 5) == Self.clear)
        #expect(Self.pixel(image, 5, 15) == Self.clear)
        let cycle = try Self.render(
            #"<mask id="m" mask="url(#m)"><rect width="20" height="10" fill="white"/></mask><rect width="20" height="20" fill="green" mask="url(#m)"/>"#)
        #expect(Self.pixel(cycle, 15, 5) == Self.green)
        var chain = ""
        for i in 0..<20 { chain += #"<mask id="m\#(i)" mask="url(#m\#(i + 1))"><rect width="20" height="20" fill="white"/></mask>"# }
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxLayers", value: 17)) {
            try Self.render(chain + #"<rect width="20" height="20" fill="green" mask="url(#m0)"/>"#)
        }
    }

    /// In bounding-box units a pattern without `x` and `y` starts its tiles at the box's corner.
    @Test func patternTilesStartAtTheBoxCorner() throws {
        let image = try Self.render(
            #"<pattern id="p" width="0.5" height="0.5"><rect width="4" height="4" fill="green"/></pattern>"#
                + #"<rect x="2" y="2" width="16" height="16" fill="url(#p)"/>"#)
        #expect(Self.pixel(image, 4, 4) == Self.green)
        #expect(Self.pixel(image, 9, 9) == Self.clear)
        #expect(Self.pixel(image, 12, 12) == Self.green)
    }

    /// A `use`'s box includes its target's `transform`; a `display="none"` child adds nothing to a group's box.
    @Test func boundingBoxes() throws {
        let half = #"<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>"#
        let use = try Self.render(
            half + ##"<defs><rect id="r" width="10" height="10" fill="green" transform="translate(10 10)"/></defs><use href="#r" clip-path="url(#c)"/>"##)
        #expect(Self.pixel(use, 12, 12) == Self.green)
        #expect(Self.pixel(use, 17, 12) == Self.clear)
        let group = try Self.render(
            half + #"<g clip-path="url(#c)"><rect width="10" height="20" fill="green"/><rect x="10" width="10" height="20" fill="red" display="none"/></g>"#)
        #expect(Self.pixel(group, 2, 5) == Self.green)
        #expect(Self.pixel(group, 7, 5) == Self.clear)
    }

    /// `currentColor` in a stop is the `color` of the stop's own tree, not the painted shape's; `inherit`
    /// takes the gradient's `stop-color` and `stop-opacity`.
    @Test func stopColorsComeFromTheGradientsTree() throws {
        let stops = #"<stop offset="0" stop-color="currentColor"/><stop offset="1" stop-color="currentColor"/>"#
        let own = try Self.render(
            #"<linearGradient id="g" color="rgb(0,255,0)">\#(stops)</linearGradient><rect width="20" height="20" fill="url(#g)" color="red"/>"#)
        #expect(Self.pixel(own, 10, 10) == Self.lime)
        let ancestor = try Self.render(
            #"<defs color="blue"><linearGradient id="g">\#(stops)</linearGradient></defs><rect width="20" height="20" fill="url(#g)" color="red"/>"#)
        #expect(Self.pixel(ancestor, 10, 10) == Self.blue)
        let inherited = try Self.render(
            #"<linearGradient id="g" stop-color="blue" stop-opacity="0.5"><stop offset="0" stop-color="inherit" stop-opacity="inherit"/>"#
                + #"<stop offset="1" stop-color="inherit" stop-opacity="inherit"/></linearGradient><rect width="20" height="20" fill="url(#g)"/>"#)
        #expect(Self.pixel(inherited, 10, 10) == [0, 0, 128, 128])
    }

    /// A gradient in bounding-box units on a horizontal line gives way to the colour after the `url()`; without
    /// one the line is not drawn.
    @Test func unusableGradientFallsBack() throws {
        let gradient = #"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"#
        let fallback = try Self.render(gradient + #"<path d="M0 10H20" stroke="url(#g) green" stroke-width="4"/>"#)
        #expect(Self.pixel(fallback, 10, 10) == Self.green)
        let none = try Self.render(gradient + #"<path d="M0 10H20" stroke="url(#g)" stroke-width="4"/>"#)
        #expect(Self.pixel(none, 10, 10) == Self.clear)
    }

    /// Radial edge cases as resvg and Chrome draw them: a focus outside the end circle paints only the
    /// cone; `fr` ≥ `r` still draws; a negative `r` paints the last stop as `r="0"` does.
    @Test func radialEdgeCases() throws {
        let stops = #"<stop offset="0" stop-color="blue"/><stop offset="1" stop-color="lime"/>"#
        func radial(_ attributes: String) throws -> Bitmap {
            try Self.render(#"<radialGradient id="g" \#(attributes)>\#(stops)</radialGradient><rect width="20" height="20" fill="url(#g)"/>"#)
        }
        let cone = try radial(#"gradientUnits="userSpaceOnUse" cx="10" cy="10" r="4" fx="2" fy="10""#)
        #expect(Self.pixel(cone, 3, 18) == Self.clear)
        #expect(Self.pixel(cone, 18, 10) == Self.lime)
        let larger = try radial(#"fr="0.6" r="0.4""#)
        #expect(Self.pixel(larger, 10, 10) == Self.lime)
        #expect(Self.pixel(larger, 0, 0) == Self.blue)
        let equal = try radial(#"fr="0.5" r="0.5""#)
        #expect(Self.pixel(equal, 10, 10) == Self.blue)
        #expect(Self.pixel(equal, 0, 0) == Self.lime)
        for r in ["0", "-0.2"] { #expect(Self.pixel(try radial(#"r="\#(r)""#), 10, 10) == Self.lime, "r=\(r)") }
    }

    /// `miter-clip` (SVG 2): past the miter limit the miter is cut square to
    /// the bisector at limit × half the width from the corner, where `miter`
    /// falls back to a bevel; `arcs` draws as `miter`. The corner at (30, 20)
    /// has a miter ratio of 4.45: with the default limit of 4 the cut is at x = 38.
    @Test func miterClipCutsTheMiter() throws {
        func stroke(_ join: String, limit: String = "4") throws -> Bitmap {
            let svg =
                #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><path d="M4 14 L30 20 L4 26" fill="none" stroke="lime" stroke-width="4" stroke-linejoin="\#(join)" stroke-miterlimit="\#(limit)"/></svg>"#
            return try SVGDocument(data: Data(svg.utf8)).render(width: 40, height: 40)
        }
        let (clipped, beveled, mitered) = (try stroke("miter-clip"), try stroke("miter"), try stroke("miter", limit: "5"))
        #expect(Self.pixel(clipped, 33, 20) == Self.lime && Self.pixel(clipped, 33, 19) == Self.lime)
        #expect(Self.pixel(clipped, 37, 20)[3] > 0 && Self.pixel(clipped, 38, 20) == Self.clear)
        #expect(Self.pixel(beveled, 33, 20) == Self.clear)
        #expect(Self.pixel(mitered, 38, 20)[3] > 0)
        #expect(try stroke("arcs").pixels == beveled.pixels)
        #expect(try stroke("miter-clip", limit: "5").pixels == mitered.pixels)
    }
}
