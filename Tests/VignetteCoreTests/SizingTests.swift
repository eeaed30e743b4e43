import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `Sizing` and open sides against imgproxy's own size tables
/// (processing_test.go: test2.jpg is 200×100; imgproxy's defaults are
/// enlarge off, extend off), rendered on a 1× surface from a 1× image.
@Suite struct SizingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let mode: ContentMode
        let sizing: Sizing
        let size: (Int, Int)
        let out: (Int, Int)
        var testDescription: String { "\(mode) \(sizing) \(size.0)x\(size.1) -> \(out.0)x\(out.1)" }
    }

    static let fit = Sizing(enlarge: false, extend: false)
    static let fitEnlarge = Sizing(enlarge: true, extend: false)
    static let fitExtend = Sizing(enlarge: false, extend: true)
    static let extendAR = Sizing(enlarge: false, extend: false, extendAspectRatio: true)
    static let fillDown = Sizing(enlarge: false, extend: false, fillDown: true)
    static let fillDownEnlarge = Sizing(enlarge: true, extend: false, fillDown: true)
    static let fillDownExtend = Sizing(enlarge: false, extend: true, fillDown: true)
    static let fillDownExtendAR = Sizing(enlarge: false, extend: false, extendAspectRatio: true, fillDown: true)

    static func table(_ mode: ContentMode, _ sizing: Sizing, _ rows: [(Int, Int, Int, Int)]) -> [Case] {
        rows.map { Case(mode: mode, sizing: sizing, size: ($0.0, $0.1), out: ($0.2, $0.3)) }
    }

    static let shared: [(Int, Int, Int, Int)] = [(50, 50, 50, 50), (50, 20, 50, 20), (20, 50, 20, 50)]
    static let openShrink: [(Int, Int, Int, Int)] = [(0, 50, 100, 50), (50, 0, 50, 25)]

    static let cases: [Case] =
        table(
            .aspectFit, fit,
            [(50, 50, 50, 25), (50, 20, 40, 20), (20, 50, 20, 10), (300, 300, 200, 100), (300, 50, 100, 50), (100, 300, 100, 50)]
                + openShrink + [(0, 200, 200, 100), (300, 0, 200, 100)])
        + table(
            .aspectFit, fitEnlarge,
            [(50, 50, 50, 25), (50, 20, 40, 20), (20, 50, 20, 10), (300, 300, 300, 150), (300, 125, 250, 125), (250, 300, 250, 125)]
                + openShrink + [(0, 200, 400, 200), (300, 0, 300, 150)])
        + table(
            .aspectFit, fitExtend,
            shared + [(300, 300, 300, 300), (300, 125, 300, 125), (250, 300, 250, 300)] + openShrink
                + [(0, 200, 200, 200), (300, 0, 300, 100)])
        + table(
            .aspectFit, extendAR,
            shared + [(300, 300, 200, 200), (300, 125, 240, 100), (250, 500, 200, 400)] + openShrink
                + [(0, 200, 200, 100), (300, 0, 200, 100)])
        + table(
            .aspectFill, fit,
            shared + [(300, 300, 200, 100), (300, 50, 200, 50), (100, 300, 100, 100)] + openShrink
                + [(0, 200, 200, 100), (300, 0, 200, 100)])
        + table(
            .aspectFill, fitEnlarge,
            shared + [(300, 300, 300, 300), (300, 125, 300, 125), (250, 300, 250, 300)] + openShrink
                + [(0, 200, 400, 200), (300, 0, 300, 150)])
        + table(
            .aspectFill, fitExtend,
            shared + [(300, 300, 300, 300), (300, 125, 300, 125), (250, 300, 250, 300), (300, 50, 300, 50), (100, 300, 100, 300)]
                + openShrink + [(0, 200, 200, 200), (300, 0, 300, 100)])
        + table(
            .aspectFill, extendAR,
            shared + [(300, 300, 200, 200), (300, 125, 240, 100), (250, 500, 200, 400), (300, 50, 300, 50), (100, 300, 100, 300)]
                + openShrink + [(0, 200, 200, 100), (300, 0, 200, 100)])
        + table(
            .aspectFill, fillDown,
            shared + [(300, 300, 100, 100), (300, 125, 200, 83), (250, 300, 83, 100)] + openShrink
                + [(0, 200, 200, 100), (300, 0, 200, 100)])
        + table(
            .aspectFill, fillDownEnlarge,
            shared + [(300, 300, 300, 300), (300, 125, 300, 125), (250, 300, 250, 300)] + openShrink
                + [(0, 200, 400, 200), (300, 0, 300, 150)])
        + table(
            .aspectFill, fillDownExtend,
            shared + [(300, 300, 300, 300), (300, 125, 300, 125), (250, 300, 250, 300), (300, 50, 300, 50), (100, 300, 100, 300)]
                + openShrink + [(0, 200, 200, 200), (300, 0, 300, 100)])
        + table(
            .aspectFill, fillDownExtendAR,
            [(300, 300, 100, 100), (300, 125, 200, 83), (250, 300, 83, 100)] + openShrink
                + [(0, 200, 200, 100), (300, 0, 200, 100)])
        // force with both sides given, from imgproxy's calcScale by hand:
        // enlarge off divides both scales by the larger one. An open side
        // follows the aspect ratio as fit's does (imgproxy's force keeps the
        // source's side there).
        + table(.scaleToFill, .standard, [(300, 50, 300, 50), (0, 200, 400, 200), (300, 0, 300, 150), (0, 0, 200, 100)])
        + table(.scaleToFill, fitEnlarge, [(300, 50, 300, 50), (0, 200, 400, 200)])
        + table(.scaleToFill, fit, [(300, 50, 200, 33), (100, 50, 100, 50), (0, 200, 200, 100), (400, 0, 200, 100)])
        + table(.scaleToFill, fitExtend, [(300, 50, 300, 50), (0, 200, 200, 200)])

    @Test(arguments: cases)
    func imgproxySizes(_ c: Case) throws {
        let image = TestImages.gradient(200, 100)
        let descriptor = ImageDescriptor(image, contentMode: c.mode).sizing(c.sizing)
        let out = try ImageRenderer.render(descriptor, size: Size(width: Double(c.size.0), height: Double(c.size.1)), scale: 1)
        #expect(out.width == c.out.0 && out.height == c.out.1, "got \(out.width)x\(out.height)")
    }

    /// The example, at 2× too: an open side is the image's as drawn.
    @Test func anOpenSideIsTheImagesAsDrawn() throws {
        let image = TestImages.gradient(200, 100)
        func rendered(_ sizing: Sizing, scale: Double = 1) throws -> (Int, Int) {
            let descriptor = ImageDescriptor(image, contentMode: .aspectFit).sizing(sizing)
            let out = try ImageRenderer.render(descriptor, size: Size(width: 0, height: 200 / scale), scale: scale)
            return (out.width, out.height)
        }
        #expect(try rendered(.standard) == (400, 200))
        #expect(try rendered(.standard, scale: 2) == (400, 200))
        #expect(try rendered(Sizing(enlarge: false)) == (200, 200))
        #expect(try rendered(Sizing(enlarge: false, extend: false)) == (200, 100))
        // Both sides open: the image's own size in surface pixels (a 2× image on a 1× surface is half).
        let both = try ImageRenderer.render(
            ImageDescriptor(TestImages.gradient(200, 100, scale: 2), contentMode: .aspectFill), size: Size(width: 0, height: 0), scale: 1)
        #expect((both.width, both.height) == (100, 50))
        // At least 1 px: a 1000×1 image 0×10 fit with enlarge off.
        let thin = try ImageRenderer.render(
            ImageDescriptor(TestImages.gradient(1000, 1), contentMode: .aspectFit).sizing(Sizing(enlarge: false, extend: false)),
            size: Size(width: 10, height: 0), scale: 1)
        #expect((thin.width, thin.height) == (10, 1))
    }

    /// `300x0` of a 2:1 image is 300×150 in every scaling mode, under
    /// every sizing rule, at 1× and 2×: an open side always follows the
    /// aspect ratio, so force lays out exactly as fit does there.
    @Test func anOpenSideFollowsTheAspectRatioInEveryScalingMode() {
        let image = TestImages.gradient(200, 100)
        let sizings = [false, true].flatMap { enlarge in
            [false, true].flatMap { extend in
                [false, true].map { Sizing(enlarge: enlarge, extend: extend, extendAspectRatio: !extend && $0) }
            }
        }
        for sizing in sizings {
            for (w, h, scale) in [(300.0, 0.0, 1.0), (0.0, 150.0, 1.0), (150.0, 0.0, 2.0), (0.0, 40.0, 1.0), (0.0, 0.0, 1.0)] {
                let size = Size(width: w, height: h)
                let fit = RenderLayout(ImageDescriptor(image, contentMode: .aspectFit).sizing(sizing), size: size, scale: scale)
                for mode in [ContentMode.scaleToFill, .aspectFill] {
                    let layout = RenderLayout(ImageDescriptor(image, contentMode: mode).sizing(sizing), size: size, scale: scale)
                    #expect(layout == fit, "\(mode) \(sizing) \(size) at \(scale)x")
                }
            }
        }
        let standard = RenderLayout(ImageDescriptor(image, contentMode: .scaleToFill), size: Size(width: 300, height: 0), scale: 1)
        #expect((standard.width, standard.height) == (300, 150))
        #expect(standard.target == PixelRect(minX: 0, minY: 0, maxX: 300, maxY: 150))
    }

    /// Where the image lands: enlarge off keeps it at its pixels, centred
    /// (letterboxed) with extend on; pinned by a fixed mode.
    @Test func placementWithEnlargeOff() {
        let image = TestImages.gradient(200, 100)
        func layout(_ mode: ContentMode, _ sizing: Sizing, _ w: Double, _ h: Double) -> RenderLayout {
            RenderLayout(ImageDescriptor(image, contentMode: mode).sizing(sizing), size: Size(width: w, height: h), scale: 1)
        }
        let off = Sizing(enlarge: false)
        #expect(layout(.aspectFit, off, 300, 300).target == PixelRect(minX: 50, minY: 100, maxX: 250, maxY: 200))
        #expect(layout(.aspectFill, off, 300, 50).target == PixelRect(minX: 50, minY: -25, maxX: 250, maxY: 75))
        #expect(layout(.scaleToFill, off, 300, 50).target == PixelRect(minX: 50, minY: 8, maxX: 250, maxY: 42))
        #expect(layout(.bottomRight, off, 300, 300).target == PixelRect(minX: 100, minY: 200, maxX: 300, maxY: 300))
        // A fixed mode draws a 1× image at its size in points; on a 2× surface enlarge off keeps its pixels.
        let two = RenderLayout(ImageDescriptor(image, contentMode: .topLeft).sizing(off), size: Size(width: 300, height: 300), scale: 2)
        #expect(two.target == PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 100))
        // extend off with a fixed mode: the canvas shrinks to the image.
        let shrunk = layout(.center, Sizing(extend: false), 300, 50)
        #expect((shrunk.width, shrunk.height) == (200, 50))
        #expect(shrunk.target == PixelRect(minX: 0, minY: -25, maxX: 200, maxY: 75))
    }

    /// Defaults (and enlarge off when the image is large enough) lay out
    /// exactly as before sizing existed: UIKit's rectangle, snapped.
    @Test(arguments: ContentMode.allCases)
    func theDefaultsAreUIKits(_ mode: ContentMode) {
        for (w, h, scale) in [(37.0, 91.0, 1.0), (10.25, 10.75, 2.0), (120.0, 80.0, 3.0), (1.0, 1.0, 1.0)] {
            let size = Size(width: w, height: h)
            for image in [TestImages.gradient(240, 160), TestImages.gradient(9, 31, scale: 2)] {
                let standard = RenderLayout(ImageDescriptor(image, contentMode: mode), size: size, scale: scale)
                #expect(standard.target == ImageRenderer.imageRect(for: image, mode: mode, size: size, scale: scale))
                #expect((standard.width, standard.height) == ImageRenderer.pixelSize(of: size, scale: scale))
                let drawn = standard.target
                guard drawn.width < image.width - 1, drawn.height < image.height - 1 else { continue }
                let noEnlarge = RenderLayout(
                    ImageDescriptor(image, contentMode: mode).sizing(Sizing(enlarge: false)), size: size, scale: scale)
                #expect(noEnlarge == standard)
            }
        }
    }

    /// Whatever the rules, a given side never grows past the request.
    @Test func theCanvasNeverExceedsAGivenSide() {
        let modes: [ContentMode] = [.aspectFit, .aspectFill, .scaleToFill, .center, .topRight]
        let images = [TestImages.solid(200, 100), TestImages.solid(30, 170), TestImages.solid(7, 7, scale: 3)]
        for mode in modes {
            for bits in 0..<16 {
                let sizing = Sizing(enlarge: bits & 1 != 0, extend: bits & 2 != 0, extendAspectRatio: bits & 4 != 0, fillDown: bits & 8 != 0)
                for image in images {
                    for (w, h) in [(50.0, 80.0), (333.0, 41.0), (0.0, 64.0), (90.0, 0.0), (0.0, 0.0), (1.0, 999.0)] {
                        let layout = RenderLayout(ImageDescriptor(image, contentMode: mode).sizing(sizing), size: Size(width: w, height: h), scale: 1.5)
                        let (rw, rh) = ImageRenderer.pixelSize(of: Size(width: w, height: h), scale: 1.5)
                        #expect(w == 0 || layout.width <= rw, "\(mode) \(sizing) \(w)x\(h)")
                        #expect(h == 0 || layout.height <= rh, "\(mode) \(sizing) \(w)x\(h)")
                        #expect(layout.width >= 1 && layout.height >= 1)
                    }
                }
            }
        }
    }
}
