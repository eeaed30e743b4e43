import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Primitive subregions and the primitives that move or remap pixels
/// (`feTile`, `feMorphology`, `feComponentTransfer`), checked pixel by pixel.
@Suite struct SVGFilterPrimitiveTests {
    static func render(_ body: String, size: Int = 20, scale: Int = 1) throws -> Bitmap {
        try SVGFilterTests.render(body, size: size, scale: scale)
    }

    static func covered(_ image: Bitmap) -> [(Int, Int)] {
        (0..<image.height).flatMap { y in (0..<image.width).map { ($0, y) } }.filter { SVGFilterTests.alpha(image, $0.0, $0.1) != 0 }
    }

    static let wholeCanvas = #"filterUnits="userSpaceOnUse" x="0" y="0" width="20" height="20""#

    /// A flood's x, y, width and height (user units here) cut it; at scale 2 the same rectangle doubles.
    @Test(arguments: [1, 2])
    func aSubregionCutsItsPrimitive(_ scale: Int) throws {
        let image = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feFlood flood-color="red" x="3" y="4" width="5" height="6"/></filter><rect width="20" height="20" filter="url(#f)"/>"#,
            scale: scale)
        let covered = Self.covered(image)
        #expect(covered.count == 30 * scale * scale)
        #expect(covered.allSatisfy { (3 * scale..<8 * scale).contains($0.0) && (4 * scale..<10 * scale).contains($0.1) })
    }

    /// Unset parts come from what the primitive reads: an offset of a
    /// cut flood stays inside the flood's subregion; one of the source graphic does not.
    @Test func defaultsComeFromTheInputsSubregion() throws {
        let cut = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feFlood x="2" y="2" width="6" height="6"/><feOffset dx="4"/></filter><rect width="20" height="20" filter="url(#f)"/>"#
        )
        #expect(Self.covered(cut).count == 2 * 6 && Self.covered(cut).allSatisfy { (6..<8).contains($0.0) })
        let width = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feFlood x="2" y="2" width="6" height="6"/><feOffset dx="4" width="12"/></filter><rect width="20" height="20" filter="url(#f)"/>"#
        )
        #expect(Self.covered(width).count == 6 * 6 && Self.covered(width).allSatisfy { (6..<12).contains($0.0) })
        let source = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feOffset dx="4"/></filter><rect x="2" y="2" width="6" height="6" filter="url(#f)"/>"#)
        #expect(Self.covered(source).count == 36 && Self.covered(source).allSatisfy { (6..<12).contains($0.0) })
    }

    /// In `objectBoundingBox` primitive units, fractions and percentages are of the bounding box; a zero width is transparent.
    @Test func boundingBoxUnitsAndEmptySubregions() throws {
        let image = try Self.render(
            #"<filter id="f" primitiveUnits="objectBoundingBox"><feFlood x="25%" y="0.5" width="0.5" height="25%"/></filter><rect x="4" y="4" width="12" height="8" filter="url(#f)"/>"#
        )
        let covered = Self.covered(image)
        #expect(covered.count == 6 * 2 && covered.allSatisfy { (7..<13).contains($0.0) && (8..<10).contains($0.1) })
        let empty = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feFlood width="0"/></filter><rect width="20" height="20" filter="url(#f)"/>"#)
        #expect(Self.covered(empty).isEmpty)
    }

    /// `feTile` repeats its input's subregion from where it sits, in every direction.
    @Test func tileRepeatsTheInputSubregion() throws {
        let image = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feFlood flood-color="red" x="5" y="5" width="2" height="2" result="dot"/><feFlood flood-color="blue" x="5" y="5" width="4" height="4"/><feComposite in="dot"/><feTile/></filter><rect width="20" height="20" filter="url(#f)"/>"#
        )
        for y in 0..<20 {
            for x in 0..<20 {
                let red = (x - 5 + 20) % 4 < 2 && (y - 5 + 20) % 4 < 2
                #expect(SVGFilterTests.pixel(image, x, y) == (red ? [255, 0, 0, 255] : [0, 0, 255, 255]), "(\(x), \(y))")
            }
        }
    }

    /// Erode takes each channel's least over a 2rx × 2ry window (r before
    /// the pixel, r − 1 after, as the spec sizes it), dilate its most; the radius scales with the render.
    @Test(arguments: [1, 2])
    func erodeAndDilate(_ scale: Int) throws {
        let shape = #"<rect x="6" y="6" width="8" height="8" filter="url(#f)"/>"#
        let eroded = try Self.render(#"<filter id="f" \#(Self.wholeCanvas)><feMorphology radius="2"/></filter>"# + shape, scale: scale)
        let dilated = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas)><feMorphology operator="dilate" radius="2 1"/></filter>"# + shape, scale: scale)
        let (start, side) = (6 * scale, 8 * scale)
        let (r2, r1) = (2 * scale, scale)
        let erodedSpan = (start + r2)..<(start + side - r2 + 1)
        #expect(Self.covered(eroded).count == erodedSpan.count * erodedSpan.count)
        #expect(Self.covered(eroded).allSatisfy { erodedSpan.contains($0.0) && erodedSpan.contains($0.1) })
        let across = (start - r2 + 1)..<(start + side + r2)
        let down = (start - r1 + 1)..<(start + side + r1)
        #expect(Self.covered(dilated).count == across.count * down.count)
        #expect(Self.covered(dilated).allSatisfy { across.contains($0.0) && down.contains($0.1) })
        let negative = try Self.render(#"<filter id="f" \#(Self.wholeCanvas)><feMorphology radius="-1"/></filter>"# + shape)
        #expect(Self.covered(negative).count == 64)
    }

    /// Erode of a shape with a gap and partial alpha agrees with a brute-force minimum over every window.
    @Test func erodeAgreesWithABruteForceMinimum() throws {
        let body = #"<path d="M2 2h16v16h-16z M9 2v16h1v-16z" fill-rule="evenodd" fill="rgb(10,200,90)" fill-opacity="0.7"/>"#
        let plain = try Self.render(body)
        let eroded = try Self.render(
            #"<filter id="f" \#(Self.wholeCanvas) color-interpolation-filters="sRGB"><feMorphology radius="3 2"/></filter><g filter="url(#f)">\#(body)</g>"#)
        for y in 0..<20 {
            for x in 0..<20 {
                let window = (max(0, y - 2)...min(19, y + 1)).flatMap { wy in (max(0, x - 3)...min(19, x + 2)).map { (wx: $0, wy: wy) } }
                let expected = (0..<4).map { k in window.map { SVGFilterTests.pixel(plain, $0.wx, $0.wy)[k] }.min()! }
                #expect(SVGFilterTests.pixel(eroded, x, y) == expected, "(\(x), \(y))")
            }
        }
    }

    /// Each function type maps an unpremultiplied channel through its table.
    @Test func componentTransferFunctions() throws {
        func run(_ functions: String, fill: String = "rgb(64,128,255)") throws -> [UInt8] {
            let image = try Self.render(
                #"<filter id="f" color-interpolation-filters="sRGB"><feComponentTransfer>\#(functions)</feComponentTransfer></filter><rect width="20" height="20" fill="\#(fill)" filter="url(#f)"/>"#
            )
            return SVGFilterTests.pixel(image, 10, 10)
        }
        #expect(try run(#"<feFuncR type="identity"/><feFuncG type="table"/>"#) == [64, 128, 255, 255])
        #expect(try run(#"<feFuncR type="table" tableValues="1 0"/>"#) == [191, 128, 255, 255])
        #expect(try run(#"<feFuncG type="discrete" tableValues="0 0.2 1"/>"#) == [64, 51, 255, 255])
        #expect(try run(#"<feFuncB type="linear" slope="0.5" intercept="0.25"/>"#) == [64, 128, 191, 255])
        #expect(try run(#"<feFuncR type="gamma" amplitude="2" exponent="2" offset="0.1"/>"#) == [58, 128, 255, 255])
        #expect(try run(#"<feFuncA type="linear" slope="0.5"/>"#) == [32, 64, 128, 128])
        #expect(try run(#"<feFuncR type="table" tableValues="0"/><feFuncR type="table" tableValues="1"/>"#) == [255, 128, 255, 255])
    }

    /// The deterministic power behind `gamma` agrees with libm's to well below a level.
    @Test func deterministicPowerIsAccurate() {
        for base in stride(from: 0.0, through: 1.0, by: 1.0 / 255) {
            for exponent in [0.0, 0.1, 0.45, 1, 2.2, 7.5] {
                let ours = DeterministicMath.pow(base, exponent)
                let libm = Foundation.pow(base, exponent)
                #expect(abs(ours - libm) <= 1e-12 * max(1, libm), "\(base)^\(exponent)")
            }
        }
        #expect(DeterministicMath.exp(-800) == 0 && DeterministicMath.exp(800) == .infinity)
        #expect(abs(DeterministicMath.log(1e-300) - Foundation.log(1e-300)) < 1e-10)
    }
}
