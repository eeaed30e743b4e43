import Testing
import VignetteTestSupport

@testable import VignetteCore

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
        (.bottomRight, Rect(x: 60, y: 40, width: 40, height: 20))
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
        #expect(
            PixelRect(snapping: Rect(x: -2.5, y: -2.6, width: 5, height: 5), scale: 1)
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
                    let out = try ImageRenderer.render(ImageDescriptor(image, contentMode: mode), size: surface, scale: scale)
                    let (w, h) = ImageRenderer.pixelSize(of: surface, scale: scale)
                    #expect(out.width == w && out.height == h)
                    let expected = ImageRenderer.imageRect(for: image, mode: mode, size: surface, scale: scale)
                        .intersection(PixelRect(minX: 0, minY: 0, maxX: w, maxY: h))
                    #expect(
                        TestImages.opaqueBounds(out) == expected,
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

    // MARK: - Hand-computed geometry

    /// One row of the hand-computed table: a 29×13 px image at `sourceScale`
    /// drawn with `mode` in a `surface` (points) at `scale`, and where it must
    /// land in surface pixels, before clipping.
    struct Placement: Sendable, CustomTestStringConvertible {
        let mode: ContentMode
        let sourceScale: Double
        let surface: Size
        let scale: Double
        let expected: PixelRect

        init(
            _ mode: ContentMode, _ sourceScale: Double, _ surface: Size, _ scale: Double,
            _ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int
        ) {
            self.mode = mode
            self.sourceScale = sourceScale
            self.surface = surface
            self.scale = scale
            self.expected = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        }

        var testDescription: String {
            "29×13 px @\(Size.format(sourceScale))x \(mode) in \(surface) pt @\(Size.format(scale))x → \(expected)"
        }
    }

    static let landscape = Size(width: 33, height: 21)
    static let portrait = Size(width: 20, height: 45)

    /// Worked on paper from the contract, never from `ImageRenderer`:
    /// image points = 29×13 px ÷ source scale (29×13 pt at 1x, 14.5×6.5 pt at
    /// 2x); UIKit's rectangle in points; every edge × scale, then floor(v + 0.5).
    ///
    /// Worked examples:
    /// - 14.5×6.5 pt `.center` in 33×21: x = (33 − 14.5)/2 = 9.25 … 23.75,
    ///   y = (21 − 6.5)/2 = 7.25 … 13.75.
    ///   @1x: floor(9.75)=9, floor(24.25)=24, floor(7.75)=7, floor(14.25)=14.
    ///   @2x: 18.5 → floor(19.0)=19 (a .5 tie rounds up), 47.5 → 48,
    ///        14.5 → 15, 27.5 → 28: 29×13 px, the bitmap's own size.
    ///   @3x: 27.75 → 28, 71.25 → 71, 21.75 → 22, 41.25 → 41 (43×19 px).
    /// - 14.5×6.5 pt `.top` @3x: y1 = 6.5 × 3 = 19.5 → floor(20.0) = 20, one
    ///   row taller than `.center` (19 rows) at the same scale.
    /// - 29×13 pt `.center` in 20×45: x = (20 − 29)/2 = −4.5 … 24.5.
    ///   @1x: floor(−4.5 + 0.5) = −4 (ties go up, not away from zero), 25.
    ///   @3x: −13.5 → floor(−13.0) = −13, 73.5 → 74.
    /// - 29×13 pt `.aspectFill` in 33×21: s = max(33/29, 21/13) = 21/13,
    ///   width 29 × 21/13 = 609/13 = 46.846…, x0 = (33 − 609/13)/2 = −90/13
    ///   = −6.923…, x1 = 519/13 = 39.923….
    ///   @1x: floor(−6.423) = −7, floor(40.423) = 40.
    ///   @2x: −13.846 → floor(−13.346) = −14, 79.846 → 80.
    ///   @3x: −20.769 → floor(−20.269) = −21, 119.769 → 120.
    /// - 29×13 pt `.aspectFill` in 20×45: s = 45/13, width 1305/13, x0 =
    ///   −1045/26 = −40.192…, x1 = 1565/26 = 60.192….
    ///   @1x: floor(−39.69) = −40, floor(60.69) = 60.
    ///   @2x: −80.385 → floor(−79.885) = −80, 120.385 → 120.
    ///   @3x: −120.577 → floor(−120.077) = −121, 180.577 → floor(181.077) = 181.
    /// - 29×13 pt `.aspectFit` in 33×21: s = 33/29, height 429/29 = 14.793…,
    ///   y0 = 90/29 = 3.1034…, y1 = 519/29 = 17.8966….
    ///   @1x: 3, 18.  @2x: 6.207 → 6, 35.793 → 36.  @3x: 9.310 → 9, 53.690 → 54.
    /// - 29×13 pt `.aspectFit` in 20×45: s = 20/29, height 260/29, y0 =
    ///   1045/58 = 18.0172…, y1 = 1565/58 = 26.9828….
    ///   @1x: 18, 27.  @2x: 36.034 → 36, 53.966 → 54.  @3x: 54.052 → 54, 80.948 → 81.
    /// The same aspect ratio gives the same aspect rectangles at 2x source.
    static let placements: [Placement] = {
        let l = landscape
        let p = portrait
        return [
            // 29×13 pt (1x source) in 33×21 pt. Slack: 4 pt across, 8 pt down.
            .init(.scaleToFill, 1, l, 1, 0, 0, 33, 21),
            .init(.scaleToFill, 1, l, 2, 0, 0, 66, 42),
            .init(.scaleToFill, 1, l, 3, 0, 0, 99, 63),
            .init(.aspectFit, 1, l, 1, 0, 3, 33, 18),
            .init(.aspectFit, 1, l, 2, 0, 6, 66, 36),
            .init(.aspectFit, 1, l, 3, 0, 9, 99, 54),
            .init(.aspectFill, 1, l, 1, -7, 0, 40, 21),
            .init(.aspectFill, 1, l, 2, -14, 0, 80, 42),
            .init(.aspectFill, 1, l, 3, -21, 0, 120, 63),
            .init(.center, 1, l, 1, 2, 4, 31, 17),
            .init(.center, 1, l, 2, 4, 8, 62, 34),
            .init(.center, 1, l, 3, 6, 12, 93, 51),
            .init(.top, 1, l, 1, 2, 0, 31, 13),
            .init(.top, 1, l, 2, 4, 0, 62, 26),
            .init(.top, 1, l, 3, 6, 0, 93, 39),
            .init(.bottom, 1, l, 1, 2, 8, 31, 21),
            .init(.bottom, 1, l, 2, 4, 16, 62, 42),
            .init(.bottom, 1, l, 3, 6, 24, 93, 63),
            .init(.left, 1, l, 1, 0, 4, 29, 17),
            .init(.left, 1, l, 2, 0, 8, 58, 34),
            .init(.left, 1, l, 3, 0, 12, 87, 51),
            .init(.right, 1, l, 1, 4, 4, 33, 17),
            .init(.right, 1, l, 2, 8, 8, 66, 34),
            .init(.right, 1, l, 3, 12, 12, 99, 51),
            .init(.topLeft, 1, l, 1, 0, 0, 29, 13),
            .init(.topLeft, 1, l, 2, 0, 0, 58, 26),
            .init(.topLeft, 1, l, 3, 0, 0, 87, 39),
            .init(.topRight, 1, l, 1, 4, 0, 33, 13),
            .init(.topRight, 1, l, 2, 8, 0, 66, 26),
            .init(.topRight, 1, l, 3, 12, 0, 99, 39),
            .init(.bottomLeft, 1, l, 1, 0, 8, 29, 21),
            .init(.bottomLeft, 1, l, 2, 0, 16, 58, 42),
            .init(.bottomLeft, 1, l, 3, 0, 24, 87, 63),
            .init(.bottomRight, 1, l, 1, 4, 8, 33, 21),
            .init(.bottomRight, 1, l, 2, 8, 16, 66, 42),
            .init(.bottomRight, 1, l, 3, 12, 24, 99, 63),

            // 14.5×6.5 pt (2x source) in 33×21 pt. Centred x 9.25…23.75, y 7.25…13.75;
            // pinned right x 18.5…33, pinned bottom y 14.5…21.
            .init(.scaleToFill, 2, l, 1, 0, 0, 33, 21),
            .init(.scaleToFill, 2, l, 2, 0, 0, 66, 42),
            .init(.scaleToFill, 2, l, 3, 0, 0, 99, 63),
            .init(.aspectFit, 2, l, 1, 0, 3, 33, 18),
            .init(.aspectFit, 2, l, 2, 0, 6, 66, 36),
            .init(.aspectFit, 2, l, 3, 0, 9, 99, 54),
            .init(.aspectFill, 2, l, 1, -7, 0, 40, 21),
            .init(.aspectFill, 2, l, 2, -14, 0, 80, 42),
            .init(.aspectFill, 2, l, 3, -21, 0, 120, 63),
            .init(.center, 2, l, 1, 9, 7, 24, 14),
            .init(.center, 2, l, 2, 19, 15, 48, 28),
            .init(.center, 2, l, 3, 28, 22, 71, 41),
            .init(.top, 2, l, 1, 9, 0, 24, 7),  // 6.5 → floor(7.0) = 7
            .init(.top, 2, l, 2, 19, 0, 48, 13),
            .init(.top, 2, l, 3, 28, 0, 71, 20),  // 19.5 → 20
            .init(.bottom, 2, l, 1, 9, 15, 24, 21),  // 14.5 → 15: only 6 rows
            .init(.bottom, 2, l, 2, 19, 29, 48, 42),
            .init(.bottom, 2, l, 3, 28, 44, 71, 63),  // 43.5 → 44
            .init(.left, 2, l, 1, 0, 7, 15, 14),
            .init(.left, 2, l, 2, 0, 15, 29, 28),
            .init(.left, 2, l, 3, 0, 22, 44, 41),  // 43.5 → 44
            .init(.right, 2, l, 1, 19, 7, 33, 14),  // 18.5 → 19: only 14 columns
            .init(.right, 2, l, 2, 37, 15, 66, 28),
            .init(.right, 2, l, 3, 56, 22, 99, 41),  // 55.5 → 56
            .init(.topLeft, 2, l, 1, 0, 0, 15, 7),
            .init(.topLeft, 2, l, 2, 0, 0, 29, 13),
            .init(.topLeft, 2, l, 3, 0, 0, 44, 20),
            .init(.topRight, 2, l, 1, 19, 0, 33, 7),
            .init(.topRight, 2, l, 2, 37, 0, 66, 13),
            .init(.topRight, 2, l, 3, 56, 0, 99, 20),
            .init(.bottomLeft, 2, l, 1, 0, 15, 15, 21),
            .init(.bottomLeft, 2, l, 2, 0, 29, 29, 42),
            .init(.bottomLeft, 2, l, 3, 0, 44, 44, 63),
            .init(.bottomRight, 2, l, 1, 19, 15, 33, 21),
            .init(.bottomRight, 2, l, 2, 37, 29, 66, 42),
            .init(.bottomRight, 2, l, 3, 56, 44, 99, 63),

            // 29×13 pt (1x source) in a 20×45 pt portrait surface: wider than the
            // surface, so the centred modes start at x = −4.5 and the right-pinned
            // ones at x = −9.
            .init(.scaleToFill, 1, p, 1, 0, 0, 20, 45),
            .init(.scaleToFill, 1, p, 2, 0, 0, 40, 90),
            .init(.scaleToFill, 1, p, 3, 0, 0, 60, 135),
            .init(.aspectFit, 1, p, 1, 0, 18, 20, 27),
            .init(.aspectFit, 1, p, 2, 0, 36, 40, 54),
            .init(.aspectFit, 1, p, 3, 0, 54, 60, 81),
            .init(.aspectFill, 1, p, 1, -40, 0, 60, 45),
            .init(.aspectFill, 1, p, 2, -80, 0, 120, 90),
            .init(.aspectFill, 1, p, 3, -121, 0, 181, 135),
            .init(.center, 1, p, 1, -4, 16, 25, 29),
            .init(.center, 1, p, 2, -9, 32, 49, 58),
            .init(.center, 1, p, 3, -13, 48, 74, 87),
            .init(.top, 1, p, 1, -4, 0, 25, 13),
            .init(.top, 1, p, 2, -9, 0, 49, 26),
            .init(.top, 1, p, 3, -13, 0, 74, 39),
            .init(.bottom, 1, p, 1, -4, 32, 25, 45),
            .init(.bottom, 1, p, 2, -9, 64, 49, 90),
            .init(.bottom, 1, p, 3, -13, 96, 74, 135),
            .init(.left, 1, p, 1, 0, 16, 29, 29),
            .init(.left, 1, p, 2, 0, 32, 58, 58),
            .init(.left, 1, p, 3, 0, 48, 87, 87),
            .init(.right, 1, p, 1, -9, 16, 20, 29),
            .init(.right, 1, p, 2, -18, 32, 40, 58),
            .init(.right, 1, p, 3, -27, 48, 60, 87),
            .init(.topLeft, 1, p, 1, 0, 0, 29, 13),
            .init(.topLeft, 1, p, 2, 0, 0, 58, 26),
            .init(.topLeft, 1, p, 3, 0, 0, 87, 39),
            .init(.topRight, 1, p, 1, -9, 0, 20, 13),
            .init(.topRight, 1, p, 2, -18, 0, 40, 26),
            .init(.topRight, 1, p, 3, -27, 0, 60, 39),
            .init(.bottomLeft, 1, p, 1, 0, 32, 29, 45),
            .init(.bottomLeft, 1, p, 2, 0, 64, 58, 90),
            .init(.bottomLeft, 1, p, 3, 0, 96, 87, 135),
            .init(.bottomRight, 1, p, 1, -9, 32, 20, 45),
            .init(.bottomRight, 1, p, 2, -18, 64, 40, 90),
            .init(.bottomRight, 1, p, 3, -27, 96, 60, 135),

            // 14.5×6.5 pt (2x source) in 20×45 pt. Centred x 2.75…17.25,
            // y 19.25…25.75; pinned right x 5.5…20, pinned bottom y 38.5…45.
            .init(.scaleToFill, 2, p, 1, 0, 0, 20, 45),
            .init(.scaleToFill, 2, p, 2, 0, 0, 40, 90),
            .init(.scaleToFill, 2, p, 3, 0, 0, 60, 135),
            .init(.aspectFit, 2, p, 1, 0, 18, 20, 27),
            .init(.aspectFit, 2, p, 2, 0, 36, 40, 54),
            .init(.aspectFit, 2, p, 3, 0, 54, 60, 81),
            .init(.aspectFill, 2, p, 1, -40, 0, 60, 45),
            .init(.aspectFill, 2, p, 2, -80, 0, 120, 90),
            .init(.aspectFill, 2, p, 3, -121, 0, 181, 135),
            .init(.center, 2, p, 1, 3, 19, 17, 26),  // 3.25, 17.75, 19.75, 26.25 floored
            .init(.center, 2, p, 2, 6, 39, 35, 52),  // 5.5, 34.5, 38.5, 51.5: all ties, all up
            .init(.center, 2, p, 3, 8, 58, 52, 77),  // 8.25, 51.75, 57.75, 77.25 → 8.75, 52.25, 58.25, 77.75
            .init(.top, 2, p, 1, 3, 0, 17, 7),
            .init(.top, 2, p, 2, 6, 0, 35, 13),
            .init(.top, 2, p, 3, 8, 0, 52, 20),
            .init(.bottom, 2, p, 1, 3, 39, 17, 45),
            .init(.bottom, 2, p, 2, 6, 77, 35, 90),
            .init(.bottom, 2, p, 3, 8, 116, 52, 135),  // 38.5 × 3 = 115.5 → 116
            .init(.left, 2, p, 1, 0, 19, 15, 26),
            .init(.left, 2, p, 2, 0, 39, 29, 52),
            .init(.left, 2, p, 3, 0, 58, 44, 77),
            .init(.right, 2, p, 1, 6, 19, 20, 26),
            .init(.right, 2, p, 2, 11, 39, 40, 52),
            .init(.right, 2, p, 3, 17, 58, 60, 77),  // 5.5 × 3 = 16.5 → 17
            .init(.topLeft, 2, p, 1, 0, 0, 15, 7),
            .init(.topLeft, 2, p, 2, 0, 0, 29, 13),
            .init(.topLeft, 2, p, 3, 0, 0, 44, 20),
            .init(.topRight, 2, p, 1, 6, 0, 20, 7),
            .init(.topRight, 2, p, 2, 11, 0, 40, 13),
            .init(.topRight, 2, p, 3, 17, 0, 60, 20),
            .init(.bottomLeft, 2, p, 1, 0, 39, 15, 45),
            .init(.bottomLeft, 2, p, 2, 0, 77, 29, 90),
            .init(.bottomLeft, 2, p, 3, 0, 116, 44, 135),
            .init(.bottomRight, 2, p, 1, 6, 39, 20, 45),
            .init(.bottomRight, 2, p, 2, 11, 77, 40, 90),
            .init(.bottomRight, 2, p, 3, 17, 116, 60, 135)
        ]
    }()

    @Test func handComputedTableCoversEveryModeAtEveryScale() {
        #expect(Self.placements.count == 144)
        for mode in ContentMode.allCases {
            for sourceScale in [1.0, 2] {
                for surface in [Self.landscape, Self.portrait] {
                    for scale in [1.0, 2, 3] {
                        let rows = Self.placements.filter {
                            $0.mode == mode && $0.sourceScale == sourceScale && $0.surface == surface && $0.scale == scale
                        }
                        #expect(rows.count == 1, "\(mode) @\(sourceScale)x source in \(surface) @\(scale)x")
                    }
                }
            }
        }
    }

    @Test(arguments: placements)
    func imageRectMatchesHandComputedValue(_ row: Placement) {
        let image = TestImages.solid(29, 13, scale: row.sourceScale)
        #expect(ImageRenderer.imageRect(for: image, mode: row.mode, size: row.surface, scale: row.scale) == row.expected)
    }

    /// The pixels actually drawn: a solid image covers exactly the
    /// hand-computed rectangle clipped to the surface, and stays solid.
    @Test(arguments: placements)
    func renderedCoverageMatchesHandComputedValue(_ row: Placement) throws {
        let image = TestImages.solid(29, 13, scale: row.sourceScale)
        let out = try ImageRenderer.render(ImageDescriptor(image, contentMode: row.mode), size: row.surface, scale: row.scale)
        // Surface pixels: 33×21 pt → 33×21, 66×42, 99×63; 20×45 pt → 20×45, 40×90, 60×135.
        let width = Int(row.surface.width) * Int(row.scale)
        let height = Int(row.surface.height) * Int(row.scale)
        #expect(out.width == width && out.height == height)
        let e = row.expected
        let clipped = PixelRect(minX: max(e.minX, 0), minY: max(e.minY, 0), maxX: min(e.maxX, width), maxY: min(e.maxY, height))
        let bounds = try #require(TestImages.opaqueBounds(out), "nothing drawn")
        #expect(bounds == clipped)
        for y in clipped.minY..<clipped.maxY {
            for x in clipped.minX..<clipped.maxX where out[x, y] != image[0, 0] {
                Issue.record("pixel (\(x),\(y)) = \(out[x, y]), expected the solid \(image[0, 0])")
                return
            }
        }
    }

    @Test func twoXSourceOnTwoXSurfaceIsPixelForPixel() throws {
        let image = TestImages.gradient(20, 10, scale: 2)  // 10×5 points
        let out = try ImageRenderer.render(
            ImageDescriptor(image, contentMode: .topLeft),
            size: Size(width: 10, height: 5), scale: 2)
        #expect(out.pixels == image.pixels)
    }

    @Test func surfacePixelSizeRounds() {
        #expect(ImageRenderer.pixelSize(of: Size(width: 10.25, height: 10.75), scale: 2) == (21, 22))
        #expect(ImageRenderer.pixelSize(of: Size(width: 33.4, height: 0.2), scale: 1) == (33, 0))
    }
}
