import Foundation
import Testing

@testable import VignetteCore

/// `ImageOverlay`: placement (anchor × offset, snapped), default size from
/// the overlay's scale, opacity, tiling, clipping (to the canvas, and to the
/// shape unless `clipsToShape` is off), nested overlays left out,
/// resolution once per apply, typed errors and budgets.
@Suite struct OverlayTests {
    static let blue = Color(red: 20, green: 40, blue: 230)
    static let red = Color(red: 230, green: 30, blue: 30)

    /// A uniform blue canvas of `width × height` pixels at `scale` with `overlays`.
    static func render(_ overlays: [ImageOverlay], width: Int, height: Int, scale: Double = 1) throws -> Bitmap {
        let image = Bitmap(width: width, height: height, scale: scale, fill: blue)
        let size = Size(width: Double(width) / scale, height: Double(height) / scale)
        return try ImageRenderer.render(ImageDescriptor(image).overlays(overlays), size: size, scale: scale)
    }

    static func overlay(
        _ bitmap: Bitmap, anchor: Anchor = .center, offset: (Double, Double) = (0, 0), size: Size? = nil, opacity: Double = 1,
        tiled: Bool = false
    ) -> ImageOverlay {
        ImageOverlay(
            ImageDescriptor(bitmap).erased, anchor: anchor, offset: Point(x: offset.0, y: offset.1), size: size, opacity: opacity,
            tiled: tiled)
    }

    /// The pixels equal to `color`: how many, and their bounding rectangle.
    static func region(of color: Color, in bitmap: Bitmap) -> (count: Int, bounds: PixelRect) {
        var (count, bounds) = (0, PixelRect(minX: .max, minY: .max, maxX: .min, maxY: .min))
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y] == color.premultiplied {
                count += 1
                bounds = PixelRect(minX: min(bounds.minX, x), minY: min(bounds.minY, y), maxX: max(bounds.maxX, x + 1), maxY: max(bounds.maxY, y + 1))
            }
        }
        return (count, bounds)
    }

    @Test(arguments: Anchor.allCases)
    func anchorAndOffsetPlaceTheOverlay(anchor: Anchor) throws {
        // A 50×30 pt canvas at 2x, a 10×6 pt overlay moved by (3, −2) pt.
        let out = try Self.render(
            [Self.overlay(Bitmap(width: 10, height: 6, fill: Self.red), anchor: anchor, offset: (3, -2))], width: 100, height: 60, scale: 2)
        let left = Int((anchor.x * (50 - 10) + 3) * 2)
        let top = Int((anchor.y * (30 - 6) - 2) * 2)
        let expected = PixelRect(minX: left, minY: top, maxX: left + 20, maxY: top + 12).intersection(PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 60))
        let (count, bounds) = Self.region(of: Self.red, in: out)
        #expect(bounds == expected && count == expected.width * expected.height, "\(anchor)")
    }

    @Test func bottomRightWithMinusEightSitsEightPointsInsideTheCorner() throws {
        let badge = Self.overlay(Bitmap(width: 20, height: 20, fill: Self.red), anchor: .bottomRight, offset: (-8, -8))
        let out = try Self.render([badge], width: 200, height: 120, scale: 2)
        #expect(Self.region(of: Self.red, in: out).bounds == PixelRect(minX: 144, minY: 64, maxX: 184, maxY: 104))
    }

    @Test func theDefaultSizeIsPixelsOverTheOverlaysScale() throws {
        let at3x = Bitmap(width: 30, height: 30, scale: 3, fill: Self.red)  // 10 pt
        let out = try Self.render([Self.overlay(at3x, anchor: .topLeft)], width: 60, height: 60, scale: 2)
        #expect(Self.region(of: Self.red, in: out).bounds == PixelRect(minX: 0, minY: 0, maxX: 20, maxY: 20))
        let sized = try Self.render([Self.overlay(at3x, anchor: .topLeft, size: Size(width: 5, height: 4))], width: 60, height: 60, scale: 2)
        #expect(Self.region(of: Self.red, in: sized).bounds == PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 8))
    }

    @Test func edgesSnapLikeTheImage() throws {
        // 5 px tile centred on 20 px: edges at 7.5 and 12.5 snap to 8 and 13.
        let out = try Self.render([Self.overlay(Bitmap(width: 5, height: 5, fill: Self.red))], width: 20, height: 20)
        #expect(Self.region(of: Self.red, in: out).bounds == PixelRect(minX: 8, minY: 8, maxX: 13, maxY: 13))
    }

    @Test func opacityFadesThePremultipliedPixelsBeforeSourceOver() throws {
        let half = try Self.render([Self.overlay(Bitmap(width: 4, height: 4, fill: .white), opacity: 0.5)], width: 10, height: 10)
        let b = Self.blue.premultiplied
        // 0.5 → 128/255: white × 128/255 = 128, then over blue × 127/255.
        let expected = PremultipliedPixel(
            red: 128 + PixelMath.multiply(b.red, 127), green: 128 + PixelMath.multiply(b.green, 127),
            blue: 128 + PixelMath.multiply(b.blue, 127), alpha: 255)
        #expect(half[5, 5] == expected && half[0, 0] == b)
        let none = try Self.render([Self.overlay(Bitmap(width: 4, height: 4, fill: .white), opacity: 0)], width: 10, height: 10)
        #expect(none == (try Self.render([], width: 10, height: 10)))
    }

    @Test func tilesCoverTheCanvasEdgeToEdge() throws {
        var tile = Bitmap(width: 7, height: 5, fill: Self.red)
        tile[0, 0] = Color.white.premultiplied
        tile[6, 4] = Color.black.premultiplied
        // Centred and moved 1 pt right: edges at 17.5 → 18 and 12.5 → 13; bottom-right moved (−3, −2): 30 and 23.
        for (anchor, offset, origin) in [(Anchor.center, (1.0, 0.0), (18, 13)), (.bottomRight, (-3, -2), (30, 23))] {
            let out = try Self.render([Self.overlay(tile, anchor: anchor, offset: offset, tiled: true)], width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 {
                    let expected = tile[((x - origin.0) % 7 + 7) % 7, ((y - origin.1) % 5 + 5) % 5]
                    #expect(out[x, y] == expected, "\(anchor): (\(x), \(y))")
                }
            }
        }
    }

    @Test func overlaysAreClippedToTheCanvas() throws {
        let square = Bitmap(width: 10, height: 10, fill: Self.red)
        let corner = try Self.render([Self.overlay(square, anchor: .topLeft, offset: (-4, -6))], width: 30, height: 20)
        let region = Self.region(of: Self.red, in: corner)
        #expect(region.bounds == PixelRect(minX: 0, minY: 0, maxX: 6, maxY: 4) && region.count == 24)
        let outside = try Self.render([Self.overlay(square, anchor: .topLeft, offset: (-20, 0))], width: 30, height: 20)
        #expect(outside == (try Self.render([], width: 30, height: 20)))
    }

    /// A badge on a circle's edge: clipped by default (its corner outside
    /// the circle is transparent); with `clipsToShape` off, drawn whole and
    /// above the border, while the image and border are still clipped.
    @Test func anOverlayOutsideTheShapesClipIsDrawnWholeAboveTheBorder() throws {
        var badge = Self.overlay(Bitmap(width: 12, height: 12, fill: Self.red), anchor: .bottomRight)
        let circle = ImageDescriptor(Bitmap(width: 40, height: 40, fill: Self.blue)).shape(.circle).border(Border(width: 3, color: .white))
        let size = Size(width: 40, height: 40)
        let clipped = try ImageRenderer.render(circle.overlays([badge]), size: size, scale: 1)
        #expect(clipped[39, 39].alpha == 0 && Self.region(of: Self.red, in: clipped).count < 144)
        badge.clipsToShape = false
        #expect(badge.description.hasSuffix(" unclipped)"))
        let whole = try ImageRenderer.render(circle.overlays([badge]), size: size, scale: 1)
        let (count, bounds) = Self.region(of: Self.red, in: whole)
        #expect(count == 144 && bounds == PixelRect(minX: 28, minY: 28, maxX: 40, maxY: 40))
        // Everything else is as the clipped render drew it: the image's corner outside the circle stays transparent.
        #expect(whole[0, 0].alpha == 0 && whole[39, 0].alpha == 0 && whole[0, 20] == clipped[0, 20])
        for y in 0..<40 {
            for x in 0..<40 where x < 28 || y < 28 { #expect(whole[x, y] == clipped[x, y], "(\(x), \(y))") }
        }
    }

    @Test func anOverlaysOwnOverlaysAreNotDrawnButItsPresentationIs() throws {
        let dot = Self.overlay(Bitmap(width: 2, height: 2, fill: .black))
        var badge = ImageDescriptor(Bitmap(width: 1, height: 1, fill: Self.red), contentMode: .center, background: .white).shape(.circle)
        let plain = ImageOverlay(badge.erased, size: Size(width: 12, height: 12))
        badge.overlays = [dot]
        let nested = ImageOverlay(badge.erased, size: Size(width: 12, height: 12))
        let out = try Self.render([nested], width: 20, height: 20)
        #expect(out == (try Self.render([plain], width: 20, height: 20)))
        // Overlay at (4, 4)-(16, 16): its circle leaves its corners to the canvas; the image sits in its middle.
        #expect(out[4, 4] == Self.blue.premultiplied && out[10, 10] == Self.red.premultiplied && out[10, 5] == Color.white.premultiplied)
    }
}
