import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The shrink-on-load rule decoders share: the largest reduction that still
/// leaves at least the pixels the render draws.
@Suite struct ShrinkTargetTests {
    @Test func aspectFillKeepsTheCoveredSideAtLeastTheTarget() {
        // 3072×2048 into 600×600 aspectFill: the height (2048) must stay ≥ 600 → 1/2 (1024), not 1/4 (512).
        let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFill)
        #expect(target.largestReduction(width: 3072, height: 2048) == 2)
        // 6000×4000 → 1/4 gives 1500×1000, 1/8 gives 750×500 (< 600 high).
        #expect(target.largestReduction(width: 6000, height: 4000) == 4)
    }

    @Test func aspectFitNeedsOnlyTheFittedSide() {
        // 6000×4000 into 600×600 aspectFit draws 600×400: 1/8 (750×500) still covers it.
        let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFit)
        #expect(target.largestReduction(width: 6000, height: 4000) == 8)
    }

    @Test func scaleToFillNeedsBothTargetSides() {
        let target = ShrinkTarget(size: PixelSize(width: 100, height: 900), contentMode: .scaleToFill)
        #expect(target.largestReduction(width: 1600, height: 1800) == 2)
    }

    @Test func sidesRoundUpLikeTheDecoders() {
        // 2401 / 4 rounds up to 601 ≥ 600.
        let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .scaleToFill)
        #expect(target.largestReduction(width: 2401, height: 2401) == 4)
        #expect(target.largestReduction(width: 2396, height: 2396) == 2)  // 599 < 600
    }

    @Test(arguments: [ContentMode.center, .top, .bottomRight])
    func modesThatDrawOneToOneNeverShrink(mode: ContentMode) {
        #expect(ShrinkTarget(size: PixelSize(width: 10, height: 10), contentMode: mode).largestReduction(width: 8000, height: 8000) == 1)
    }

    @Test func smallImagesAndEmptyTargetsAreNotReduced() {
        let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFill)
        #expect(target.largestReduction(width: 300, height: 200) == 1)
        #expect(ShrinkTarget(size: PixelSize(width: 0, height: 0), contentMode: .aspectFill).largestReduction(width: 100, height: 100) == 1)
    }

    @Test func optionsWithANaNScaleStillEqualThemselves() {
        let options = DecodingOptions(scale: .nan)
        #expect(options == options)
        #expect(Set([options, options]).count == 1)
    }
}
