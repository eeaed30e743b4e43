import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ImageEffect.grayscale`: Rec. 709 luma of the (premultiplied) sRGB values
/// in every channel, alpha kept — checked against floating-point arithmetic.
@Suite struct GrayscaleEffectTests {
    @Test func lumaOfEveryPixel() throws {
        let source = try ResampleKernelTests.noise(67, 41, seed: 3).pixels
        var pixels = source
        ImageEffects.apply([.grayscale], to: &pixels, width: 67, height: 41, scale: 2)
        for i in stride(from: 0, to: source.count, by: 4) {
            let (r, g, b) = (Double(source[i]), Double(source[i + 1]), Double(source[i + 2]))
            let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
            // The 16-bit weights are within 6e-6 of Rec. 709's: at most 0.002 off before rounding.
            #expect(abs(Double(pixels[i]) - luma) <= 0.502, "pixel \(i / 4): \(pixels[i]) for \(luma)")
            #expect(pixels[i] == pixels[i + 1] && pixels[i] == pixels[i + 2])
            #expect(pixels[i + 3] == source[i + 3])
            #expect(pixels[i] <= pixels[i + 3])
        }
    }

    @Test func primariesAndGreys() throws {
        let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255], [77, 77, 77, 77], [0, 0, 0, 0]]
        var pixels = colors.flatMap { $0 }
        ImageEffects.apply([.grayscale], to: &pixels, width: colors.count, height: 1, scale: 1)
        // round(0.2126 × 255) = 54, round(0.7152 × 255) = 182, round(0.0722 × 255) = 18; greys stay.
        #expect(pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [54, 182, 18, 255, 77, 0])
    }

    /// Through the renderer: a grayscale render is the colour render's luma.
    @Test func renderedImageIsGrey() throws {
        let photo = try TestImages.photo()
        let size = Size(width: 120, height: 80)
        let colour = try ImageRenderer.render(ImageDescriptor(photo, contentMode: .aspectFill), size: size, scale: 1)
        let grey = try ImageRenderer.render(
            ImageDescriptor(photo, contentMode: .aspectFill).effects([.grayscale]), size: size, scale: 1)
        for i in stride(from: 0, to: grey.pixels.count, by: 4) {
            let p = colour.pixels
            let luma = 0.2126 * Double(p[i]) + 0.7152 * Double(p[i + 1]) + 0.0722 * Double(p[i + 2])
            #expect(abs(Double(grey.pixels[i]) - luma) <= 0.502 && grey.pixels[i] == grey.pixels[i + 2])
        }
    }
}
