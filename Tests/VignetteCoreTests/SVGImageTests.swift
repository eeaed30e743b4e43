import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// SVG documents inside `image` elements (`data:` URLs, plain or gzipped):
/// drawn as vectors into the image's viewport, clipped, under the outer
/// document's budgets. Their references to resvg are in `svg-images.svg`
/// (SVGReferenceTests); what resvg draws differently from Chromium is here.
@Suite struct SVGImageTests {
    /// A 2 × 2 document, red on the left, blue on the right.
    static let halves =
        #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="1" height="2" fill="red"/><rect x="1" width="1" height="2" fill="blue"/></svg>"#
    /// `halves`, gzipped (an `.svgz`), in base64.
    static let halvesGzipped =
        "H4sIAAAAAAACA33NWwqAIBCF4a3ILKCxegttMZWpYBdsalx+GQU99Xbg/+Co7bAiTWHeNDiitUFk5oLrYokWKyklXgIE+4GchgqEM946yrNV0fT0pvKbxOhD0BDNAPiwdJMf3IXdZJ0P2xNo1CpamAAAAA=="

    static func render(_ body: String, limits: SVGDocument.Limits = .standard) throws -> Bitmap {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">"# + body + "</svg>"
        return try SVGDocument(data: Data(svg.utf8), limits: limits).render(width: 20, height: 20)
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { SVGFilterTests.pixel(bitmap, x, y) }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    static func image(_ href: String, _ attributes: String = #"width="20" height="20""#) -> String {
        #"<image \#(attributes) href="\#(href)"/>"#
    }

    /// Drawn as vectors at the output's scale, not as a 2 × 2 bitmap
    /// stretched: the columns either side of the middle are pure red and
    /// pure blue, whatever the encoding of the URL.
    @Test(arguments: [
        "data:image/svg+xml;base64,\(base64(halves))", "data:;base64,\(base64(halves))",
        "data:image/svg+xml;base64,\(halvesGzipped)",
        "data:image/svg+xml;utf8,\(halves.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
    ])
    func anSVGImageIsDrawnAsVectors(_ href: String) throws {
        let drawn = try Self.render(Self.image(href))
        #expect(Self.pixel(drawn, 9, 10) == [255, 0, 0, 255])
        #expect(Self.pixel(drawn, 10, 10) == [0, 0, 255, 255])
    }

    /// `preserveAspectRatio` fits the document's own size into the viewport;
    /// what it draws outside its size, and a slice outside the viewport, is cut.
    @Test func fittedAndClipped() throws {
        let overflowing = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="30" fill="lime"/></svg>"#
        let meet = try Self.render(Self.image("data:;base64,\(Self.base64(overflowing))", #"width="20" height="10""#))
        // 10 × 10 centred in 20 × 10: columns 5..<15 of rows 0..<10.
        #expect(Self.pixel(meet, 5, 5) == [0, 255, 0, 255] && Self.pixel(meet, 14, 9) == [0, 255, 0, 255])
        #expect(Self.pixel(meet, 4, 5) == [0, 0, 0, 0] && Self.pixel(meet, 15, 5) == [0, 0, 0, 0] && Self.pixel(meet, 10, 10) == [0, 0, 0, 0])
        let slice = try Self.render(
            Self.image("data:;base64,\(Self.base64(Self.halves))", #"width="10" height="20" preserveAspectRatio="xMinYMid slice""#))
        // 20 × 20 from the left: the viewport shows only the red half.
        #expect(Self.pixel(slice, 5, 10) == [255, 0, 0, 255] && Self.pixel(slice, 10, 10) == [0, 0, 0, 0])
    }

    /// A new document: the image element's fill and colour do not reach it;
    /// its own style sheet applies inside it only.
    @Test func theDocumentKeepsItsOwnStyles() throws {
        let inner =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><style>.a { fill: lime }</style><rect class="a" width="1" height="2"/><rect x="1" width="1" height="2"/></svg>"#
        let drawn = try Self.render(
            #"<g fill="red" color="red">\#(Self.image("data:;base64,\(Self.base64(inner))"))</g><rect class="a" y="18" width="2" height="2"/>"#)
        #expect(Self.pixel(drawn, 5, 10) == [0, 255, 0, 255])
        #expect(Self.pixel(drawn, 15, 10) == [0, 0, 0, 255])
        #expect(Self.pixel(drawn, 0, 19) == [0, 0, 0, 255])
    }

    /// An SVG image inside an SVG image is drawn, one level deeper.
    @Test func anSVGImageNests() throws {
        let inner =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">\#(Self.image("data:;base64,\(Self.base64(Self.halves))", #"width="4" height="4""#))</svg>"#
        let drawn = try Self.render(Self.image("data:;base64,\(Self.base64(inner))"))
        #expect(Self.pixel(drawn, 9, 10) == [255, 0, 0, 255] && Self.pixel(drawn, 10, 10) == [0, 0, 255, 255])
    }

    /// Its elements count against the outer document's budget: 12 drawn
    /// elements outside and 12 inside pass a limit of 20 each alone, and
    /// are refused together.
    @Test func theBudgetsAreShared() throws {
        let rects = String(repeating: #"<rect width="1" height="1"/>"#, count: 10)
        let inner = #"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2">"# + rects + "<g/></svg>"
        var limits = SVGDocument.Limits.standard
        limits.maxRenderedElements = 20
        #expect(throws: Never.self) { try Self.render(rects, limits: limits) }
        #expect(throws: Never.self) { try SVGDocument(data: Data(inner.utf8), limits: limits).render(width: 2, height: 2) }
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxRenderedElements", value: 21)) {
            try Self.render(rects + Self.image("data:;base64,\(Self.base64(inner))"), limits: limits)
        }
        limits.maxRenderedElements = 100
        #expect(throws: Never.self) { try Self.render(rects + Self.image("data:;base64,\(Self.base64(inner))"), limits: limits) }
    }

    /// What can't be read draws nothing, like a corrupt PNG: a malformed
    /// document, a gzip stream whose trailer states less than it holds or
    /// more than it has, a truncated one. One larger than `maxBytes` is not inflated.
    @Test func whatCannotBeReadDrawsNothing() throws {
        let gzip = Array(Data(base64Encoded: Self.halvesGzipped)!)
        var overstated = gzip
        overstated[overstated.count - 4] &+= 1
        var understated = gzip
        understated[understated.count - 4] &-= 1
        let truncated = Array(gzip.dropLast(9)) + gzip.suffix(4)
        for bytes in [Array("<svg><rect".utf8), overstated, understated, truncated, Array(gzip.prefix(17))] {
            let drawn = try Self.render(Self.image("data:;base64,\(Data(bytes).base64EncodedString())"))
            #expect(drawn.pixels.allSatisfy { $0 == 0 })
        }
        #expect(SVGRenderer.gunzip(gzip, maxBytes: 152)?.count == 152)
        #expect(SVGRenderer.gunzip(gzip, maxBytes: 151) == nil)
    }
}
