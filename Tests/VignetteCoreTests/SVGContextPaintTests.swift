import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// SVG 2's `context-fill` and `context-stroke`: a marker's content painted
/// with the shape's fill or stroke, a `use`'s content with the `use`'s,
/// nothing anywhere else.
@Suite struct SVGContextPaintTests {
    static func render(_ body: String, size: Int = 20) throws -> Bitmap {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)">\#(body)</svg>"#
        return try SVGDocument(data: Data(svg.utf8)).render(width: size, height: size)
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    /// A 6 × 6 marker in user units, centred on the vertex, its content `content`.
    static func marker(_ content: String, id: String = "m") -> String {
        #"<marker id="\#(id)" markerUnits="userSpaceOnUse" markerWidth="6" markerHeight="6" refX="3" refY="3">\#(content)</marker>"#
    }

    @Test func markerContentTakesTheShapesStrokeAndFill() throws {
        let image = try Self.render(
            Self.marker(#"<rect width="6" height="3" fill="context-stroke"/><rect y="3" width="6" height="3" fill="context-fill"/>"#)
                + ##"<path d="M4 10H16" fill="blue" stroke="lime" stroke-width="2" marker-start="url(#m)"/>"##)
        #expect(Self.pixel(image, 2, 8) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 2, 12) == [0, 0, 255, 255])
    }

    @Test func contextPaintInStyleAndInheritedFromAGroup() throws {
        let image = try Self.render(
            Self.marker(#"<g fill="context-stroke"><rect width="6" height="3"/></g><rect y="3" width="6" height="3" style="fill: context-fill"/>"#)
                + ##"<path d="M4 10H16" style="fill: red; stroke: lime" stroke-width="2" marker-start="url(#m)"/>"##)
        #expect(Self.pixel(image, 2, 8) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 2, 12) == [255, 0, 0, 255])
    }

    /// The shape's colour, its alpha included, at the content's own opacity: the shape's `stroke-opacity` stays with the shape.
    @Test func markerContentKeepsItsOwnOpacity() throws {
        let image = try Self.render(
            Self.marker(#"<rect width="6" height="6" fill="context-stroke" fill-opacity="0.5"/>"#)
                + ##"<path d="M4 10H16" stroke="lime" stroke-opacity="0.2" stroke-width="2" marker-start="url(#m)"/>"##)
        let inside = Self.pixel(image, 2, 8)
        #expect(inside[3] == 128 && inside[0] == 0 && inside[1] > 100 && inside[2] == 0)
    }

    /// A gradient keeps the shape's user space and bounding box: red before the
    /// path's start, blue past its end, not a whole gradient in each marker.
    @Test func markerGradientIsTheShapes() throws {
        let image = try Self.render(
            #"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"#
                + Self.marker(#"<rect width="6" height="6" fill="context-stroke"/>"#)
                + ##"<path d="M5 10H35V30" fill="none" stroke="url(#g)" marker-start="url(#m)" marker-end="url(#m)"/>"##,
            size: 40)
        #expect(Self.pixel(image, 3, 9) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 37, 31) == [0, 0, 255, 255])
        let nearEnd = Self.pixel(image, 33, 31)
        #expect(nearEnd[2] > nearEnd[0])
    }

    /// A clipped marker is drawn on a small layer; the shape's pattern stays put in the shape's space.
    @Test func markerPatternStaysInTheShapesSpace() throws {
        let image = try Self.render(
            #"<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="10" fill="lime"/></pattern>"#
                + #"<marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="5" refY="5">"#
                + #"<rect width="10" height="10" fill="context-stroke"/></marker>"#
                + ##"<path d="M12 20H30" stroke="url(#p)" stroke-width="2" marker-start="url(#m)"/>"##,
            size: 40)
        #expect(Self.pixel(image, 12, 16) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 8, 16)[3] == 0)
    }

    @Test func useContentTakesTheUsesPaints() throws {
        let image = try Self.render(
            ##"<defs><rect id="r" width="10" height="10" fill="context-stroke" stroke="context-fill" stroke-width="4"/></defs>"##
                + ##"<use href="#r" x="5" y="5" fill="blue" stroke="lime" stroke-width="1"/>"##)
        #expect(Self.pixel(image, 10, 10) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 4, 10) == [0, 0, 255, 255])
    }

    /// A `use`'s gradient spans the box of everything it draws, not each shape's own.
    @Test func useGradientSpansTheWholeUse() throws {
        let image = try Self.render(
            #"<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>"#
                + #"<defs><g id="two"><rect width="10" height="10" fill="context-fill"/><rect x="30" width="10" height="10" fill="context-fill"/></g></defs>"#
                + ##"<use href="#two" y="10" fill="url(#g)"/>"##,
            size: 40)
        let right = Self.pixel(image, 31, 15)
        #expect(right[2] > 200 && right[0] < 60)
        let left = Self.pixel(image, 0, 15)
        #expect(left[0] > 200 && left[2] < 60)
    }

    /// A marker on a shape inside a `use`: the shape's `context-fill` is the `use`'s fill, and so is the marker's.
    @Test func contextPassesThroughUseAndMarker() throws {
        let image = try Self.render(
            Self.marker(#"<rect width="6" height="6" fill="context-stroke"/>"#)
                + ##"<defs><path id="p" d="M4 10H16" stroke="context-fill" stroke-width="2" marker-start="url(#m)"/></defs>"##
                + ##"<use href="#p" fill="lime" stroke="red"/>"##)
        #expect(Self.pixel(image, 2, 8) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 10, 10) == [0, 255, 0, 255])
    }

    @Test func outsideAMarkerOrUseItPaintsNothing() throws {
        let image = try Self.render(
            #"<rect width="20" height="10" fill="context-fill"/><rect y="10" width="20" height="10" fill="red" stroke="context-stroke" stroke-width="4"/>"#)
        #expect(Self.pixel(image, 10, 5)[3] == 0)
        #expect(Self.pixel(image, 10, 11) == [255, 0, 0, 255])
    }

    @Test func parsesTheKeywords() {
        #expect(SVGPaint.parse("context-fill") == .contextFill)
        #expect(SVGPaint.parse(" Context-Stroke ") == .contextStroke)
    }
}
