import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ImageEffect.sharpen`: an unsharp mask with σ = 1 pt — each colour gains
/// `amount` × (itself − its Gaussian blur), clamped to 0…alpha — checked
/// against the same formula in floating point over an exact Gaussian.
@Suite struct SharpenEffectTests {
    @Test(arguments: [(1.0, 1.0), (2.0, 0.5), (1.0, 3.7), (3.0, 10.0)])
    func matchesFloatingPointUnsharpMask(scale: Double, amount: Double) throws {
        let (width, height) = (97, 65)
        let source = try BlurEffectTests.photo(width: width, height: height)
        var pixels = source
        ImageEffects.apply([.sharpen(amount: amount)], to: &pixels, width: width, height: height, scale: scale)
        let blurred = ReferenceGaussian.blur(source, width: width, height: height, sigma: scale)
        var (worst, total) = (0.0, 0.0)
        for i in source.indices {
            let alpha = Double(source[i | 3])
            let x = Double(source[i])
            let expected = i % 4 == 3 ? x : min(alpha, max(0, x + amount * (x - blurred[i])))
            let error = abs(Double(pixels[i]) - expected)
            (worst, total) = (max(worst, error), total + error)
        }
        // The integer blur is within about one level of the exact one (a quarter on average); the mask multiplies that by `amount`.
        #expect(worst <= 1 + amount, "worst \(worst) at amount \(amount)")
        #expect(total / Double(source.count) <= 0.3 + 0.2 * amount, "mean \(total / Double(source.count))")
        #expect(pixels != source)
    }

    @Test func zeroAmountAndFlatAreaChangeNothing() throws {
        let source = try BlurEffectTests.photo(width: 40, height: 30)
        var pixels = source
        ImageEffects.apply([.sharpen(amount: 0)], to: &pixels, width: 40, height: 30, scale: 2)
        #expect(pixels == source)
        let flat = [[UInt8]](repeating: [30, 60, 90, 200], count: 40 * 30).flatMap { $0 }
        var sharpened = flat
        ImageEffects.apply([.sharpen(amount: 10)], to: &sharpened, width: 40, height: 30, scale: 2)
        #expect(sharpened == flat)
    }

    /// Across a dark-to-light step the light side overshoots and the dark
    /// side undershoots (to 0 here), the classic unsharp halo.
    @Test func stepGainsContrast() {
        let (width, height) = (20, 3)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height { for x in 0..<10 { for c in 0..<3 { pixels[(y * width + x) * 4 + c] = 60 } } }
        for y in 0..<height { for x in 10..<width { for c in 0..<3 { pixels[(y * width + x) * 4 + c] = 180 } } }
        ImageEffects.apply([.sharpen(amount: 1)], to: &pixels, width: width, height: height, scale: 1)
        let row = (0..<width).map { pixels[(width + $0) * 4] }
        #expect(row[0] == 60 && row[19] == 180)
        #expect(row[9] < 60 && row[10] > 180)
        #expect(row[8] <= 60 && row[11] >= 180)
    }
}
