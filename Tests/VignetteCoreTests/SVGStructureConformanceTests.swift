import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Structure rules a conformance suite checks: invalid transforms,
/// `transform-origin`, conditional processing outside `switch`, `inherit`
/// on a property that is not inherited, and a `use` inside its own target.
@Suite struct SVGStructureConformanceTests {
    static func render(_ body: String, size: Int = 20) throws -> Bitmap {
        try SVGFilterTests.render(body, size: size)
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { SVGFilterTests.pixel(bitmap, x, y) }

    /// An invalid `transform` is ignored (the element draws untransformed), not a reason to hide it.
    @Test(arguments: ["rotate(45", "translate(10) foo", "scale()"])
    func anInvalidTransformIsIgnored(_ transform: String) throws {
        let drawn = try Self.render(#"<rect width="10" height="10" fill="lime" transform="\#(transform)"/>"#)
        #expect(Self.pixel(drawn, 5, 5) == [0, 255, 0, 255])
        #expect(Self.pixel(drawn, 15, 15) == [0, 0, 0, 0])
    }

    /// `transform-origin` moves the transform's fixed point: as an attribute,
    /// in `style`, as keywords, and as percentages of the viewport.
    @Test func transformOrigin() throws {
        let plain = try Self.render(#"<rect x="10" y="10" width="10" height="5" fill="lime" transform="translate(-10 -10) scale(2)"/>"#)
        let body = #"<rect x="10" y="10" width="10" height="5" fill="lime" transform="scale(2)" %@/>"#
        for origin in [#"transform-origin="10 10""#, #"style="transform-origin: 10px 10px""#, #"transform-origin="50% 50%""#] {
            let moved = try Self.render(body.replacingOccurrences(of: "%@", with: origin))
            #expect(moved.pixels == plain.pixels, "\(origin)")
        }
        let keywords = try Self.render(#"<rect width="20" height="20" fill="lime" transform="scale(1 .5)" transform-origin="bottom center"/>"#)
        #expect(Self.pixel(keywords, 10, 5) == [0, 0, 0, 0] && Self.pixel(keywords, 10, 15) == [0, 255, 0, 255])
        // The same inside a clip path.
        let clip =
            ##"<clipPath id="c"><rect x="10" y="10" width="10" height="5" %@/></clipPath><rect width="20" height="20" fill="lime" clip-path="url(#c)"/>"##
        let clipped = try Self.render(clip.replacingOccurrences(of: "%@", with: #"transform="scale(2)" transform-origin="10 10""#))
        #expect(try clipped.pixels == Self.render(clip.replacingOccurrences(of: "%@", with: #"transform="translate(-10 -10) scale(2)""#)).pixels)
        #expect(SVGTransformParser.origin("top left", viewport: (20, 20)) == Vector2(x: 0, y: 0))
        #expect(SVGTransformParser.origin("right", viewport: (20, 40)) == Vector2(x: 20, y: 20))
        #expect(SVGTransformParser.origin("1 2 3 4", viewport: (20, 40)) == nil)
    }

    /// `systemLanguage` holds on any element, not only a `switch`'s children;
    /// `en` takes `en` and `en-US`, not `eng`.
    @Test func conditionalProcessingOutsideSwitch() throws {
        let hidden = try Self.render(#"<rect width="20" height="20" fill="red" systemLanguage="ru"/>"#)
        #expect(Self.pixel(hidden, 10, 10) == [0, 0, 0, 0])
        let shown = try Self.render(#"<rect width="20" height="20" fill="lime" systemLanguage="fr, en-US"/>"#)
        #expect(Self.pixel(shown, 10, 10) == [0, 255, 0, 255])
        let switched = try Self.render(
            #"<switch><rect width="20" height="20" fill="red" systemLanguage="eng"/><rect width="20" height="20" fill="lime"/></switch>"#)
        #expect(Self.pixel(switched, 10, 10) == [0, 255, 0, 255])
    }

    /// `opacity="inherit"` takes the parent's opacity (applied again on the child's own layer).
    @Test func opacityInherit() throws {
        let inherited = try Self.render(#"<g opacity=".5"><rect width="20" height="20" fill="white" opacity="inherit"/></g>"#)
        let explicit = try Self.render(#"<g opacity=".5"><rect width="20" height="20" fill="white" opacity=".5"/></g>"#)
        #expect(inherited.pixels == explicit.pixels)
        #expect(Self.pixel(inherited, 5, 5)[3] == 64)
    }

    /// A `use` inside the element it references draws nothing (the element itself still draws once).
    @Test func aUseInsideItsOwnTargetDrawsNothing() throws {
        let drawn = try Self.render(##"<g id="g" opacity=".5"><rect width="20" height="20" fill="white"/><use href="#g"/></g>"##)
        #expect(Self.pixel(drawn, 5, 5)[3] == 128)
    }
}

extension SVGStructureConformanceTests {
    /// A subpath of a lone moveto draws no cap; a zero-length one draws its caps.
    @Test func aLoneMovetoIsNotStroked() throws {
        let stroke = #"stroke="lime" stroke-width="8" stroke-linecap="round""#
        let lone = try Self.render(#"<path d="M10 10" \#(stroke)/>"#)
        #expect(lone.pixels.allSatisfy { $0 == 0 })
        for d in ["M10 10 z", "M10 10 L10 10"] {
            let dot = try Self.render(#"<path d="\#(d)" \#(stroke)/>"#)
            #expect(Self.pixel(dot, 10, 10) == [0, 255, 0, 255], "\(d)")
        }
    }
}

extension SVGStructureConformanceTests {
    /// `shape-rendering: crispEdges` (or `optimizeSpeed`, inherited) draws
    /// without anti-aliasing: a pixel is covered exactly when its centre is inside.
    @Test func crispEdgesDrawsWholePixels() throws {
        let soft = try Self.render(#"<circle cx="10" cy="10" r="6.3" fill="white"/>"#)
        #expect(soft.pixels.contains { $0 != 0 && $0 != 255 })
        for body in [
            #"<circle cx="10" cy="10" r="6.3" fill="white" shape-rendering="crispEdges"/>"#,
            #"<g style="shape-rendering: optimizeSpeed"><circle cx="10" cy="10" r="6.3" fill="white"/></g>"#
        ] {
            let crisp = try Self.render(body)
            #expect(crisp.pixels.allSatisfy { $0 == 0 || $0 == 255 }, "\(body)")
            for y in 0..<20 {
                for x in 0..<20 {
                    let (dx, dy) = (Double(x) + 0.5 - 10, Double(y) + 0.53125 - 10)
                    guard abs((dx * dx + dy * dy).squareRoot() - 6.3) > 0.1 else { continue }  // Flattening moves the edge a little.
                    #expect(Self.pixel(crisp, x, y)[3] == (dx * dx + dy * dy < 6.3 * 6.3 ? 255 : 0), "\(x), \(y)")
                }
            }
        }
        let back = try Self.render(#"<g shape-rendering="crispEdges"><circle cx="10" cy="10" r="6.3" fill="white" shape-rendering="auto"/></g>"#)
        #expect(back.pixels == soft.pixels)
    }
}

extension SVGStructureConformanceTests {
    /// `em` and `ex` are the element's `font-size` (inherited, relative to
    /// the parent's in `em` and `%`, CSS's keywords), 16 px where none is set.
    @Test func emFollowsFontSize() throws {
        func width(_ body: String) throws -> Int {
            let bitmap = try SVGFilterTests.render(body, size: 200)
            return (0..<200).filter { Self.pixel(bitmap, $0, 5)[3] == 255 }.count
        }
        #expect(try width(#"<rect width="5em" height="10"/>"#) == 80)
        #expect(try width(#"<g font-size="20"><rect width="5em" height="10"/></g>"#) == 100)
        #expect(try width(#"<g font-size="20"><rect width="5ex" height="10"/></g>"#) == 50)
        #expect(try width(#"<g font-size="20"><g font-size="2em"><rect width="2em" height="10"/></g></g>"#) == 80)
        #expect(try width(#"<g style="font-size: 50%"><rect width="2em" height="10"/></g>"#) == 16)
        #expect(try width(#"<g font-size="x-large"><rect width="2em" height="10"/></g>"#) == 48)
        #expect(try width(#"<g font-size="-4"><rect width="2em" height="10" stroke-width="1em"/></g>"#) == 32)
        let stroked = try SVGFilterTests.render(#"<path d="M0 10H40" stroke="black" font-size="10" stroke-width="2em"/>"#, size: 40)
        #expect(Self.pixel(stroked, 20, 1)[3] == 255 && Self.pixel(stroked, 20, 19)[3] == 255)
    }
}

extension SVGStructureConformanceTests {
    /// `image-rendering: pixelated` (or `optimizeSpeed`, `crisp-edges`,
    /// inherited) scales an image by its nearest pixel instead of blending.
    @Test func pixelatedImagesKeepHardEdges() throws {
        // A 2×1 PNG, black then white, drawn 20 px wide.
        let two = try Bitmap(width: 2, height: 1, premultipliedRGBA: [0, 0, 0, 255, 255, 255, 255, 255])
        let png = try PNGCodec.encode(two).base64EncodedString()
        let image = #"<image width="20" height="10" preserveAspectRatio="none" href="data:image/png;base64,\#(png)" %@/>"#
        let smooth = try Self.render(image.replacingOccurrences(of: "%@", with: ""))
        #expect(Self.pixel(smooth, 9, 5)[0] > 0 && Self.pixel(smooth, 9, 5)[0] < 255)
        for attribute in [#"image-rendering="pixelated""#, #"style="image-rendering: optimizeSpeed""#] {
            let hard = try Self.render(image.replacingOccurrences(of: "%@", with: attribute))
            #expect(Self.pixel(hard, 9, 5) == [0, 0, 0, 255] && Self.pixel(hard, 10, 5) == [255, 255, 255, 255], "\(attribute)")
        }
    }
}
