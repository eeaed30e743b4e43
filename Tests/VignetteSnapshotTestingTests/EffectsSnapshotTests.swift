import SnapshotTesting
import Testing
import VignetteSnapshotTesting
import VignetteTestSupport

@testable import VignetteCore

/// The effects and the blurred-image backdrop pinned as PNG references under
/// `Snapshots/EffectsSnapshotTests/` (each one looked at once before committing).
@Suite struct EffectsSnapshotTests {
    /// thumbor's `fill(blur)`: the photo aspect-fitted into a square, the
    /// bands above and below showing it aspect-filled and blurred (σ 8 pt).
    @Test func blurredFillLetterbox() async throws {
        let surface = try ImageSurface(size: Size(width: 120, height: 120), scale: 2)
        surface.apply(ImageDescriptor(try TestImages.photo(), contentMode: .aspectFit).backdrop(.blurredImage(sigma: 8)))
        await assertImageSnapshot(of: surface, as: .image, named: "blurred-fill-letterbox")
    }

    /// Each effect alone on the aspect-filled photo, and two in order.
    @Test func effects() async throws {
        let cases: [(String, [ImageEffect])] = [
            ("grayscale", [.grayscale]), ("blur-2", [.blur(sigma: 2)]), ("blur-20", [.blur(sigma: 20)]),
            ("sharpen-1.5", [.sharpen(amount: 1.5)]), ("grayscale-then-sharpen-3", [.grayscale, .sharpen(amount: 3)])
        ]
        for (name, effects) in cases {
            let surface = try ImageSurface(size: Size(width: 90, height: 60), scale: 2)
            surface.apply(ImageDescriptor(try TestImages.photo(), contentMode: .aspectFill).effects(effects))
            await assertImageSnapshot(of: surface, as: .image, named: name)
        }
    }
}
