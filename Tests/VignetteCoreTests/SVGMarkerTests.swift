import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Markers: where the vertices are, which way each marker points, how it is
/// placed, scaled and clipped, what its content inherits, and the budgets a
/// hostile path with a marker meets.
@Suite struct SVGMarkerTests {
    static func render(_ body: String, size: Int = 20, limits: SVGDocument.Limits = .standard) throws -> Bitmap {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)">\#(body)</svg>"#
        return try SVGDocument(data: Data(svg.utf8), limits: limits).render(width: size, height: size)
    }

    /// The pixels whose alpha is 255, as (x, y).
    static func opaque(_ bitmap: Bitmap) -> Set<[Int]> {
        var result = Set<[Int]>()
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixels[(y * bitmap.width + x) * 4 + 3] == 255 { result.insert([x, y]) }
        }
        return result
    }

    static func square(_ xs: Range<Int>, _ ys: Range<Int>) -> Set<[Int]> { Set(ys.flatMap { y in xs.map { [$0, y] } }) }

    static let square4 =
        #"<marker id="m" markerWidth="4" markerHeight="4" refX="2" refY="2" markerUnits="userSpaceOnUse"><rect width="4" height="4" fill="red"/></marker>"#

    /// A vertex where each subpath starts and where each written segment ends; a turn's
    /// mid marker points halfway; the closing segment ends at the subpath's start.
    @Test func verticesAndDirections() {
        let open = MarkerVertices.vertices(of: SVGPathData.parse("M0 0 L10 0 L10 10").path)
        #expect(open.map(\.point) == [Vector2(x: 0, y: 0), Vector2(x: 10, y: 0), Vector2(x: 10, y: 10)])
        #expect(MarkerVertices.direction(at: 0, of: open) == Vector2(x: 1, y: 0))
        let half = 0.5.squareRoot()
        let mid = MarkerVertices.direction(at: 1, of: open)
        #expect(abs(mid.x - half) < 1e-12 && abs(mid.y - half) < 1e-12)
        #expect(MarkerVertices.direction(at: 2, of: open) == Vector2(x: 0, y: 1))
        let closed = MarkerVertices.vertices(of: SVGPathData.parse("M0 0 L10 0 L10 10 Z").path)
        #expect(closed.count == 4 && closed[3].point == Vector2(x: 0, y: 0))
        let closing = MarkerVertices.direction(at: 3, of: closed)
        #expect(abs(closing.x + half) < 1e-12 && abs(closing.y + half) < 1e-12)
        // Turning straight back: a quarter turn clockwise from the smaller angle (0°), so 90°.
        let back = MarkerVertices.vertices(of: SVGPathData.parse("M0 0 L10 0 L0 0").path)
        #expect(MarkerVertices.direction(at: 1, of: back) == Vector2(x: -0.0, y: 1))
    }

    /// An arc is one segment however many curves it becomes; a curve's ends point along its control points.
    @Test func anArcIsOneSegment() {
        let (path, continuations) = SVGPathData.parseSegments("M0 0 A10 10 0 0 1 20 0 C20 10 30 10 30 0")
        #expect(path.elements.count > 3 && !continuations.isEmpty)
        let vertices = MarkerVertices.vertices(of: path, continuations: continuations)
        #expect(vertices.map(\.point) == [Vector2(x: 0, y: 0), Vector2(x: 20, y: 0), Vector2(x: 30, y: 0)])
        #expect(vertices[1].outgoing == Vector2(x: 0, y: 1) && vertices[2].incoming == Vector2(x: 0, y: -1))
    }

    @Test func orientParses() {
        func orient(_ text: String) -> SVGRenderer.MarkerOrientation {
            SVGRenderer.orientation(SVGElement(name: "marker", attributes: ["orient": text]))
        }
        #expect(orient("auto") == .auto(reverseAtStart: false) && orient("auto-start-reverse") == .auto(reverseAtStart: true))
        #expect(orient("90") == .angle(90) && orient("45deg") == .angle(45) && orient("100grad") == .angle(90))
        #expect(orient("0.25turn") == .angle(90) && orient("nonsense") == .angle(0))
    }

    /// refX/refY land on the vertex: a 4×4 marker centred on each end of a line.
    @Test func placedByItsReferencePoint() throws {
        let image = try Self.render(Self.square4 + #"<path d="M5 5 L15 5" marker-start="url(#m)" marker-end="url(#m)"/>"#)
        #expect(Self.opaque(image) == Self.square(3..<7, 3..<7).union(Self.square(13..<17, 3..<7)))
    }

    /// `orient="auto"` turns the marker along the path: a 4×2 bar drawn down a vertical line.
    @Test func autoOrientTurnsAlongThePath() throws {
        let marker =
            #"<marker id="m" markerWidth="4" markerHeight="2" refY="1" orient="auto" markerUnits="userSpaceOnUse"><rect width="4" height="2"/></marker>"#
        let image = try Self.render(marker + #"<path d="M10 2 L10 18" marker-start="url(#m)"/>"#)
        #expect(Self.opaque(image) == Self.square(9..<11, 2..<6))
        let reversed = marker.replacingOccurrences(of: #""auto""#, with: #""auto-start-reverse""#)
        let back = try Self.render(reversed + #"<path d="M10 6 L10 18" marker-start="url(#m)"/>"#)
        #expect(Self.opaque(back) == Self.square(9..<11, 2..<6))
    }

    /// `markerUnits="strokeWidth"` (the default) scales the marker by the stroke's width.
    @Test func scaledByTheStrokeWidth() throws {
        let marker = #"<marker id="m" markerWidth="4" markerHeight="4" refX="2" refY="2"><rect width="4" height="4" fill="red"/></marker>"#
        let image = try Self.render(marker + #"<path d="M10 10 L12 10" stroke-width="2" marker-start="url(#m)"/>"#)
        #expect(Self.opaque(image) == Self.square(6..<14, 6..<14))
    }

    /// Content beyond the marker's viewport is clipped, unless `overflow` is visible.
    @Test func clippedToItsViewport() throws {
        let content = #"<rect x="-2" y="-2" width="8" height="8"/></marker><path d="M10 10 L12 10" marker-start="url(#m)"/>"#
        let clipped = try Self.render(#"<marker id="m" markerWidth="4" markerHeight="4" markerUnits="userSpaceOnUse">"# + content)
        #expect(Self.opaque(clipped) == Self.square(10..<14, 10..<14))
        let visible = try Self.render(#"<marker id="m" markerWidth="4" markerHeight="4" markerUnits="userSpaceOnUse" style="overflow: visible">"# + content)
        #expect(Self.opaque(visible) == Self.square(8..<16, 8..<16))
    }

    /// `marker` is a shorthand property (the `style` attribute or a sheet), not a presentation attribute.
    @Test func theShorthandOnlyInStyle() throws {
        let path = #"<polyline points="3 3 10 3 17 3" "#
        #expect(Self.opaque(try Self.render(Self.square4 + path + #"marker="url(#m)"/>"#)).isEmpty)
        #expect(Self.opaque(try Self.render(Self.square4 + path + #"style="marker: url(#m)"/>"#)).count == 48)
        #expect(Self.opaque(try Self.render(Self.square4 + path + #"style="marker: url(#m); marker-mid: none"/>"#)).count == 32)
        #expect(Self.opaque(try Self.render(Self.square4 + path + #"marker-mid="url(#m)" style="marker: none"/>"#)).isEmpty)
    }

    /// Markers are painted last unless `paint-order` puts them earlier.
    @Test func paintOrderPlacesTheMarkers() throws {
        let line = #"<path d="M5 10 L15 10" stroke="black" stroke-width="2" marker-start="url(#m)" "#
        func pixel(_ order: String) throws -> [UInt8] {
            let image = try Self.render(Self.square4 + line + #"paint-order="\#(order)"/>"#)
            return Array(image.pixels[(9 * 20 + 6) * 4..<(9 * 20 + 6) * 4 + 4])
        }
        let red: [UInt8] = [255, 0, 0, 255]
        let black: [UInt8] = [0, 0, 0, 255]
        #expect(try ["normal", "stroke", "markers", "fill markers stroke"].map(pixel) == [red, red, black, black])
        #expect(try pixel("markers markers") == red)  // Invalid: the default.
    }

    /// The content inherits from the marker's ancestors, never from the path it is drawn on.
    @Test func contentInheritsFromTheMarkersAncestors() throws {
        let image = try Self.render(
            #"<g fill="blue"><marker id="m" markerWidth="4" markerHeight="4" markerUnits="userSpaceOnUse"><rect width="4" height="4"/></marker></g><path d="M2 2 L2 9" fill="red" marker-start="url(#m)"/>"#
        )
        #expect(image.pixels[(3 * 20 + 3) * 4..<(3 * 20 + 3) * 4 + 4] == [0, 0, 255, 255])
    }

    /// A marker whose content uses itself draws once; `marker` is no longer listed as skipped.
    @Test func aMarkerInsideItselfDrawsOnce() throws {
        let svg =
            #"<marker id="m" markerWidth="4" markerHeight="4" markerUnits="userSpaceOnUse" overflow="visible"><path d="M0 0 L2 0" marker-end="url(#m)"/><rect width="1" height="1"/></marker><path d="M5 5 L9 5" marker-start="url(#m)"/>"#
        #expect(Self.opaque(try Self.render(svg)) == Self.square(5..<6, 5..<6))
        let document = try SVGDocument(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg">\#(svg)</svg>"#.utf8))
        #expect(document.skippedElements.isEmpty)
    }

    /// A hundred thousand vertices with a marker each: the element budget stops it before any is drawn, naming itself.
    @Test func aMarkerOnEveryVertexMeetsTheElementBudget() throws {
        var d = "M0 0"
        for i in 1...100_000 { d += i % 2 == 0 ? " L\(i % 200) 10" : " L\(i % 200) 0" }
        let body = Self.square4 + #"<path d="\#(d)" marker-mid="url(#m)"/>"#
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxRenderedElements", value: 2 + 2 * 99_999)) {
            try Self.render(body, size: 200)
        }
        var limits = SVGDocument.Limits.standard
        limits.maxCoverageWork = 1_000_000
        let big = #"<marker id="m" markerWidth="400" markerHeight="400" markerUnits="userSpaceOnUse"><rect width="1" height="1"/></marker>"#
        do {
            let few = (1...2_000).map { " L\($0 % 200) \($0 % 2 * 10)" }.joined()
            _ = try Self.render(big + #"<path d="M0 0\#(few)" marker-mid="url(#m)"/>"#, size: 200, limits: limits)
            Issue.record("two thousand 400×400 markers were drawn within a coverage budget of 1,000,000")
        } catch {
            if case .limitExceeded(let limit, _) = error as? SVGDocument.Error {
                #expect(limit == "maxCoverageWork")
            } else {
                Issue.record("\(error)")
            }
        }
    }

    /// A symbol clips what overflows its viewport unless `overflow` is visible.
    @Test func aSymbolClipsToItsViewport() throws {
        let symbol =
            ##"<symbol id="s" viewBox="0 0 4 4"%@><rect x="-2" y="-2" width="8" height="8"/></symbol><use href="#s" x="4" y="4" width="8" height="8"/>"##
        let clipped = try Self.render(symbol.replacingOccurrences(of: "%@", with: ""))
        #expect(Self.opaque(clipped) == Self.square(4..<12, 4..<12))
        let visible = try Self.render(symbol.replacingOccurrences(of: "%@", with: #" overflow="visible""#))
        #expect(Self.opaque(visible) == Self.square(0..<16, 0..<16))
    }
}
