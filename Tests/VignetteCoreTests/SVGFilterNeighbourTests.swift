import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The primitives that read other pixels or make their own:
/// `feConvolveMatrix`, `feDisplacementMap` and `feTurbulence`.
@Suite struct SVGFilterNeighbourTests {
    static let region = #"filterUnits="userSpaceOnUse" x="0" y="0" width="20" height="20" color-interpolation-filters="sRGB""#
    /// Columns 0…9 red, 10…19 blue.
    static let halves = #"<rect width="10" height="20" fill="red"/><rect x="10" width="10" height="20" fill="blue"/>"#

    static func filtered(_ primitives: String, _ content: String = halves, limits: SVGDocument.Limits = .standard) throws -> Bitmap {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><filter id="f" \#(region)>\#(primitives)</filter><g filter="url(#f)">\#(content)</g></svg>"#
        return try SVGDocument(data: Data(svg.utf8), limits: limits).render(width: 20, height: 20)
    }

    static let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255], clear: [UInt8] = [0, 0, 0, 0]

    /// A kernel reads `targetX` back and turns the matrix by 180°: `1 0 0`
    /// takes each pixel from its right; the edge modes decide the last column.
    @Test func convolutionReadsNeighboursAndEdges() throws {
        let plain = try Self.filtered(#"<feConvolveMatrix kernelMatrix="0 0 0 0 1 0 0 0 0"/>"#)
        #expect(plain.pixels == (try Self.filtered("<feOffset/>")).pixels)
        for (edge, last) in [("duplicate", Self.blue), ("wrap", Self.red), ("none", Self.clear)] {
            let image = try Self.filtered(#"<feConvolveMatrix order="3 1" kernelMatrix="1 0 0" edgeMode="\#(edge)"/>"#)
            #expect(SVGFilterTests.pixel(image, 8, 5) == Self.red && SVGFilterTests.pixel(image, 9, 5) == Self.blue, "\(edge)")
            #expect(SVGFilterTests.pixel(image, 19, 5) == last, "\(edge)")
        }
        let averaged = try Self.filtered(#"<feConvolveMatrix order="2 1" kernelMatrix="1 1" targetX="1"/>"#)
        #expect(SVGFilterTests.pixel(averaged, 10, 5) == [128, 0, 128, 255])
    }

    /// Counts that do not match, a target outside the kernel, a zero
    /// divisor or an order over 64 make the result transparent black.
    @Test func invalidKernelsAreTransparent() throws {
        for primitive in [
            #"<feConvolveMatrix kernelMatrix="1 1"/>"#, #"<feConvolveMatrix order="2" kernelMatrix="1 1 1 1" targetX="2"/>"#,
            #"<feConvolveMatrix order="1" kernelMatrix="1" divisor="0"/>"#, #"<feConvolveMatrix order="0" kernelMatrix=""/>"#,
            #"<feConvolveMatrix order="65 1" kernelMatrix="\#(String(repeating: "1 ", count: 65))"/>"#
        ] {
            #expect(try Self.filtered(primitive).pixels.allSatisfy { $0 == 0 }, "\(primitive)")
        }
    }

    /// A large kernel over a large region is refused before it runs: its work counts per kernel cell.
    @Test func kernelWorkIsBudgeted() throws {
        var limits = SVGDocument.Limits.standard
        limits.maxCoverageWork = 100_000
        let kernel = #"<feConvolveMatrix order="16" kernelMatrix="\#(String(repeating: "1 ", count: 256))"/>"#
        // The region's images, 255 more kernel cells per pixel, and the root and filter walked to find the filter.
        #expect(throws: SVGDocument.Error.limitExceeded(limit: "maxCoverageWork", value: 400 * 4 + 400 * 255 + 2)) {
            try Self.filtered(kernel, limits: limits)
        }
    }

    /// A map of (R 255, G 0) moves the image by scale/2 left and down; `A`
    /// (the default) at full alpha moves it left and up.
    @Test func displacementFollowsTheMap() throws {
        let square = #"<rect x="8" y="8" width="4" height="4" fill="red"/>"#
        let moved = try Self.filtered(
            #"<feFlood flood-color="rgb(255, 0, 0)" result="m"/><feDisplacementMap in="SourceGraphic" in2="m" scale="8" xChannelSelector="R" yChannelSelector="G"/>"#,
            square)
        let there = try Self.filtered("<feOffset/>", #"<rect x="4" y="12" width="4" height="4" fill="red"/>"#)
        #expect(moved.pixels == there.pixels)
        let alpha = try Self.filtered(#"<feFlood result="m"/><feDisplacementMap in="SourceGraphic" in2="m" scale="-8"/>"#, square)
        let down = try Self.filtered("<feOffset/>", #"<rect x="12" y="12" width="4" height="4" fill="red"/>"#)
        #expect(alpha.pixels == down.pixels)
    }

    /// Zero frequency is zero noise: `turbulence` is transparent, `fractalNoise`
    /// a flat half of every channel. Seeds 0 and 1 are the same generator, 2.9 is 2.
    @Test func turbulenceFollowsTheSpec() throws {
        let rect = #"<rect width="20" height="20"/>"#
        #expect(try Self.filtered(#"<feTurbulence/>"#, rect).pixels.allSatisfy { $0 == 0 })
        let flat = try Self.filtered(#"<feTurbulence type="fractalNoise"/>"#, rect)
        #expect(stride(from: 0, to: flat.pixels.count, by: 4).allSatisfy { Array(flat.pixels[$0..<$0 + 4]) == [64, 64, 64, 128] })
        func noise(_ seed: String) throws -> [UInt8] {
            try Self.filtered(#"<feTurbulence baseFrequency="0.13" numOctaves="2" seed="\#(seed)"/>"#, rect).pixels
        }
        #expect(try noise("0") == noise("1"))
        #expect(try noise("2.9") == noise("2"))
        #expect(try noise("2") != noise("3"))
        #expect(try Self.filtered(#"<feTurbulence baseFrequency="-0.1"/>"#, rect).pixels.allSatisfy { $0 == 0 })
        #expect(try Self.filtered(#"<feTurbulence baseFrequency="1e300" numOctaves="1e9"/>"#, rect).pixels.count == 1_600)
    }
}

/// `feImage`: what it may read and what it may not.
@Suite struct SVGFilterImageTests {
    /// An element is drawn at the subregion's corner; one that draws itself
    /// through its own filter stops at the cycle; a file or URL is never read.
    @Test func feImageDrawsElementsAndNothingElse() throws {
        let moved = try SVGFilterNeighbourTests.filtered(
            ##"<feImage href="#box" x="5" y="6"/>"##, #"<rect id="box" width="3" height="3" fill="red"/>"#)
        #expect(SVGFilterTests.pixel(moved, 5, 6) == SVGFilterNeighbourTests.red && SVGFilterTests.pixel(moved, 7, 8) == SVGFilterNeighbourTests.red)
        #expect(SVGFilterTests.pixel(moved, 0, 0) == SVGFilterNeighbourTests.clear && SVGFilterTests.pixel(moved, 8, 9) == SVGFilterNeighbourTests.clear)
        let itself = #"<g id="me" filter="url(#f)"><rect width="4" height="4" fill="blue"/></g>"#
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><filter id="f"><feImage href="#me"/></filter>\##(itself)</svg>"##
        _ = try SVGDocument(data: Data(svg.utf8)).render(width: 20, height: 20)
        for href in ["file:///etc/passwd", "http://127.0.0.1:9/x.png", "/etc/hosts", "x.svg#a"] {
            #expect(try SVGFilterNeighbourTests.filtered(#"<feImage href="\#(href)"/>"#).pixels.allSatisfy { $0 == 0 }, "\(href)")
        }
    }
}
