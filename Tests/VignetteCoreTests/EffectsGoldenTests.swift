import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Pinned fingerprints of effect and backdrop renders (FNV-1a 64 of the
/// premultiplied pixels, as `GoldenRenderTests` pins them): the blur,
/// grayscale and sharpen kernels and the blurred-fill letterbox must give
/// the same bytes on every machine and in debug and release. Each render was
/// inspected by eye before pinning.
@Suite struct EffectsGoldenTests {
    /// The blurred-fill letterbox (thumbor's `fill(blur)`): the photo
    /// aspect-fitted into 300×300 pt @2x, the bands above and below showing
    /// it aspect-filled and blurred with σ = 12 pt.
    @Test func blurredFillLetterbox() throws {
        try GoldenRenderTests.expectGolden(
            "parrots aspectFit 300×300 pt @2x, backdrop blur:12",
            ImageDescriptor(TestImages.photo(), contentMode: .aspectFit, background: Color(hex: "#EEEEEE"))
                .backdrop(.blurredImage(sigma: 12)),
            size: Size(width: 300, height: 300), scale: 2, pixels: (600, 600),
            hash: 0x6CEA_7C05_2576_E8F7)
    }

    /// Grayscale then a small blur (direct taps), aspect-filled @2x.
    @Test func grayscaleThenBlur() throws {
        try GoldenRenderTests.expectGolden(
            "parrots aspectFill 150×100 pt @2x, grayscale, blur(1.5)",
            ImageDescriptor(TestImages.photo(), contentMode: .aspectFill).effects([.grayscale, .blur(sigma: 1.5)]),
            size: Size(width: 150, height: 100), scale: 2, pixels: (300, 200),
            hash: 0xE475_290C_4294_0F47)
    }

    /// A large blur (the reduced path) then a sharpen, @3x.
    @Test func largeBlurThenSharpen() throws {
        try GoldenRenderTests.expectGolden(
            "parrots aspectFill 80×80 pt @3x, blur(9), sharpen(2)",
            ImageDescriptor(TestImages.photo(), contentMode: .aspectFill).effects([.blur(sigma: 9), .sharpen(amount: 2)]),
            size: Size(width: 80, height: 80), scale: 3, pixels: (240, 240),
            hash: 0x135A_AB41_7A81_4680)
    }
}
