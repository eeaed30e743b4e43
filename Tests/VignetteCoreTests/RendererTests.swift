import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

@Suite struct RendererTests {
    @Test func passThroughKeepsPixelsUnchanged() throws {
        let image = TestImages.gradient(37, 23)
        for mode in [ContentMode.center, .topLeft, .bottomRight, .scaleToFill] {
            let out = try ImageRenderer.render(ImageDescriptor(image, contentMode: mode), size: Size(width: 37, height: 23), scale: 1)
            #expect(out.pixels == image.pixels, "\(mode)")
        }
    }

    @Test func clippedPassThroughShowsTheRightWindow() throws {
        let image = TestImages.gradient(30, 30)
        let out = try ImageRenderer.render(ImageDescriptor(image, contentMode: .bottomRight), size: Size(width: 10, height: 8), scale: 1)
        for y in 0..<8 {
            for x in 0..<10 { #expect(out[x, y] == image[20 + x, 22 + y]) }
        }
    }

    @Test func backgroundFillsTheWholeSurfaceBeneath() throws {
        let background = try Color(hex: "#336699")
        let image = TestImages.solid(4, 4)
        let out = try ImageRenderer.render(
            ImageDescriptor(image, contentMode: .center, background: background),
            size: Size(width: 10, height: 10), scale: 1)
        #expect(out[0, 0] == background.premultiplied)
        #expect(out[9, 9] == background.premultiplied)
        #expect(out[5, 5] == image[0, 0])
        let empty = try ImageRenderer.render(ImageDescriptor(image, contentMode: .center), size: Size(width: 10, height: 10), scale: 1)
        #expect(empty[0, 0] == PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func translucentSourceOverIsExact() throws {
        let red50 = try Color(hex: "#FF000080")
        let image = Bitmap(width: 2, height: 2, fill: red50)
        #expect(image[0, 0] == PremultipliedPixel(red: 128, green: 0, blue: 0, alpha: 128))
        let out = try ImageRenderer.render(
            ImageDescriptor(image, background: try Color(hex: "#0000FF")),
            size: Size(width: 2, height: 2), scale: 1)
        // src + dst × (255 − 128) / 255: blue 255 × 127 / 255 = 127.
        #expect(out[1, 1] == PremultipliedPixel(red: 128, green: 0, blue: 127, alpha: 255))

        // Translucent over translucent stays premultiplied and correct.
        let over = try ImageRenderer.render(
            ImageDescriptor(image, background: try Color(hex: "#0000FF80")),
            size: Size(width: 2, height: 2), scale: 1)
        #expect(over[0, 0] == PremultipliedPixel(red: 128, green: 0, blue: 64, alpha: 192))
    }

    @Test func tintIsATemplate() throws {
        var pixels = [UInt8](repeating: 0, count: 4 * 4)
        // Four pixels of different colour and alpha: only alpha should survive.
        let alphas: [UInt8] = [255, 128, 0, 64]
        for (i, a) in alphas.enumerated() {
            pixels[i * 4] = a / 2
            pixels[i * 4 + 1] = a
            pixels[i * 4 + 2] = 0
            pixels[i * 4 + 3] = a
        }
        let image = try Bitmap(width: 4, height: 1, premultipliedRGBA: pixels)
        let tint = try Color(hex: "#00FF0080")
        let out = try ImageRenderer.render(ImageDescriptor(image, tint: tint), size: Size(width: 4, height: 1), scale: 1)
        for (x, a) in alphas.enumerated() {
            let alpha = PixelMath.multiply(a, 128)
            #expect(out[x, 0] == PremultipliedPixel(red: 0, green: alpha, blue: 0, alpha: alpha), "pixel \(x)")
        }
        let opaqueTint = try ImageRenderer.render(ImageDescriptor(image, tint: .black), size: Size(width: 4, height: 1), scale: 1)
        #expect(opaqueTint[0, 0] == PremultipliedPixel(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(opaqueTint[0, 0].color == .black)
    }

    @Test func resampledTranslucencyStaysValidPremultiplied() throws {
        let glass = try PNGCodec.decode(
            contentsOf: Fixtures.repositoryRoot
                .appendingPathComponent("Sources/VignetteCatalog/Resources/transparency.png").path)
        for size in [Size(width: 77, height: 53), Size(width: 611, height: 401)] {
            let out = try ImageRenderer.render(ImageDescriptor(glass), size: size, scale: 1)
            // Bitmap's validating initialiser rejects colour > alpha anywhere.
            #expect(throws: Never.self) {
                try Bitmap(width: out.width, height: out.height, premultipliedRGBA: out.pixels)
            }
        }
    }

    /// Downscaling quality against a floating-point Lanczos-3 reference.
    @Test(arguments: [(256, 171), (192, 128), (300, 200), (97, 64)])
    func photoDownscaleIsWithin38dBOfLanczos3(width: Int, height: Int) throws {
        let photo = try TestImages.photo()
        let out = Resampler.resample(
            photo, destinationWidth: width, destinationHeight: height,
            visible: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), filter: .lanczos3)
        let reference = ReferenceResampler.lanczos3(photo, width: width, height: height)
        let psnr = ReferenceResampler.psnr(out, reference)
        #expect(psnr >= 38, "PSNR \(psnr) dB at \(width)x\(height)")
    }

    @Test func photoUpscaleIsSmoothAndClose() throws {
        let photo = try TestImages.photo()
        let (w, h) = (1152, 768)
        let out = Resampler.resample(
            photo, destinationWidth: w, destinationHeight: h,
            visible: PixelRect(minX: 0, minY: 0, maxX: w, maxY: h), filter: .lanczos3)
        let psnr = ReferenceResampler.psnr(out, ReferenceResampler.lanczos3(photo, width: w, height: h))
        #expect(psnr >= 38, "PSNR \(psnr) dB")
        let bilinear = Resampler.resample(
            photo, destinationWidth: w, destinationHeight: h,
            visible: PixelRect(minX: 0, minY: 0, maxX: w, maxY: h), filter: .bilinear)
        #expect(ReferenceResampler.psnr(bilinear, ReferenceResampler.lanczos3(photo, width: w, height: h)) >= 30)
    }

    @Test func visibleWindowEqualsTheSameWindowOfAFullResample() throws {
        let photo = try TestImages.photo()
        let full = Resampler.resample(
            photo, destinationWidth: 300, destinationHeight: 200,
            visible: PixelRect(minX: 0, minY: 0, maxX: 300, maxY: 200), filter: .lanczos3)
        let window = PixelRect(minX: 37, minY: 11, maxX: 250, maxY: 190)
        let part = Resampler.resample(photo, destinationWidth: 300, destinationHeight: 200, visible: window, filter: .lanczos3)
        for y in window.minY..<window.maxY {
            let a = Array(full[(y * 300 + window.minX) * 4..<(y * 300 + window.maxX) * 4])
            let b = Array(part[((y - window.minY) * window.width) * 4..<((y - window.minY + 1) * window.width) * 4])
            #expect(a == b, "row \(y)")
            if a != b { break }
        }
    }

    @Test func flatColourStaysExactlyFlatThroughEveryFilter() {
        let flat = TestImages.solid(50, 30, color: Color(red: 13, green: 200, blue: 99))
        for filter in ResamplingFilter.Kind.allCases.map(ResamplingFilter.init) {
            for (w, h) in [(17, 9), (50, 31), (143, 77)] {
                let out = Resampler.resample(
                    flat, destinationWidth: w, destinationHeight: h,
                    visible: PixelRect(minX: 0, minY: 0, maxX: w, maxY: h), filter: filter)
                let greens: Set<UInt8> = Set(stride(from: 0, to: out.count, by: 4).map { out[$0 + 1] })
                #expect(greens == [200], "\(filter) \(w)x\(h)")
            }
        }
    }

    @Test func invalidRequestsAreTypedErrors() throws {
        let image = TestImages.solid(4, 4)
        #expect(throws: ImageSurface.Error.self) {
            try ImageRenderer.render(ImageDescriptor(image), size: Size(width: .nan, height: 10), scale: 1)
        }
        #expect {
            try ImageRenderer.render(ImageDescriptor(image), size: Size(width: 20000, height: 20000), scale: 1)
        } throws: { error in
            guard case ImageSurface.Error.tooManyPixels(20000, 20000, ImageSurface.maxPixelCount) = error else { return false }
            return true
        }
        var zeroScale = image
        zeroScale.scale = 0
        #expect {
            try ImageRenderer.render(ImageDescriptor(zeroScale, contentMode: .center), size: Size(width: 8, height: 8), scale: 1)
        } throws: { error in
            guard case ImageSurface.Error.invalidImageScale(0) = error else { return false }
            return true
        }
        // A surface given such a bitmap draws nothing rather than nonsense.
        let surface = try ImageSurface(size: Size(width: 8, height: 8))
        surface.apply(ImageDescriptor(zeroScale, contentMode: .center))
        #expect(surface.render().pixels.allSatisfy { $0 == 0 })
        #expect(throws: PNGCodec.Error.invalidScale(-1)) { try PNGCodec.decode(try PNGCodec.encode(image), scale: -1) }
    }

    @Test func drawingFarOffCanvasIsANoOp() {
        var canvas = Bitmap(width: 4, height: 4, fill: .white)
        canvas.draw(TestImages.solid(3, 3), x: Int.max - 2, y: 0)
        canvas.draw(TestImages.solid(3, 3), x: 0, y: Int.min + 1)
        #expect(canvas == Bitmap(width: 4, height: 4, fill: .white))
    }

    @Test func deterministicSineMatchesLibm() {
        for i in -400...400 {
            let x = Double(i) / 37
            #expect(abs(DeterministicMath.sinPi(x) - sin(Double.pi * x)) < 1e-12, "x = \(x)")
        }
    }
}
