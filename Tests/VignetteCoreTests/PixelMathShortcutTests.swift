import Testing

@testable import VignetteCore

/// The division-free and libm-free forms used in hot loops give the same
/// values as the plain formulas they replace.
@Suite struct PixelMathShortcutTests {
    /// `straightRGBA` (a multiplication by a reciprocal) against `PixelMath.unmultiply` (a division)
    /// for every colour byte and alpha, colour above alpha included (not premultiplied, still defined).
    @Test func straightRGBAMatchesUnmultiplyForEveryByteAndAlpha() {
        var pixels = [UInt8]()
        pixels.reserveCapacity(256 * 256 * 4)
        for a in 0...255 {
            for c in 0...255 { pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
        }
        let bitmap = Bitmap(trustedWidth: 256, height: 256, scale: 1, pixels: pixels)
        let straight = bitmap.straightRGBA()
        var mismatches = 0
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = pixels[i + 3]
            for k in 0..<3 where straight[i + k] != PixelMath.unmultiply(pixels[i + k], a) { mismatches += 1 }
            if straight[i + 3] != a { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// `roundedNonNegative` is `rounded()` at halves, just below and above them, and large values.
    @Test func roundedNonNegativeMatchesRounded() {
        var values: [Double] = [0, 0.5, 1, 1.5, 2.5, 1022.5, 1023, 0x1p52, 0x1p52 + 1, 0x1p53, 0x1p62]
        for k in 0...2_100 {
            let half = Double(k) + 0.5
            values += [half.nextDown, half, half.nextUp, Double(k).nextDown, Double(k).nextUp]
        }
        values += [0.49999999999999994, 0.5000000000000001, 255 * 0.9999999999999999]
        let mismatches = values.filter { $0 >= 0 && DeterministicMath.roundedNonNegative($0) != Int($0.rounded()) }
        #expect(mismatches.isEmpty)
    }

    /// `floorSmall` is `rounded(.down)` around whole numbers on both sides of zero (−0 aside).
    @Test func floorSmallMatchesRoundedDown() {
        var values: [Double] = [0, -0.5, 0.5, 1e9, -1e9, 0x1p52, -0x1p52, 0x1p52 + 1, -(0x1p52 + 1)]
        for k in -1_100...1_100 {
            let whole = Double(k)
            values += [whole.nextDown, whole, whole.nextUp, whole + 0.5, whole + 0.5.nextDown]
        }
        let mismatches = values.filter { DeterministicMath.floorSmall($0) != $0.rounded(.down) }
        #expect(mismatches.isEmpty)
    }
}
