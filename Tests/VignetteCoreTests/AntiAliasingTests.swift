import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The anti-aliasing-aware mode: edges drawn a fraction of a pixel elsewhere
/// are forgiven on request, real changes near edges are not.
@Suite struct AntiAliasingTests {
    static let ink = TestImages.ink, paper = TestImages.paper

    @Test func subPixelShiftedDiscPassesOnlyWhenForgiven() {
        let reference = TestImages.disc(centerX: 20, centerY: 20)
        let actual = TestImages.disc(centerX: 20.3, centerY: 19.8)
        let strict = ImageComparison(perceptualPrecision: 0.98).compare(reference, actual)
        #expect(!strict.matches && strict.failingPixelCount > 20)
        // Strict classifies nothing: the figures are those of a plain comparison.
        #expect(strict.antiAliasedPixelCount == 0 && !"\(strict)".contains("anti-alias"))
        // Reported: every failing pixel is classified as anti-aliasing, and still fails.
        let reported = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .reported).compare(reference, actual)
        #expect(!reported.matches && reported.failingPixelCount == strict.failingPixelCount)
        #expect(reported.antiAliasedPixelCount == strict.failingPixelCount)
        #expect("\(reported)".contains("\(reported.antiAliasedPixelCount) of the failing pixels look like anti-aliasing"))
        let forgiven = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .forgiven).compare(reference, actual)
        #expect(forgiven.matches, "\(forgiven)")
        #expect(forgiven.failingPixelCount == 0 && forgiven.antiAliasedPixelCount == reported.antiAliasedPixelCount)
        #expect(forgiven.differingPixelCount == strict.differingPixelCount)
        #expect("\(forgiven)".contains("anti-aliased pixels forgiven") && "\(forgiven)".contains("within tolerance"))
        // Exact: a few tiny differences off the edge line still fail, and the message counts them.
        let exact = ImageComparison(antiAliasing: .forgiven).compare(reference, actual)
        #expect(exact.failingPixelCount > 0 && exact.failingPixelCount < exact.differingPixelCount / 10)
        #expect("\(exact)".contains(", \(exact.failingPixelCount) failing; \(exact.antiAliasedPixelCount) anti-aliased pixels forgiven"))
    }

    /// The same through the renderer: a hard-edged disc in a 400 px source,
    /// downscaled 10× onto a surface, moved by 3 source pixels (0.3 px).
    /// The box filter's area average is exact coverage; Lanczos-3 (the
    /// default) also rings a little beside the edge, which ΔE 5 absorbs.
    @Test(arguments: [(ResamplingFilter.box, 0.98), (.lanczos3, 0.95)])
    func rendererSubPixelShiftPassesOnlyWhenForgiven(filter: ResamplingFilter, perceptualPrecision: Double) throws {
        func rendered(offset: Double) throws -> Bitmap {
            var source = Bitmap(width: 400, height: 400, fill: Self.paper)
            for y in 0..<400 {
                for x in 0..<400 {
                    let dx = Double(x) + 0.5 - 200 - offset
                    let dy = Double(y) + 0.5 - 200 - offset / 2
                    if dx * dx + dy * dy <= 120 * 120 { source[x, y] = Self.ink.premultiplied }
                }
            }
            let surface = try ImageSurface(size: Size(width: 40, height: 40), scale: 1, filter: filter)
            surface.apply(ImageDescriptor(source, contentMode: .scaleToFill))
            return surface.render()
        }
        let reference = try rendered(offset: 0)
        let actual = try rendered(offset: 3)
        let strict = ImageComparison(perceptualPrecision: perceptualPrecision).compare(reference, actual)
        #expect(!strict.matches && strict.failingPixelCount > 50)
        let forgiven = ImageComparison(perceptualPrecision: perceptualPrecision, antiAliasing: .forgiven).compare(reference, actual)
        #expect(forgiven.matches, "\(forgiven)")
    }

    @Test func aStrokeThatChangedColourStillFails() {
        let reference = TestImages.disc(centerX: 20, centerY: 20)
        let recoloured = TestImages.disc(centerX: 20, centerY: 20, ink: Color(red: 200, green: 30, blue: 40))
        let result = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .forgiven).compare(reference, recoloured)
        #expect(!result.matches)
        #expect(result.failingPixelCount > 300)
        // The disc's rim may look like anti-aliasing in places; its body never.
        #expect(result.antiAliasedPixelCount < result.failingPixelCount / 4)
    }

    @Test func aBlockPaintedAcrossTheEdgeStillFails() {
        let reference = TestImages.disc(centerX: 20, centerY: 20)
        var actual = reference
        // Across the disc's left edge (x = 9), in a grey between ink and paper.
        actual.fill(PixelRect(minX: 6, minY: 16, maxX: 13, maxY: 24), with: Color(red: 140, green: 150, blue: 190))
        let result = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .forgiven).compare(reference, actual)
        #expect(!result.matches)
        #expect(result.failingPixelCount >= 30, "\(result)")
    }

    @Test func anEdgeMovedByAWholePixelIsARealChange() {
        var reference = Bitmap(width: 12, height: 6, fill: .white)
        var actual = reference
        reference.fill(PixelRect(minX: 0, minY: 0, maxX: 5, maxY: 6), with: .black)
        actual.fill(PixelRect(minX: 0, minY: 0, maxX: 6, maxY: 6), with: .black)
        let result = ImageComparison(antiAliasing: .forgiven).compare(reference, actual)
        #expect(!result.matches && result.failingPixelCount == 6 && result.antiAliasedPixelCount == 0)
    }

    @Test func diffImageDrawsAntiAliasingYellow() throws {
        let reference = TestImages.disc(centerX: 20, centerY: 20)
        let actual = TestImages.disc(centerX: 20.3, centerY: 19.8)
        for mode in [ImageComparison.AntiAliasing.strict, .reported, .forgiven] {
            let diff = try #require(ImageComparison(perceptualPrecision: 0.98, antiAliasing: mode).diffImage(reference, actual))
            var yellow = 0
            var red = 0
            for y in 0..<diff.height {
                for x in 0..<diff.width {
                    let pixel = diff[x, y]
                    if pixel == ImageComparison.DiffColors.antiAliased.premultiplied { yellow += 1 }
                    if pixel == ImageComparison.DiffColors.failing.premultiplied { red += 1 }
                }
            }
            // Strict classifies nothing: the same pixels are plain red.
            #expect(mode == .strict ? yellow == 0 && red > 20 : yellow > 20 && red == 0)
        }
    }

    @Test func aMovedSquareInAPhotoIsNotAntiAliasing() throws {
        let photo = try TestImages.photo()
        let a = TestImages.withSquare(photo, at: 100, 50)
        let b = TestImages.withSquare(photo, at: 104, 50)
        let result = ImageComparison(perceptualPrecision: 0.98, antiAliasing: .forgiven).compare(a, b)
        #expect(!result.matches && result.failingPixelCount >= 70, "\(result)")
    }
}
