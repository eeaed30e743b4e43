import Testing
@testable import Vignette

/// UIKit's content-mode geometry, in points, then snapped to pixels.
@Suite struct ContentModeTests {
    static let image = Size(width: 40, height: 20)
    static let bounds = Size(width: 100, height: 60)

    @Test(arguments: [
        (ContentMode.scaleToFill, Rect(x: 0, y: 0, width: 100, height: 60)),
        (.aspectFit, Rect(x: 0, y: 5, width: 100, height: 50)),
        (.aspectFill, Rect(x: -10, y: 0, width: 120, height: 60)),
        (.center, Rect(x: 30, y: 20, width: 40, height: 20)),
        (.top, Rect(x: 30, y: 0, width: 40, height: 20)),
        (.bottom, Rect(x: 30, y: 40, width: 40, height: 20)),
        (.left, Rect(x: 0, y: 20, width: 40, height: 20)),
        (.right, Rect(x: 60, y: 20, width: 40, height: 20)),
        (.topLeft, Rect(x: 0, y: 0, width: 40, height: 20)),
        (.topRight, Rect(x: 60, y: 0, width: 40, height: 20)),
        (.bottomLeft, Rect(x: 0, y: 40, width: 40, height: 20)),
        (.bottomRight, Rect(x: 60, y: 40, width: 40, height: 20)),
    ])
    func rectInPoints(mode: ContentMode, expected: Rect) {
        #expect(mode.rect(for: Self.image, in: Self.bounds) == expected)
    }

    @Test func everyModeIsCovered() {
        #expect(ContentMode.allCases.count == 12)
        #expect(ContentMode.redraw == .scaleToFill)
    }

    @Test func oddSizesCentreOnHalfPoints() {
        // 7×5 image in an 10×10 surface: centre leaves 1.5 / 2.5 points.
        let rect = ContentMode.center.rect(for: Size(width: 7, height: 5), in: Size(width: 10, height: 10))
        #expect(rect == Rect(x: 1.5, y: 2.5, width: 7, height: 5))
        // Edges snap with floor(v + 0.5): 1.5 → 2, 8.5 → 9, 2.5 → 3, 7.5 → 8.
        #expect(PixelRect(snapping: rect, scale: 1) == PixelRect(minX: 2, minY: 3, maxX: 9, maxY: 8))
        #expect(PixelRect(snapping: rect, scale: 2) == PixelRect(minX: 3, minY: 5, maxX: 17, maxY: 15))
        #expect(PixelRect(snapping: rect, scale: 3) == PixelRect(minX: 5, minY: 8, maxX: 26, maxY: 23))
    }

    @Test func negativeEdgesSnapDownward() {
        // -2.5 → floor(-2.0) = -2; -2.6 → floor(-2.1) = -3.
        #expect(PixelRect(snapping: Rect(x: -2.5, y: -2.6, width: 5, height: 5), scale: 1)
                == PixelRect(minX: -2, minY: -3, maxX: 3, maxY: 2))
    }

    @Test func aspectRatiosOfDegenerateImages() {
        let rect = ContentMode.aspectFit.rect(for: .zero, in: Size(width: 10, height: 10))
        #expect(rect.size == .zero)
    }

    /// The drawn pixels of a solid image cover exactly the snapped rectangle,
    /// clipped to the surface, for every mode, shape, scale and source scale.
    @Test(arguments: ContentMode.allCases)
    func renderedCoverageMatchesSnappedRect(mode: ContentMode) throws {
        let shapes = [Size(width: 33, height: 21), Size(width: 20, height: 45), Size(width: 25, height: 25)]
        for surface in shapes {
            for scale in [1.0, 2, 3] {
                for sourceScale in [1.0, 2] {
                    let image = TestImages.solid(29, 13, scale: sourceScale)
                    let out = ImageRenderer.render(ImageDescriptor(image, contentMode: mode), size: surface, scale: scale)
                    let (w, h) = ImageRenderer.pixelSize(of: surface, scale: scale)
                    #expect(out.width == w && out.height == h)
                    let expected = ImageRenderer.imageRect(for: image, mode: mode, size: surface, scale: scale)
                        .intersection(PixelRect(minX: 0, minY: 0, maxX: w, maxY: h))
                    #expect(TestImages.opaqueBounds(out) == expected,
                            "\(mode) surface \(surface) @\(scale)x source @\(sourceScale)x")
                    // A solid colour stays exactly solid wherever it is drawn.
                    for y in expected.minY..<expected.maxY {
                        for x in expected.minX..<expected.maxX where out[x, y] != image[0, 0] {
                            Issue.record("\(mode) @\(scale)x pixel (\(x),\(y)) = \(out[x, y])")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test func twoXSourceOnTwoXSurfaceIsPixelForPixel() {
        let image = TestImages.gradient(20, 10, scale: 2)  // 10×5 points
        let out = ImageRenderer.render(ImageDescriptor(image, contentMode: .topLeft),
                                       size: Size(width: 10, height: 5), scale: 2)
        #expect(out.pixels == image.pixels)
    }

    @Test func surfacePixelSizeRounds() {
        #expect(ImageRenderer.pixelSize(of: Size(width: 10.25, height: 10.75), scale: 2) == (21, 22))
        #expect(ImageRenderer.pixelSize(of: Size(width: 33.4, height: 0.2), scale: 1) == (33, 0))
    }
}
