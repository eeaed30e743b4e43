import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ImageEffect.blur`: within 40 dB PSNR of an exact Gaussian of the
/// premultiplied values with the edges extended, for small σ (direct
/// convolution) and large (reduce, blur, enlarge); flat stays flat; the
/// SIMD paths give the scalar bytes.
@Suite struct BlurEffectTests {
    /// A window of the Kodak parrots photo, made translucent towards the
    /// bottom-right so alpha and the premultiplied colour both matter.
    static func photo(width: Int, height: Int) throws -> [UInt8] {
        var pixels = ReferenceGaussian.crop(try TestImages.photo(), x: 301, y: 117, width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where x + y > width {
                let alpha = 255 - (x + y - width) * 200 / (width + height)
                let i = (y * width + x) * 4
                for c in 0..<4 { pixels[i + c] = UInt8(Int(pixels[i + c]) * alpha / 255) }
            }
        }
        return pixels
    }

    /// σ in pixels, applied as points at scale 3 (σ 300 px is `ImageEffect.maxSigma`).
    @Test(arguments: [0.5, 1.2, 2.5, 3.9, 4.0, 9.5, 24.0, 60.0, 150.0, 300.0])
    func matchesExactGaussian(sigma: Double) throws {
        let (width, height) = sigma < 50 ? (181, 123) : (97, 71)
        let source = try Self.photo(width: width, height: height)
        var pixels = source
        ImageEffects.apply([.blur(sigma: sigma / 3)], to: &pixels, width: width, height: height, scale: 3)
        let psnr = ReferenceGaussian.psnr(pixels, ReferenceGaussian.blur(source, width: width, height: height, sigma: sigma))
        #expect(psnr >= 40, "σ \(sigma) px: \(psnr) dB")
        #expect(pixels != source)
    }

    @Test func zeroSigmaIsTheIdentity() throws {
        let source = try Self.photo(width: 40, height: 30)
        var pixels = source
        ImageEffects.apply([.blur(sigma: 0)], to: &pixels, width: 40, height: 30, scale: 2)
        #expect(pixels == source)
        #expect(GaussianBlur(sigma: 0, width: 40, height: 30).bytes == 0)
    }

    @Test(arguments: [0.7, 4.0, 7.0, 33.0, 300.0])
    func flatStaysFlat(sigma: Double) {
        let color: [UInt8] = [90, 40, 10, 128]
        let source = [[UInt8]](repeating: color, count: 57 * 38).flatMap { $0 }
        var pixels = source
        GaussianBlur(sigma: sigma, width: 57, height: 38).apply(to: &pixels)
        #expect(pixels == source)
    }

    /// A step edge in the middle blurs without a shift: v(x) + v(w − 1 − x)
    /// stays 255 (±1 for rounding) for the direct and the reduced paths,
    /// where half a pixel of shift would move it by 2 or more.
    @Test(arguments: [1.5, 7.0, 12.0, 20.0])
    func stepEdgeStaysCentred(sigma: Double) {
        let (width, height) = (60, 9)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<(width / 2) { for c in 0..<3 { pixels[(y * width + x) * 4 + c] = 0 } }
        }
        GaussianBlur(sigma: sigma, width: width, height: height).apply(to: &pixels)
        for y in 0..<height {
            for x in 0..<width {
                let sum = Int(pixels[(y * width + x) * 4]) + Int(pixels[(y * width + width - 1 - x) * 4])
                #expect(abs(sum - 255) <= 1, "σ \(sigma): (\(x),\(y)) and its mirror sum to \(sum)")
            }
        }
    }

    @Test(arguments: [0.5, 2.0, 7.0, 40.0])
    func simdAndScalarPathsAgree(sigma: Double) throws {
        for (index, (width, height)) in [(211, 90), (7, 300), (1, 50), (33, 1)].enumerated() {
            let source = try ResampleKernelTests.noise(width, height, seed: UInt32(index + 7)).pixels
            let effects: [ImageEffect] = [.blur(sigma: sigma), .sharpen(amount: 2.5)]
            var scalar = source
            ImageEffects.apply(effects, to: &scalar, width: width, height: height, scale: 1, path: .scalar)
            for path in [Resampler.KernelPath.sse2, .best] {
                var simd = source
                ImageEffects.apply(effects, to: &simd, width: width, height: height, scale: 1, path: path)
                #expect(simd == scalar, "σ \(sigma) \(width)×\(height) \(path)")
            }
            for i in stride(from: 0, to: scalar.count, by: 4) {
                #expect(scalar[i] <= scalar[i + 3] && scalar[i + 1] <= scalar[i + 3] && scalar[i + 2] <= scalar[i + 3])
            }
        }
    }

    /// The plan counts the copy and tables of a direct blur, and the much
    /// smaller reduced buffers of a large σ.
    @Test func plannedBytesFollowTheBuffers() {
        let direct = GaussianBlur(sigma: 2, width: 600, height: 400)
        #expect(direct.factor == 1)
        #expect(direct.bytes >= 600 * 400 * 4)
        #expect(ImageEffects.plannedBytes([.blur(sigma: 1)], width: 600, height: 400, scale: 2) == direct.bytes)
        let reduced = GaussianBlur(sigma: 90, width: 600, height: 400)
        #expect(reduced.factor == 45)
        #expect(reduced.bytes >= (18 * 13 * 4) * 2 + 13 * 600 * 4)
        #expect(reduced.bytes < 600 * 400)
        let sharpen = ImageEffects.plannedBytes([.sharpen(amount: 1)], width: 600, height: 400, scale: 2)
        #expect(sharpen == 600 * 400 * 4 + direct.bytes)
        #expect(ImageEffects.plannedBytes([.grayscale], width: 600, height: 400, scale: 2) == 0)
    }
}
