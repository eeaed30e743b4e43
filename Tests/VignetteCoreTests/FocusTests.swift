import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Focus chooses the visible window where the placed image overflows the
/// canvas: anchors pin edges, a focal point sits as near the centre as the
/// edges allow, `.smart` asks `SmartCrop`, and `.center` changes nothing.
@Suite struct FocusTests {
    static func target(_ image: Bitmap, _ mode: ContentMode, _ focus: Focus, _ w: Double = 100, _ h: Double = 100, scale: Double = 1) -> PixelRect {
        RenderLayout(ImageDescriptor(image, contentMode: mode).focus(focus), size: Size(width: w, height: h), scale: scale).target
    }

    static func target(_ image: Bitmap, _ focus: Focus, _ w: Double = 100, _ h: Double = 100, scale: Double = 1) -> PixelRect {
        target(image, .aspectFill, focus, w, h, scale: scale)
    }

    /// A 400×200 source aspect-filled into 100×100 is 200×100: only x moves.
    @Test func landscapeWindows() {
        let image = TestImages.gradient(400, 200)
        func minX(_ focus: Focus) -> Int {
            let t = Self.target(image, focus)
            #expect(t.width == 200 && t.minY == 0 && t.maxY == 100)
            return t.minX
        }
        #expect(minX(.anchor(.center)) == -50)
        #expect(minX(.anchor(.left)) == 0 && minX(.anchor(.topLeft)) == 0 && minX(.anchor(.bottomLeft)) == 0)
        #expect(minX(.anchor(.right)) == -100 && minX(.anchor(.bottomRight)) == -100)
        #expect(minX(.anchor(.top)) == -50 && minX(.anchor(.bottom)) == -50)  // they name no horizontal edge
        // Focal point: window centre at x·200, clamped to the image.
        #expect(minX(.point(x: 0.25, y: 0.5)) == 0)  // 50 - 50
        #expect(minX(.point(x: 0.4, y: 0.1)) == -30)  // 50 - 80
        #expect(minX(.point(x: 0.5, y: 0.5)) == -50)
        #expect(minX(.point(x: 0.9, y: 0.5)) == -100)  // 50 - 180 = -130, clamped
        #expect(minX(.point(x: 0, y: 0)) == 0 && minX(.point(x: 1, y: 1)) == -100)
    }

    /// A 200×400 source aspect-filled into 100×100 is 100×200: only y moves.
    @Test func portraitWindows() {
        let image = TestImages.gradient(200, 400)
        func minY(_ focus: Focus) -> Int {
            let t = Self.target(image, focus)
            #expect(t.height == 200 && t.minX == 0 && t.maxX == 100)
            return t.minY
        }
        #expect(minY(.anchor(.center)) == -50)
        #expect(minY(.anchor(.top)) == 0 && minY(.anchor(.topRight)) == 0)
        #expect(minY(.anchor(.bottom)) == -100 && minY(.anchor(.bottomLeft)) == -100)
        #expect(minY(.anchor(.left)) == -50)
        #expect(minY(.point(x: 0.9, y: 0.3)) == -10)  // 50 - 60
        #expect(minY(.point(x: 0.1, y: 0.7)) == -90)  // 50 - 140
        #expect(minY(.point(x: 0.5, y: 0.05)) == 0)
    }

    /// Edges snap to floor(v + 0.5) and stay within the image.
    @Test func focalEdgesSnap() {
        #expect(RenderLayout.edge(focal: 0.25, length: 10, window: 5) == 0)  // 2.5 - 2.5
        #expect(RenderLayout.edge(focal: 0.3, length: 10, window: 5) == 0)  // -0.5 → floor(0) = 0
        #expect(RenderLayout.edge(focal: 0.33, length: 10, window: 5) == -1)  // -0.8 → floor(-0.3)
        #expect(RenderLayout.edge(focal: 0.35, length: 10, window: 5) == -1)
        #expect(RenderLayout.edge(focal: 0.8, length: 10, window: 5) == -5)  // -5.5 → -5 (the far edge)
        #expect(RenderLayout.edge(focal: .nan, length: 10, window: 4) == -3)  // centre
        // At 2×: a 400×200 1× image filling 50×50 pt is 200×100 px of a 100-px canvas.
        let image = TestImages.gradient(400, 200)
        #expect(Self.target(image, .point(x: 0.4, y: 0.5), 50, 50, scale: 2).minX == -30)
    }

    /// Fixed-size modes: the mode's own placement is the default; a focus
    /// moves only the axes where the image overflows.
    @Test func fixedModes() {
        let tall = TestImages.gradient(60, 300)
        #expect(Self.target(tall, .top, .anchor(.center)).minY == 0)  // the mode pins the top
        #expect(Self.target(tall, .top, .anchor(.bottom)).minY == -200)
        #expect(Self.target(tall, .top, .anchor(.left)).minY == 0)  // .left names no vertical edge
        #expect(Self.target(tall, .bottom, .anchor(.center)).minY == -200)
        #expect(Self.target(tall, .bottom, .point(x: 0.5, y: 0.5)).minY == -100)
        #expect(Self.target(tall, .top, .anchor(.right)).minX == 20)  // x does not overflow: the mode's centring
        let large = TestImages.gradient(300, 300)
        #expect(Self.target(large, .center, .anchor(.center)) == PixelRect(minX: -100, minY: -100, maxX: 200, maxY: 200))
        #expect(Self.target(large, .center, .anchor(.topLeft)) == PixelRect(minX: 0, minY: 0, maxX: 300, maxY: 300))
        #expect(Self.target(large, .topLeft, .anchor(.bottomRight)) == PixelRect(minX: -200, minY: -200, maxX: 100, maxY: 100))
        #expect(Self.target(large, .bottomRight, .anchor(.top)) == PixelRect(minX: -200, minY: 0, maxX: 100, maxY: 300))
        // An image that fits is never moved.
        let small = TestImages.gradient(40, 30)
        #expect(Self.target(small, .center, .anchor(.bottomRight)) == Self.target(small, .center, .anchor(.center)))
        #expect(Self.target(small, .aspectFit, .point(x: 0, y: 0)) == Self.target(small, .aspectFit, .anchor(.center)))
    }

    /// The default keeps today's placement for every mode and image shape.
    @Test(arguments: ContentMode.allCases)
    func theDefaultIsTheModesPlacement(_ mode: ContentMode) {
        for image in [TestImages.gradient(400, 200), TestImages.gradient(50, 333, scale: 2), TestImages.gradient(7, 7)] {
            for (size, scale) in [(Size(width: 100, height: 100), 1.0), (Size(width: 33.5, height: 61.25), 3.0)] {
                let layout = RenderLayout(ImageDescriptor(image, contentMode: mode), size: size, scale: scale)
                #expect(layout.target == ImageRenderer.imageRect(for: image, mode: mode, size: size, scale: scale))
            }
        }
    }

    /// The window's pixels: an unscaled crop shows exactly the source's
    /// columns; a resampled one is the full resample's window (the
    /// resampler computes only the visible part, with the same weights).
    @Test func theWindowsPixels() throws {
        let image = TestImages.gradient(300, 100)
        let right = try ImageRenderer.render(ImageDescriptor(image, contentMode: .aspectFill).focus(.right), size: Size(width: 100, height: 100), scale: 1)
        for y in [0, 37, 99] {
            let row = Array(right.pixels[(y * 100 * 4)..<((y * 100 + 100) * 4)])
            let source = Array(image.pixels[((y * 300 + 200) * 4)..<((y * 300 + 300) * 4)])
            #expect(row == source)
        }
        let photo = TestImages.gradient(240, 90)
        let focused = try ImageRenderer.render(
            ImageDescriptor(photo, contentMode: .aspectFill).focus(.point(x: 0.3, y: 0.5)), size: Size(width: 50, height: 60), scale: 1)
        // aspectFill scales to 160×60; the window starts at 25 - 48 = -23.
        let whole = try ImageRenderer.render(ImageDescriptor(photo, contentMode: .scaleToFill), size: Size(width: 160, height: 60), scale: 1)
        for y in 0..<60 {
            let row = Array(focused.pixels[(y * 50 * 4)..<((y * 50 + 50) * 4)])
            let window = Array(whole.pixels[((y * 160 + 23) * 4)..<((y * 160 + 73) * 4)])
            #expect(row == window, "row \(y)")
        }
    }

    /// `.smart` is the point SmartCrop answers for the visible window's
    /// fractions of the image, placed like `.point`.
    @Test func smartIsSmartCropsPoint() {
        for (image, w, h) in [(TestImages.gradient(400, 200), 100.0, 100.0), (TestImages.gradient(120, 360), 90.0, 60.0)] {
            let layout = RenderLayout(ImageDescriptor(image, contentMode: .aspectFill), size: Size(width: w, height: h), scale: 1)
            let window = (min(1, w / Double(layout.target.width)), min(1, h / Double(layout.target.height)))
            let p = SmartCrop.focalPoint(of: image, windowWidth: window.0, windowHeight: window.1)
            #expect(Self.target(image, .smart, w, h) == Self.target(image, .point(x: p.x, y: p.y), w, h))
            // Budgets never run the saliency measure: their layout keeps the mode's placement.
            let sized = RenderLayout(
                ImageDescriptor(image, contentMode: .aspectFill).focus(.smart), size: Size(width: w, height: h), scale: 1, resolvesSmartFocus: false)
            #expect(sized.target == layout.target)
        }
    }
}
