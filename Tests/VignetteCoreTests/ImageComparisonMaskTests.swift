import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ignoring:` regions: rectangles in points and mask bitmaps.
@Suite struct ImageComparisonMaskTests {
    /// A 2× gradient with a 6×4 px black block at (20, 10) px = (10, 5) pt.
    static func pair() -> (reference: Bitmap, actual: Bitmap) {
        let reference = TestImages.gradient(60, 40, scale: 2)
        var actual = reference
        actual.fill(PixelRect(minX: 20, minY: 10, maxX: 26, maxY: 14), with: .black)
        return (reference, actual)
    }

    @Test func aRectInPointsIsScaledToPixels() {
        let (reference, actual) = Self.pair()
        #expect(!ImageComparison.exact.compare(reference, actual).matches)
        // 10,5 3×2 pt = 20,10 6×4 px at scale 2: exactly the block.
        let masked = ImageComparison(ignoring: [.rect(Rect(x: 10, y: 5, width: 3, height: 2))]).compare(reference, actual)
        #expect(masked.matches && masked.differingPixelCount == 0 && masked.ignoredDifferingPixelCount == 24)
        #expect(!masked.isIdentical)
        #expect(masked.description == "identical outside ignored regions (2400 pixels; 24 differing pixels in ignored regions)")
        // Read as pixels (scale 1), the same rectangle misses the block.
        var oneX = actual
        oneX.scale = 1
        let wrongScale = ImageComparison(ignoring: [.rect(Rect(x: 10, y: 5, width: 3, height: 2))]).compare(reference, oneX)
        #expect(!wrongScale.matches && wrongScale.differingPixelCount == 24)
    }

    @Test func fractionalEdgesRoundOutwardsAndOutsideIsClipped() {
        let (reference, actual) = Self.pair()
        // 10.4…12.6 pt × 2 = 20.8…25.2 px: pixels 20…25 are touched.
        let fractional = ImageComparison(ignoring: [.rect(Rect(x: 10.4, y: 5.2, width: 2.2, height: 1.6))])
        #expect(fractional.compare(reference, actual).matches)
        #expect(
            ImageComparison.pixelRect(covering: Rect(x: 10.4, y: 5.2, width: 2.2, height: 1.6), scale: 2)
                == PixelRect(minX: 20, minY: 10, maxX: 26, maxY: 14))
        // A rectangle mostly outside the image is clipped, not an error.
        var corner = reference
        corner.fill(PixelRect(minX: 56, minY: 36, maxX: 60, maxY: 40), with: .black)
        let clipped = ImageComparison(ignoring: [.rect(Rect(x: 28, y: 18, width: 500, height: 500))]).compare(reference, corner)
        #expect(clipped.matches && clipped.ignoredDifferingPixelCount == 16)
        // Only part of a change ignored: the rest still counts and is located.
        let partial = ImageComparison(ignoring: [.rect(Rect(x: 10, y: 5, width: 1, height: 2))]).compare(reference, actual)
        #expect(!partial.matches && partial.differingPixelCount == 16 && partial.ignoredDifferingPixelCount == 8)
        #expect(partial.differenceBounds == PixelRect(minX: 22, minY: 10, maxX: 26, maxY: 14))
    }

    @Test func invalidRectanglesAreTypedErrors() {
        let (reference, actual) = Self.pair()
        for rect in [
            Rect(x: 0, y: 0, width: -1, height: 4), Rect(x: .nan, y: 0, width: 1, height: 1),
            Rect(x: 0, y: 0, width: .infinity, height: 1)
        ] {
            let result = ImageComparison(ignoring: [.rect(rect)]).compare(reference, reference)
            // (NaN is not equal to itself: compare the message.)
            #expect(result.regionError.map(String.init(describing:)) == ImageComparison.Error.invalidIgnoredRect(rect).description)
            #expect(!result.matches && !result.isIdentical)
            #expect(result.description.hasPrefix("not compared: the ignored rectangle"))
        }
        // An empty rectangle ignores nothing.
        #expect(!ImageComparison(ignoring: [.rect(Rect(x: 10, y: 5, width: 0, height: 2))]).compare(reference, actual).matches)
    }

    @Test func aMaskBitmapIgnoresWhereAlphaIsNotZero() {
        let (reference, actual) = Self.pair()
        var mask = Bitmap(width: 60, height: 40, fill: .clear)
        mask.fill(PixelRect(minX: 20, minY: 10, maxX: 26, maxY: 14), with: Color(red: 0, green: 0, blue: 0, alpha: 1))
        let result = ImageComparison(ignoring: [.mask(mask)]).compare(reference, actual)
        #expect(result.matches && result.ignoredDifferingPixelCount == 24)
        // One pixel short of the block: that pixel fails.
        var short = Bitmap(width: 60, height: 40, fill: .clear)
        short.fill(PixelRect(minX: 20, minY: 10, maxX: 26, maxY: 14), with: .black)
        short[25, 13] = PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 0)
        let almost = ImageComparison(ignoring: [.mask(short)]).compare(reference, actual)
        #expect(!almost.matches && almost.differingPixelCount == 1 && almost.worstLocation == .init(x: 25, y: 13))
    }

    @Test func aMaskOfAnotherSizeIsAClearError() {
        let (reference, actual) = Self.pair()
        let result = ImageComparison(ignoring: [.mask(Bitmap(width: 30, height: 20, fill: .black))]).compare(reference, actual)
        #expect(result.regionError == .maskSizeMismatch(mask: PixelSize(width: 30, height: 20), image: PixelSize(width: 60, height: 40)))
        #expect(!result.matches)
        #expect(
            "\(result)" == "not compared: the ignoring mask is 30x20 px but the images are 60x40 px; "
                + "make the mask the images' pixel size (points × scale)")
    }

    /// Ignoring only costs anything on differing pixels: the unit-step blocks
    /// and the exact path count the same as without a mask outside it.
    @Test func fastPathsAgreeWithMasks() throws {
        let photo = try TestImages.photo()
        let noisy = TestImages.noisy(photo)
        let region = ImageComparison.IgnoredRegion.rect(Rect(x: 101, y: 33, width: 50, height: 70))
        for perceptual in [1.0, 0.98] {
            let plain = ImageComparison(perceptualPrecision: perceptual).compare(photo, noisy)
            let masked = ImageComparison(perceptualPrecision: perceptual, ignoring: [region]).compare(photo, noisy)
            #expect(masked.differingPixelCount + masked.ignoredDifferingPixelCount == plain.differingPixelCount)
            #expect(masked.ignoredDifferingPixelCount > 3000)
        }
        #expect(ImageComparison(ignoring: [region]).compare(photo, photo).isIdentical)
    }

    @Test func diffImageHatchesIgnoredRegionsBlue() throws {
        let (reference, actual) = Self.pair()
        let comparison = ImageComparison(ignoring: [.rect(Rect(x: 10, y: 5, width: 3, height: 2))])
        let diff = try #require(comparison.diffImage(reference, actual))
        let blues = [ImageComparison.DiffColors.ignored.premultiplied, ImageComparison.DiffColors.ignoredStripe.premultiplied]
        var stripes = Set<PremultipliedPixel>()
        for y in 10..<14 {
            for x in 20..<26 { stripes.insert(diff[x, y]) }
        }
        #expect(stripes == Set(blues))
        #expect(!blues.contains(diff[19, 10]) && !blues.contains(diff[26, 14]))
        // Without the mask, the block is red.
        #expect(try #require(ImageComparison.exact.diffImage(reference, actual))[22, 11] == ImageComparison.DiffColors.failing.premultiplied)
    }
}
