import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

@Suite struct ImageComparisonTests {
    @Test func identicalBitmapsMatchExactly() throws {
        let photo = try TestImages.photo()
        let result = ImageComparison.exact.compare(photo, photo)
        #expect(result.matches && result.isIdentical)
        #expect(result.description == "identical (393216 pixels)")
    }

    @Test func samePixelsFromAnotherEncodingMatch() throws {
        let photo = try TestImages.photo()
        let other = try PNGCodec.decode(try PNGCodec.encode(photo, options: .init(level: 1, strategy: .filtered, filters: .sub)))
        #expect(ImageComparison.exact.compare(photo, other).isIdentical)
    }

    @Test func plusMinusOneNoisePassesAt098ButNotExactly() throws {
        let photo = try TestImages.photo()
        let noisy = TestImages.noisy(photo)
        let exact = ImageComparison.exact.compare(photo, noisy)
        #expect(!exact.matches)
        #expect(exact.differingShare > 0.9)
        let tolerant = ImageComparison(perceptualPrecision: 0.98).compare(photo, noisy)
        #expect(tolerant.matches, "\(tolerant)")
        #expect(tolerant.worstDeltaE < 2 && tolerant.worstDeltaE > 0.1)
        #expect(tolerant.failingPixelCount == 0)
        // The four-pixel fast path counts and locates exactly like the per-pixel path.
        #expect(tolerant.differingPixelCount == exact.differingPixelCount)
        #expect(tolerant.differenceBounds == exact.differenceBounds)
        #expect(tolerant.worstDeltaEIsUpperBound && "\(tolerant)".contains("worst ΔE ≤ 1.85"))
        // A 0.99 tolerance (ΔE 1) is below the bound: every pixel is measured.
        let strict = ImageComparison(perceptualPrecision: 0.99).compare(photo, noisy)
        #expect(!strict.worstDeltaEIsUpperBound && strict.worstDeltaE <= 1.85 && strict.failingPixelCount > 0)

        // Odd widths and a sparse change: blocks and the per-pixel tail agree.
        var sparse = photo
        for (x, y) in [(0, 0), (767, 0), (3, 200), (765, 511), (401, 77)] {
            sparse[x, y] = PremultipliedPixel(red: photo[x, y].red ^ 1, green: photo[x, y].green, blue: photo[x, y].blue, alpha: 255)
        }
        let sparseResult = ImageComparison(perceptualPrecision: 0.98).compare(photo, sparse)
        #expect(sparseResult.differingPixelCount == 5 && sparseResult.differenceBounds == PixelRect(minX: 0, minY: 0, maxX: 768, maxY: 512))
    }

    /// Straight RGBA with ±1 on all four channels, as a PNG stores it: the
    /// premultiplication round trip is skipped, so translucent pixels pass too.
    @Test func translucentNoiseInStraightPixelsPassesAt098() {
        var state: UInt32 = 99
        func next() -> UInt32 {
            state = state &* 1_103_515_245 &+ 12345
            return state >> 16
        }
        let count = 200 * 150 * 4
        var reference = [UInt8](repeating: 0, count: count)
        for i in 0..<count { reference[i] = UInt8(truncatingIfNeeded: next()) | (i % 4 == 3 ? 1 : 0) }
        let noisy = reference.map { v in UInt8(clamping: Int(v) + (next() & 1 == 0 ? -1 : 1)) }.enumerated()
            .map { $0.offset % 4 == 3 ? max(1, $0.element) : $0.element }
        let exact = ImageComparison.exact.compareStraightRGBA(reference: (200, 150, reference), actual: (200, 150, noisy))
        #expect(!exact.matches)
        let tolerant = ImageComparison(perceptualPrecision: 0.98).compareStraightRGBA(
            reference: (200, 150, reference),
            actual: (200, 150, noisy))
        #expect(tolerant.matches, "\(tolerant)")
        // Colour hidden under alpha 0 is not a difference.
        let hidden = ImageComparison.exact.compareStraightRGBA(reference: (1, 1, [10, 20, 30, 0]), actual: (1, 1, [99, 0, 7, 0]))
        #expect(hidden.isIdentical)
    }

    @Test func aMovedSquareFailsAndIsLocated() throws {
        let photo = try TestImages.photo()
        let a = TestImages.withSquare(photo, at: 100, 50)
        let b = TestImages.withSquare(photo, at: 104, 50)
        let result = ImageComparison(perceptualPrecision: 0.98).compare(a, b)
        #expect(!result.matches)
        #expect(result.differenceBounds == PixelRect(minX: 100, minY: 50, maxX: 114, maxY: 60))
        #expect(result.failingPixelCount == 80)
        #expect(result.worstDeltaE > 20)
        let location = try #require(result.worstLocation)
        #expect((100..<114).contains(location.x) && (50..<60).contains(location.y))
        #expect("\(result)".contains("80 beyond ΔE 2.00"))
    }

    @Test func pixelSharePrecisionAllowsAFewFailures() throws {
        let photo = try TestImages.photo()
        let changed = TestImages.withSquare(photo, at: 0, 0, size: 20)  // 400 of 393216 pixels ≈ 0.10%
        #expect(!ImageComparison(precision: 0.9995).compare(photo, changed).matches)
        #expect(ImageComparison(precision: 0.998).compare(photo, changed).matches)
    }

    @Test func maxDifferentPixelsAloneReplacesTheShareAndWithPrecisionBothHold() throws {
        let photo = try TestImages.photo()
        let changed = TestImages.withSquare(photo, at: 0, 0, size: 20)  // 400 failing pixels
        #expect(ImageComparison(maxDifferentPixels: 400).compare(photo, changed).matches)
        #expect(!ImageComparison(maxDifferentPixels: 399).compare(photo, changed).matches)
        // Both must hold: the share allows 786, the count only 300; then the count allows 500, the share 196.
        #expect(!ImageComparison(precision: 0.998, maxDifferentPixels: 300).compare(photo, changed).matches)
        #expect(!ImageComparison(precision: 0.9995, maxDifferentPixels: 500).compare(photo, changed).matches)
        #expect(ImageComparison(precision: 0.998, maxDifferentPixels: 500).compare(photo, changed).matches)
        #expect(ImageComparison(maxDifferentPixels: -3).maxDifferentPixels == 0)
        #expect("\(ImageComparison(maxDifferentPixels: 399).compare(photo, changed))".contains("allowed at most 399 failing pixels"))
    }

    @Test func differentSizesAreSaidPlainly() {
        let result = ImageComparison(precision: 0, perceptualPrecision: 0).compare(TestImages.solid(4, 4), TestImages.solid(4, 5))
        #expect(!result.matches && result.sizesDiffer)
        #expect(result.description == "sizes differ: reference is 4x4 px, actual is 4x5 px")
    }

    @Test func alphaDifferencesCount() {
        let opaque = Bitmap(width: 2, height: 2, fill: Color(red: 10, green: 20, blue: 30))
        let clear = Bitmap(width: 2, height: 2, fill: .clear)
        let result = ImageComparison(perceptualPrecision: 0.5).compare(opaque, clear)
        #expect(!result.matches)
        #expect(abs(result.worstDeltaE - 100) < 0.001)
        // Two fully transparent pixels are equal whatever colour they once had.
        #expect(ImageComparison.exact.compare(clear, Bitmap(width: 2, height: 2, fill: Color(red: 9, green: 9, blue: 9, alpha: 0))).isIdentical)
    }

    @Test func deltaEMatchesKnownValues() {
        // Independent double-precision reference: red Lab 53.24/80.09/67.20, blue 32.30/79.19/−107.86, CIE94 70.58.
        let red = CIELab.lab(255, 0, 0)
        let blue = CIELab.lab(0, 0, 255)
        #expect(abs(red.l - 53.24) < 0.1 && abs(red.a - 80.09) < 0.2 && abs(red.b - 67.20) < 0.2)
        #expect(abs(blue.l - 32.30) < 0.1 && abs(blue.b - (-107.86)) < 0.2)
        #expect(abs(CIELab.deltaE94(red, blue) - 70.58) < 0.5)
        #expect(CIELab.deltaE94(red, red) == 0)
    }

    @Test func diffAndSideBySideImages() throws {
        let photo = try TestImages.photo()
        let moved = TestImages.withSquare(photo, at: 10, 10)
        let comparison = ImageComparison(perceptualPrecision: 0.98)
        let diff = try #require(comparison.diffImage(photo, moved))
        #expect(diff[12, 12].red == 230 && diff[12, 12].green == 0)  // failing pixel: red
        #expect(diff[300, 300].red == diff[300, 300].green && diff[300, 300].red >= 191)  // faded grey
        let sheet = try comparison.sideBySide(photo, moved)
        #expect(sheet.width == 8 + 3 * (768 + 8) && sheet.height == 512 + 16)
        #expect(comparison.diffImage(photo, TestImages.solid(2, 2)) == nil)
        #expect(try comparison.sideBySide(photo, TestImages.solid(2, 2)).width == 8 + 768 + 8 + 2 + 8)
    }
}
