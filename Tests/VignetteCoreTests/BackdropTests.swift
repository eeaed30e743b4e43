import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `Backdrop.blurredImage`: the letterbox of an aspectFit shows the image
/// aspect-filled and blurred (σ in points × scale), computed here
/// independently as an aspectFill render blurred by an exact Gaussian; the
/// image itself is drawn unchanged over it.
@Suite struct BackdropTests {
    static let size = Size(width: 90, height: 90)

    @Test(arguments: [(2.0, 6.0), (1.0, 40.0), (2.0, 100.0)])
    func letterboxIsTheBlurredFill(scale: Double, sigma: Double) throws {
        let photo = try TestImages.photo()
        let fitted = ImageDescriptor(photo, contentMode: .aspectFit).background(Color(red: 255, green: 0, blue: 0))
        let out = try ImageRenderer.render(fitted.backdrop(.blurredImage(sigma: sigma)), size: Self.size, scale: scale)
        let fill = try ImageRenderer.render(ImageDescriptor(photo, contentMode: .aspectFill), size: Self.size, scale: scale)
        let expected = ReferenceGaussian.blur(fill.pixels, width: fill.width, height: fill.height, sigma: sigma * scale)
        let plain = try ImageRenderer.render(fitted, size: Self.size, scale: scale)
        let image = ImageRenderer.imageRect(for: photo, mode: .aspectFit, size: Self.size, scale: scale)
        var (letterbox, reference) = ([UInt8](), [Double]())
        for y in 0..<out.height {
            let row = y * out.width * 4..<(y + 1) * out.width * 4
            if y >= image.minY, y < image.maxY {
                #expect(out.pixels[row] == plain.pixels[row], "image row \(y) changed")
            } else {
                letterbox += out.pixels[row]
                reference += expected[row]
            }
        }
        #expect(!letterbox.isEmpty)
        let psnr = ReferenceGaussian.psnr(letterbox, reference)
        #expect(psnr >= 40, "σ \(sigma) pt @\(scale)x: \(psnr) dB")
    }

    /// A translucent image's backdrop lies over the background colour.
    @Test func backdropIsOverTheBackground() throws {
        let clear = Bitmap(width: 30, height: 20, fill: Color(red: 0, green: 0, blue: 0, alpha: 0))
        let out = try ImageRenderer.render(
            ImageDescriptor(clear, contentMode: .aspectFit).background(Color(red: 10, green: 20, blue: 30))
                .backdrop(.blurredImage(sigma: 4)),
            size: Size(width: 40, height: 40), scale: 1)
        #expect(out.pixels[0..<4] == [10, 20, 30, 255])
    }

    @Test func plannedBytesCountTheFillAndTheBlur() throws {
        let photo = try TestImages.photo()
        let fitted = ImageDescriptor(photo, contentMode: .aspectFit)
        let plain = ImageRenderer.plannedBytes(fitted, size: Self.size, scale: 2)
        let blurred = ImageRenderer.plannedBytes(fitted.backdrop(.blurredImage(sigma: 1)), size: Self.size, scale: 2)
        // The fill (180 × 180 px) and the direct blur's copy at least.
        #expect(blurred - plain >= 2 * 180 * 180 * 4)
        let budget = MemoryBudget(bytes: blurred - 1)
        #expect(throws: ImageRenderer.Error.self) {
            try ImageRenderer.render(fitted.backdrop(.blurredImage(sigma: 1)), size: Self.size, scale: 2, budget: budget)
        }
        #expect(throws: Never.self) {
            try ImageRenderer.render(fitted.backdrop(.blurredImage(sigma: 1)), size: Self.size, scale: 2, budget: MemoryBudget(bytes: blurred))
        }
    }
}
