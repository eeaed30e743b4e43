import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// SVG filters: the filter region, `in`/`in2`/`result`, each primitive's
/// pixels, what is skipped, and the budgets a hostile filter meets.
@Suite struct SVGFilterTests {
    static func render(_ body: String, size: Int = 20, scale: Int = 1, limits: SVGDocument.Limits = .standard) throws -> Bitmap {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)">\#(body)</svg>"#
        return try SVGDocument(data: Data(svg.utf8), limits: limits).render(width: size * scale, height: size * scale)
    }

    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    static func alpha(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> Int { Int(bitmap.pixels[(y * bitmap.width + x) * 4 + 3]) }

    /// The default region is the bounding box grown by 10 % on each side: 4…16 for a box 5…15.
    @Test func floodFillsTheDefaultRegion() throws {
        let image = try Self.render(
            #"<filter id="f"><feFlood flood-color="red"/></filter><rect x="5" y="5" width="10" height="10" filter="url(#f)"/>"#)
        for (x, y) in [(4, 4), (15, 15), (4, 15), (10, 10)] { #expect(Self.pixel(image, x, y) == [255, 0, 0, 255]) }
        for (x, y) in [(3, 3), (16, 16), (3, 10), (10, 16)] { #expect(Self.pixel(image, x, y) == [0, 0, 0, 0]) }
    }

    /// `flood-opacity` scales the flood; explicit `objectBoundingBox` fractions and
    /// `userSpaceOnUse` lengths place the region.
    @Test func regionUnitsAndFloodOpacity() throws {
        let box = try Self.render(
            #"<filter id="f" x="0.5" y="0" width="0.5" height="0.5" color-interpolation-filters="sRGB"><feFlood flood-color="blue" flood-opacity="0.5"/></filter><rect width="20" height="20" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(box, 15, 5) == [0, 0, 128, 128])
        #expect(Self.pixel(box, 5, 5) == [0, 0, 0, 0])
        #expect(Self.pixel(box, 15, 15) == [0, 0, 0, 0])
        let user = try Self.render(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="2" y="3" width="4" height="5"><feFlood/></filter><rect width="1" height="1" filter="url(#f)"/>"#)
        let covered = (0..<20).flatMap { y in (0..<20).map { (Self.alpha(user, $0, y), $0, y) } }.filter { $0.0 == 255 }
        #expect(covered.count == 20 && covered.allSatisfy { (2..<6).contains($0.1) && (3..<8).contains($0.2) })
    }

    /// `feOffset` moves by exactly dx, dy user units: the same pixels as the shape drawn there, at scale 1 and 2.
    @Test(arguments: [1, 2])
    func offsetMovesByExactlyThatManyPixels(_ scale: Int) throws {
        let filter = #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="20" height="20"><feOffset dx="3" dy="5"/></filter>"#
        let moved = try Self.render(filter + #"<rect x="2" y="2" width="4" height="4" fill="rgb(0,128,255)" filter="url(#f)"/>"#, scale: scale)
        let there = try Self.render(#"<rect x="5" y="7" width="4" height="4" fill="rgb(0,128,255)"/>"#, scale: scale)
        #expect(moved.pixels == there.pixels)
    }

    /// A blurred square is symmetric about its centre on both axes and keeps its total alpha.
    @Test(arguments: [1.0, 2.5, 9.0])
    func blurOfAHardEdgeIsSymmetricAndConservesAlpha(_ sigma: Double) throws {
        let image = try Self.render(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="80" height="80"><feGaussianBlur stdDeviation="\#(sigma)"/></filter><rect x="30" y="30" width="20" height="20" filter="url(#f)"/>"#,
            size: 80)
        var total = 0
        for y in 0..<80 {
            for x in 0..<80 {
                total += Self.alpha(image, x, y)
                #expect(abs(Self.alpha(image, x, y) - Self.alpha(image, 79 - x, y)) <= 1)
                #expect(abs(Self.alpha(image, x, y) - Self.alpha(image, y, x)) <= 1)
            }
        }
        #expect(abs(total - 400 * 255) <= 400 * 255 / 100, "total alpha \(total)")
        #expect(Self.alpha(image, 40, 40) > Self.alpha(image, 30, 40) && Self.alpha(image, 30, 40) > Self.alpha(image, 25, 40))
        #expect(Self.alpha(image, 29, 40) > 0)
    }

    /// Two values blur each axis by its own σ; a zero leaves that axis sharp.
    @Test func twoDeviationsBlurEachAxisOnItsOwn() throws {
        let image = try Self.render(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="40" height="40"><feGaussianBlur stdDeviation="3 0"/></filter><rect x="10" y="10" width="20" height="20" filter="url(#f)"/>"#,
            size: 40)
        #expect(Self.alpha(image, 20, 9) == 0 && Self.alpha(image, 20, 10) == 255)
        #expect(Self.alpha(image, 8, 20) > 0 && Self.alpha(image, 10, 20) < 255)
    }

    /// The shadow (black, moved by 4, 4) sits under the source; the region cuts it.
    @Test func dropShadowSitsUnderTheSourceAndTheRegionCutsIt() throws {
        let image = try Self.render(
            #"<filter id="f"><feDropShadow dx="4" dy="4" stdDeviation="0" flood-color="black"/></filter><rect x="5" y="5" width="10" height="10" fill="lime" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(image, 10, 10) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 15, 15) == [0, 0, 0, 255])
        #expect(Self.pixel(image, 16, 16) == [0, 0, 0, 0])  // Beyond the region (4…16), though the shadow reaches 19.
        #expect(Self.pixel(image, 4, 10) == [0, 0, 0, 0])
    }

    /// `result` names an image for a later `in`; `feMerge` stacks its nodes in order.
    @Test func mergeStacksNamedResults() throws {
        let image = try Self.render(
            #"<filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="red" result="back"/><feOffset in="SourceGraphic" dx="2" result="moved"/><feMerge><feMergeNode in="back"/><feMergeNode in="moved"/></feMerge></filter><rect x="5" y="5" width="10" height="10" fill="blue" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(image, 5, 10) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 7, 10) == [0, 0, 255, 255])
        #expect(Self.pixel(image, 15, 10) == [0, 0, 255, 255])
    }

    /// Porter-Duff operators and arithmetic between SourceGraphic and a flood, in sRGB.
    @Test(arguments: [
        ("in", [0, 0, 0, 0], [0, 0, 255, 255]), ("out", [0, 0, 0, 0], [0, 0, 0, 0]), ("atop", [255, 0, 0, 255], [0, 0, 255, 255]),
        ("xor", [255, 0, 0, 255], [0, 0, 0, 0]), ("over", [255, 0, 0, 255], [0, 0, 255, 255]),
        (#"arithmetic" k2="0.5" k3="0.5"#, [128, 0, 0, 128], [128, 0, 128, 255])
    ])
    func compositeOperators(_ op: String, _ outside: [UInt8], _ inside: [UInt8]) throws {
        let image = try Self.render(
            #"<filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="red" result="red"/><feComposite in="SourceGraphic" in2="red" operator="\#(op)"/></filter><rect x="5" y="5" width="10" height="10" fill="blue" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(image, 4, 4) == outside)
        #expect(Self.pixel(image, 10, 10) == inside)
    }

    /// Blend modes of a grey source over a flood, in sRGB.
    @Test(arguments: [
        ("normal", [128, 128, 128, 255]), ("multiply", [128, 0, 0, 255]), ("screen", [255, 128, 128, 255]),
        ("darken", [128, 0, 0, 255]), ("lighten", [255, 128, 128, 255])
    ])
    func blendModes(_ mode: String, _ expected: [UInt8]) throws {
        let image = try Self.render(
            #"<filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="red" result="red"/><feBlend in="SourceGraphic" in2="red" mode="\#(mode)"/></filter><rect x="5" y="5" width="10" height="10" fill="rgb(128,128,128)" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(image, 10, 10) == expected)
        #expect(Self.pixel(image, 4, 4) == [255, 0, 0, 255])
    }

    /// `saturate 0` greys, `luminanceToAlpha` keeps only luminance as alpha, a matrix swaps channels.
    @Test func colorMatrices() throws {
        func run(_ primitive: String) throws -> [UInt8] {
            let image = try Self.render(
                #"<filter id="f" color-interpolation-filters="sRGB">\#(primitive)</filter><rect width="20" height="20" fill="lime" filter="url(#f)"/>"#)
            return Self.pixel(image, 10, 10)
        }
        #expect(try run(#"<feColorMatrix type="saturate" values="0"/>"#) == [182, 182, 182, 255])
        #expect(try run(#"<feColorMatrix type="luminanceToAlpha"/>"#) == [0, 0, 0, 182])
        #expect(try run(#"<feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 1 0 0 0  0 0 0 1 0"/>"#) == [0, 0, 255, 255])
        #expect(try run(#"<feColorMatrix type="hueRotate" values="0"/>"#) == [0, 255, 0, 255])
    }

    /// A missing filter draws nothing and is reported; an unknown primitive
    /// makes its filter transparent and is listed; the rest still draws.
    @Test func missingFiltersAndUnknownPrimitivesAreSkippedAndReported() throws {
        let body =
            #"<filter id="t"><feBogus/></filter><rect width="10" height="10" filter="url(#nope)"/><rect x="10" width="10" height="10" filter="url(#t)"/><rect y="10" width="10" height="10" filter="url(#x)"/><circle id="x" r="1"/><rect x="10" y="10" width="10" height="10"/>"#
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">\#(body)</svg>"#
        let document = try SVGDocument(data: Data(svg.utf8))
        #expect(document.skippedElements == ["feBogus", "filter url(#nope)", "filter url(#x)"])
        let image = try document.render(width: 20, height: 20)
        #expect(Self.alpha(image, 5, 5) == 0 && Self.alpha(image, 15, 5) == 0 && Self.alpha(image, 5, 15) == 0)
        #expect(Self.alpha(image, 15, 15) == 255)
        #expect(
            try SVGDocument(
                data: Data(#"<svg xmlns="http://www.w3.org/2000/svg"><filter id="f"><feFlood/><feMerge><feMergeNode/></feMerge></filter></svg>"#.utf8)
            ).skippedElements.isEmpty)
    }

    /// A chain of thousands of primitives over a large region is refused before its buffers exist.
    @Test func aLongChainHitsMaxPixels() throws {
        let chain = String(repeating: #"<feOffset dx="1"/>"#, count: 2_000)
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxPixels", value: 200 * 200 * 2_003)) {
            try Self.render(
                #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="200" height="200">\#(chain)</filter><rect width="9" height="9" filter="url(#f)"/>"#,
                size: 200)
        }
    }

    /// A huge region is cut to the canvas, and a huge σ costs no more than a small one.
    @Test func hugeRegionsAndDeviationsStayBounded() throws {
        let image = try Self.render(
            #"<filter id="f" filterUnits="userSpaceOnUse" x="-1e30" y="-1e30" width="1e31" height="1e31"><feGaussianBlur stdDeviation="1e30"/><feOffset dx="1e30"/><feFlood flood-color="red" result="r"/><feMerge><feMergeNode in="r"/></feMerge></filter><rect width="20" height="20" filter="url(#f)"/>"#
        )
        #expect(Self.pixel(image, 0, 0) == [255, 0, 0, 255] && Self.pixel(image, 19, 19) == [255, 0, 0, 255])
        let blurred = try Self.render(#"<filter id="f"><feGaussianBlur stdDeviation="1e9 1e9"/></filter><rect width="20" height="20" filter="url(#f)"/>"#)
        #expect(blurred.pixels.allSatisfy { $0 < 8 })
    }

    /// Many filtered elements add up against `maxCoverageWork`; nested filters count as layers.
    @Test func filterWorkAndNestingAreBudgeted() throws {
        var limits = SVGDocument.Limits.standard
        limits.maxCoverageWork = 1_000_000
        let many = String(repeating: #"<rect width="100" height="100" filter="url(#f)"/>"#, count: 40)
        let filter = #"<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="100"><feFlood/></filter>"#
        // Each adds its four 100 × 100 images and the two elements walked to find its filter (the root, the filter).
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxCoverageWork", value: 25 * (100 * 100 * 4 + 2))) {
            try Self.render(filter + many, size: 100, limits: limits)
        }
        let nested = String(repeating: #"<g filter="url(#f)">"#, count: 20) + #"<rect width="9" height="9"/>"# + String(repeating: "</g>", count: 20)
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxLayers", value: 17)) { try Self.render(filter + nested) }
    }
}
