import Foundation
import Testing

@testable import VignetteCore

/// `ImageShape` clips the whole render from supersampled coverage: checked
/// against π r², symmetry, and a brute-force 64 × 64 sampling of every pixel
/// (`ReferenceRoundedRect`).
@Suite struct ShapeMaskTests {
    static let fill = Color(red: 200, green: 120, blue: 40)

    /// A uniform image exactly the canvas's pixel size (no resampling),
    /// rendered with `shape` and `border`.
    static func render(
        _ shape: ImageShape, border: Border? = nil, width: Int, height: Int, scale: Double = 1, fill: Color = fill
    ) throws -> Bitmap {
        let image = Bitmap(width: width, height: height, scale: scale, fill: fill)
        let size = Size(width: Double(width) / scale, height: Double(height) / scale)
        let out = try ImageRenderer.render(ImageDescriptor(image).shape(shape).border(border), size: size, scale: scale)
        #expect(out.width == width && out.height == height)
        return out
    }

    static func alphaSum(_ bitmap: Bitmap) -> Double {
        stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0.0) { $0 + Double(bitmap.pixels[$1]) } / 255
    }

    @Test func aRectangleChangesNoByte() throws {
        var pattern = Bitmap(width: 13, height: 9, fill: Color(red: 10, green: 20, blue: 30, alpha: 77))
        pattern[3, 4] = Color(red: 250, green: 0, blue: 9).premultiplied
        for shape in [ImageShape.rectangle, .roundedRect(cornerRadius: 0)] {
            let out = try ImageRenderer.render(ImageDescriptor(pattern).shape(shape), size: pattern.size, scale: 1)
            #expect(out == pattern, "\(shape)")
        }
        var canvas = pattern
        ShapeMask.apply(.rectangle, border: nil, to: &canvas)
        var empty = Bitmap(width: 0, height: 0)
        ShapeMask.apply(.circle, border: Border(width: 0, color: .white), to: &empty)
        #expect(canvas == pattern)
        #expect(ShapeMask.plannedBytes(.rectangle, border: nil, canvasWidth: 13, canvasHeight: 9) == 0)
    }

    @Test(arguments: [(20, 20, 1.0), (33, 33, 1), (50, 30, 2), (64, 64, 3), (15, 41, 2), (101, 101, 1), (7, 7, 1)])
    func aCircleCoversPiRSquared(width: Int, height: Int, scale: Double) throws {
        let out = try Self.render(.circle, width: width, height: height, scale: scale)
        let radius = Double(min(width, height)) / 2
        let area = Double.pi * radius * radius
        let sum = Self.alphaSum(out)
        #expect(abs(sum - area) / area < 0.005, "\(width)x\(height): alpha sum \(sum) vs π r² \(area)")
    }

    @Test(arguments: [(33, 33), (50, 30), (31, 44), (24, 24)])
    func aCircleIsSymmetric(width: Int, height: Int) throws {
        let out = try Self.render(.circle, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = out[x, y].alpha
                #expect(alpha == out[width - 1 - x, y].alpha && alpha == out[x, height - 1 - y].alpha, "(\(x), \(y))")
                if width == height { #expect(alpha == out[y, x].alpha, "(\(x), \(y)) transposed") }
            }
        }
    }

    @Test(arguments: [
        (ImageShape.circle, 37, 23, 2.0), (.roundedRect(cornerRadius: 6), 40, 30, 1), (.roundedRect(cornerRadius: 2.5), 37, 29, 3),
        (.capsule, 60, 21, 1), (.capsule, 19, 50, 2), (.roundedRect(cornerRadius: 100), 30, 18, 1)
    ])
    func everyPixelMatchesBruteForceCoverage(shape: ImageShape, width: Int, height: Int, scale: Double) throws {
        let out = try Self.render(shape, width: width, height: height, scale: scale)
        let reference = ReferenceRoundedRect(shape, width: width, height: height, scale: scale)
        let dilated = try #require(reference.inset(by: -1))
        let fill = Self.fill.premultiplied
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = out[x, y]
                let corners = [(0, 0), (1, 0), (0, 1), (1, 1)].allSatisfy { reference.contains(Double(x + $0), Double(y + $1)) }
                if corners {
                    #expect(pixel == fill, "(\(x), \(y)) lies inside: untouched")
                } else if !dilated.contains(Double(x) + 0.5, Double(y) + 0.5) {
                    #expect(pixel.alpha == 0, "(\(x), \(y)) lies outside: transparent")
                }
                worst = max(worst, abs(Double(pixel.alpha) - 255 * reference.coverage(x, y)))
                #expect(pixel.red <= pixel.alpha && pixel.green <= pixel.alpha && pixel.blue <= pixel.alpha)
            }
        }
        // A 16 × 16 grid places a straight edge within 1/32 px: 8 levels of 255.
        #expect(worst <= 10, "\(shape) \(width)x\(height) @\(scale)x: largest alpha error \(worst)")
    }

    @Test func roundedCornersAreArcs() throws {
        let out = try Self.render(.roundedRect(cornerRadius: 4), width: 40, height: 30, scale: 2)  // 8 px
        let fill = Self.fill.premultiplied
        #expect(out[0, 0].alpha == 0 && out[39, 0].alpha == 0 && out[0, 29].alpha == 0 && out[39, 29].alpha == 0)
        for (x, y) in [(20, 15), (0, 15), (39, 15), (8, 0), (31, 29), (20, 0)] { #expect(out[x, y] == fill, "(\(x), \(y))") }
        for (x, y) in [(2, 2), (37, 2), (2, 27), (37, 27), (1, 4), (4, 1)] {
            #expect(out[x, y].alpha > 0 && out[x, y].alpha < 255, "(\(x), \(y)) on the arc: partly covered")
        }
        #expect(out[2, 2] == out[37, 2] && out[2, 2] == out[37, 27] && out[1, 4] == out[4, 1])
    }

    @Test func aRadiusBeyondHalfTheShorterSideIsACapsule() throws {
        let capsule = try Self.render(.capsule, width: 60, height: 20)
        #expect(try Self.render(.roundedRect(cornerRadius: 10), width: 60, height: 20) == capsule)
        #expect(try Self.render(.roundedRect(cornerRadius: 1000), width: 60, height: 20) == capsule)
        #expect(try Self.render(.roundedRect(cornerRadius: .greatestFiniteMagnitude), width: 60, height: 20, scale: 2).pixels == capsule.pixels)
        #expect(CoverageRegion.units(.infinity) == 1 << 32 && CoverageRegion.units(.nan) == 0 && CoverageRegion.units(-1) == 0)
        let area = 40.0 * 20 + Double.pi * 100
        #expect(abs(Self.alphaSum(capsule) - area) / area < 0.005)
        #expect(capsule[30, 0] == Self.fill.premultiplied && capsule[30, 19] == Self.fill.premultiplied)
        #expect(capsule[0, 0].alpha == 0 && capsule[59, 19].alpha == 0)
    }

    @Test func theShapeClipsTheBackgroundToo() throws {
        let image = Bitmap(width: 4, height: 4, fill: .white)
        let descriptor = ImageDescriptor(image, contentMode: .center, background: Self.fill).shape(.circle)
        let out = try ImageRenderer.render(descriptor, size: Size(width: 30, height: 30), scale: 1)
        #expect(out[0, 0].alpha == 0 && out[15, 15] == Color.white.premultiplied && out[15, 2] == Self.fill.premultiplied)
    }

    @Test func coverageIsIntegerExact() {
        #expect(CoverageRegion.squareRoot(0) == 0 && CoverageRegion.squareRoot(15) == 3 && CoverageRegion.squareRoot(16) == 4)
        let big = (1 << 31) - 1
        #expect(CoverageRegion.squareRoot(big * big) == big && CoverageRegion.squareRoot(big * big - 1) == big - 1)
        #expect(ShapeMask.plannedBytes(.circle, border: nil, canvasWidth: 30_000, canvasHeight: 30_000) == 64 * 8)
    }
}
