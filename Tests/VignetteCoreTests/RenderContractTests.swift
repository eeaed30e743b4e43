import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// One render contract: a presentation value out of range is clamped to
/// the nearest allowed one by every renderer — `ImageRenderer.render`, a
/// surface's `render()` and `render(within:)`, animations — so they agree
/// pixel for pixel, while `validatePresentation` (what parsers run)
/// refuses it.
@Suite struct RenderContractTests {
    static let photo = TestImages.gradient(24, 16)
    static let badge = ImageDescriptor(TestImages.solid(4, 4, color: .white)).erased
    static let size = Size(width: 20, height: 20)

    /// Each case: a descriptor out of range, and the same one written with the clamped values.
    static let cases: [(String, ImageDescriptor<Bitmap>, ImageDescriptor<Bitmap>)] = {
        let base = ImageDescriptor(photo, contentMode: .aspectFill)
        let overlay = ImageOverlay(badge, anchor: .topLeft)
        func overlaid(_ change: (inout ImageOverlay) -> Void) -> ImageDescriptor<Bitmap> {
            var copy = overlay
            change(&copy)
            return base.overlays([copy])
        }
        return [
            ("focus", base.focus(.point(x: -3, y: .nan)), base.focus(.point(x: 0, y: 0.5))),
            ("radius", base.shape(.roundedRect(cornerRadius: -4)), base.shape(.roundedRect(cornerRadius: 0))),
            ("border", base.border(Border(width: .nan, color: .black)), base.border(Border(width: 0, color: .black))),
            ("blur", base.effects([.blur(sigma: 1e9)]), base.effects([.blur(sigma: ImageEffect.maxSigma)])),
            ("sharpen", base.effects([.sharpen(amount: -2)]), base.effects([.sharpen(amount: 0)])),
            ("backdrop", base.contentMode(.aspectFit).backdrop(.blurredImage(sigma: -1)), base.contentMode(.aspectFit).backdrop(.blurredImage(sigma: 0))),
            ("opacity", overlaid { $0.opacity = 7 }, overlaid { $0.opacity = 1 }),
            ("offset", overlaid { $0.offset = Point(x: .nan, y: 3) }, overlaid { $0.offset = Point(x: 0, y: 3) }),
            (
                "overlay's own shape", overlaid { $0.descriptor = $0.descriptor.shape(.roundedRect(cornerRadius: .nan)) },
                overlaid { $0.descriptor = $0.descriptor.shape(.roundedRect(cornerRadius: 0)) }
            )
        ]
    }()

    @Test(arguments: cases.indices)
    func everyRendererClampsTheSameWay(index: Int) throws {
        let (name, outOfRange, clamped) = Self.cases[index]
        let expected = try ImageRenderer.render(clamped, size: Self.size, scale: 2)
        #expect(try ImageRenderer.render(outOfRange, size: Self.size, scale: 2) == expected, "\(name)")
        let surface = try ImageSurface(size: Self.size, scale: 2)
        surface.apply(outOfRange)
        #expect(surface.render() == expected, "\(name)")
        #expect(try surface.render(within: .standard) == expected, "\(name)")
        #expect(throws: ImageRenderer.Error.self, "\(name)") { try ImageRenderer.validatePresentation(outOfRange) }
        #expect(throws: Never.self, "\(name)") { try ImageRenderer.validatePresentation(clamped) }
    }

    @Test func animationsClampLikeStills() throws {
        let (_, outOfRange, clamped) = Self.cases[3]
        let animation = AnimatedImage(still: Self.photo)
        let frames = try ImageRenderer.render(outOfRange.map { _ in animation }, size: Self.size, scale: 1)
        #expect(frames.frames.first?.bitmap == (try ImageRenderer.render(clamped, size: Self.size, scale: 1)))
    }

    /// The overlay count is a resource limit, not a value: refused where a budget is checked.
    @Test func tooManyOverlaysAreRefusedWhereverABudgetIsChecked() throws {
        let overlays = Array(repeating: ImageOverlay(Self.badge, anchor: .center), count: ImageOverlay.maxCount + 1)
        let descriptor = ImageDescriptor(Self.photo).overlays(overlays)
        let refusal = ImageRenderer.Error.tooManyOverlays(count: ImageOverlay.maxCount + 1, limit: ImageOverlay.maxCount)
        #expect(throws: refusal) { try ImageRenderer.render(descriptor, size: Self.size, scale: 1) }
        let surface = try ImageSurface(size: Self.size)
        surface.apply(descriptor)
        #expect(throws: refusal) { try surface.render(within: .standard) }
    }
}
