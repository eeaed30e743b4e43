import Foundation
import Testing

@testable import VignetteCore

/// `Border` strokes inside the shape's edge, above the image, anti-aliased
/// like the shape: checked pixel by pixel against widths in pixels and a
/// brute-force model of the band between the shape and its inset.
@Suite struct BorderTests {
    static let fill = ShapeMaskTests.fill
    static let white = Color.white.premultiplied

    @Test func aRectangleBorderIsWidthTimesScalePixelsWide() throws {
        let out = try ShapeMaskTests.render(.rectangle, border: Border(width: 2, color: .white), width: 40, height: 20, scale: 2)
        for y in 0..<20 {
            for x in 0..<40 {
                let inBorder = min(x, y, 39 - x, 19 - y) < 4
                #expect(out[x, y] == (inBorder ? Self.white : Self.fill.premultiplied), "(\(x), \(y))")
            }
        }
    }

    @Test func aFractionalWidthCoversPartOfAPixel() throws {
        let out = try ShapeMaskTests.render(.rectangle, border: Border(width: 1.5, color: .white), width: 20, height: 20)
        #expect(out[0, 10] == Self.white)
        let fill = Self.fill.premultiplied
        let half = out[1, 10]
        #expect(abs(Int(half.red) - (255 + Int(fill.red)) / 2) <= 1 && abs(Int(half.blue) - (255 + Int(fill.blue)) / 2) <= 1)
        #expect(half.alpha == 255 && out[2, 10] == fill)
    }

    @Test func aTranslucentBorderIsSourceOver() throws {
        let color = Color(red: 0, green: 0, blue: 255, alpha: 128)
        let out = try ShapeMaskTests.render(.rectangle, border: Border(width: 3, color: color), width: 20, height: 20)
        let (b, d) = (color.premultiplied, Self.fill.premultiplied)
        let expected = PremultipliedPixel(
            red: b.red + PixelMath.multiply(d.red, 127), green: b.green + PixelMath.multiply(d.green, 127),
            blue: b.blue + PixelMath.multiply(d.blue, 127), alpha: 255)
        #expect(out[1, 10] == expected && out[10, 2] == expected && out[10, 3] == d)
    }

    @Test(arguments: [
        (ImageShape.circle, 3.0, 37, 29, 2.0), (.roundedRect(cornerRadius: 8), 3, 40, 30, 1), (.roundedRect(cornerRadius: 3), 5, 40, 30, 1),
        (.capsule, 1.25, 50, 21, 2), (.rectangle, 0.7, 15, 11, 3), (.circle, 40, 20, 20, 1), (.roundedRect(cornerRadius: 5), 2.5, 33, 20, 1.5)
    ])
    func everyPixelMatchesTheBruteForceBand(shape: ImageShape, width borderWidth: Double, width: Int, height: Int, scale: Double) throws {
        let border = Border(width: borderWidth, color: Color(red: 20, green: 230, blue: 90, alpha: 200))
        let out = try ShapeMaskTests.render(shape, border: border, width: width, height: height, scale: scale)
        let outer = ReferenceRoundedRect(shape, width: width, height: height, scale: scale)
        let inner = outer.inset(by: borderWidth * scale)
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let expected = referenceBorderPixel(
                    below: Self.fill.premultiplied, border: border.color.premultiplied,
                    outer: outer.coverage(x, y), inner: inner?.coverage(x, y) ?? 0)
                let pixel = out[x, y]
                let actual = [pixel.red, pixel.green, pixel.blue, pixel.alpha].map(Double.init)
                worst = max(worst, zip(actual, expected).map { abs($0 - $1) }.max()!)
                #expect(pixel.red <= pixel.alpha && pixel.green <= pixel.alpha && pixel.blue <= pixel.alpha)
            }
        }
        // A 16 × 16 grid places a straight edge within 1/32 px: 8 levels of 255.
        #expect(worst <= 10, "\(shape) border \(borderWidth) on \(width)x\(height) @\(scale)x: largest error \(worst)")
    }

    @Test func theInnerRadiusIsTheOuterLessTheWidth() throws {
        // r = 6, w = 8: the inner edge has square corners at (8, 8).
        let square = try ShapeMaskTests.render(.roundedRect(cornerRadius: 6), border: Border(width: 8, color: .white), width: 40, height: 30)
        #expect(square[8, 8] == Self.fill.premultiplied && square[7, 8] == Self.white && square[8, 7] == Self.white)
        // r = 10, w = 2: the inner arc has radius 8 around (10, 10): pixel (3, 3) lies between
        // 8.49 and 9.9 px from it (all border), pixel (4, 4) between 7.07 and 8.49 (straddles the arc).
        let round = try ShapeMaskTests.render(.roundedRect(cornerRadius: 10), border: Border(width: 2, color: .white), width: 40, height: 30)
        #expect(round[3, 3] == Self.white && round[1, 10] == Self.white && round[2, 10] == Self.fill.premultiplied)
        #expect(round[4, 4].alpha == 255 && round[4, 4].green > Self.fill.premultiplied.green && round[4, 4].green < 255)
    }

    @Test func aBorderDrawsAboveTheImageAndOverlays() throws {
        let badge = ImageOverlay(ImageDescriptor(Bitmap(width: 6, height: 6, fill: .black)).erased, anchor: .topLeft)
        let descriptor = ImageDescriptor(Bitmap(width: 20, height: 20, fill: ShapeMaskTests.fill))
            .overlays([badge]).border(Border(width: 2, color: .white))
        let out = try ImageRenderer.render(descriptor, size: Size(width: 20, height: 20), scale: 1)
        #expect(out[1, 1] == Self.white && out[3, 3] == Color.black.premultiplied && out[10, 10] == Self.fill.premultiplied)
    }

    @Test func zeroWidthOrClearBordersDrawNothing() throws {
        let plain = try ShapeMaskTests.render(.capsule, width: 30, height: 12)
        #expect(try ShapeMaskTests.render(.capsule, border: Border(width: 0, color: .white), width: 30, height: 12) == plain)
        #expect(try ShapeMaskTests.render(.capsule, border: Border(width: 3, color: .clear), width: 30, height: 12) == plain)
    }
}
