import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// An open side takes the image's size, so it is bounded like a surface:
/// `render` refuses a canvas over 32768 px a side or `maxPixelCount`
/// (typed errors, before allocating); a surface's non-throwing `render()`
/// clamps the open side instead, the image cropped by its focus.
@Suite struct SizingLimitsTests {
    @Test func anOpenSideOverTheSideLimitIsRefusedOrClamped() throws {
        let strip = TestImages.solid(30000, 1)
        let descriptor = ImageDescriptor(strip, contentMode: .aspectFit)
        let size = Size(width: 0, height: 2)
        #expect(throws: ImageRenderer.Error.invalidSize(Size(width: 60000, height: 2), scale: 1)) {
            try ImageRenderer.render(descriptor, size: size, scale: 1)
        }
        let layout = RenderLayout(descriptor, size: size, scale: 1)
        #expect((layout.width, layout.height) == (32768, 2))
        #expect(layout.overflow == PixelSize(width: 60000, height: 2))
        let surface = try ImageSurface(size: size)
        surface.apply(descriptor)
        #expect(throws: ImageRenderer.Error.invalidSize(Size(width: 60000, height: 2), scale: 1)) {
            try surface.render(within: .standard)
        }
        let clamped = surface.render()
        #expect((clamped.width, clamped.height) == (32768, 2))
    }

    @Test func anOpenSideOverThePixelLimitIsRefusedOrClamped() throws {
        let image = TestImages.solid(1057, 100)
        let descriptor = ImageDescriptor(image, contentMode: .aspectFill)
        let size = Size(width: 0, height: 3100)
        #expect(throws: ImageRenderer.Error.tooManyPixels(width: 32767, height: 3100, limit: ImageRenderer.maxPixelCount)) {
            try ImageRenderer.render(descriptor, size: size, scale: 1)
        }
        let layout = RenderLayout(descriptor, size: size, scale: 1)
        #expect((layout.width, layout.height) == (ImageRenderer.maxPixelCount / 3100, 3100))
        #expect(layout.width * layout.height <= ImageRenderer.maxPixelCount)
        // Just under the limit renders (sizes only are checked here: the budget says what it would cost).
        let fits = RenderLayout(descriptor, size: Size(width: 0, height: 3000), scale: 1)
        #expect(fits.overflow == nil && fits.width == 31710)
    }

    /// Budgets count the canvas an open side makes, not the request's 0.
    @Test func budgetsSeeTheOpenSidesCanvas() {
        let descriptor = ImageDescriptor(TestImages.solid(200, 100), contentMode: .aspectFit)
        let open = ImageRenderer.plannedBytes(descriptor, size: Size(width: 0, height: 200), scale: 1)
        let given = ImageRenderer.plannedBytes(descriptor, size: Size(width: 400, height: 200), scale: 1)
        #expect(open == given)
        #expect(open >= 400 * 200 * 4)
    }
}
