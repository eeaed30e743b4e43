import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Extreme aspect ratios render within bounded memory (box pre-reduction,
/// horizontal-first order), and a render over its budget is refused before
/// anything is allocated.
@Suite struct RenderBudgetTests {
    /// A `width × height` opaque image whose red channel rises from 0 to 255 across.
    static func horizontalRamp(_ width: Int, _ height: Int) throws -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(x * 255 / (width - 1))
                pixels[i + 1] = 0x40
                pixels[i + 2] = 0x80
            }
        }
        return try Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    }

    @Test func aVeryWideSourceIsPreReducedAndResampledHorizontallyFirst() throws {
        let plan = ResamplePlan(
            sourceWidth: 200_000, sourceHeight: 10, destinationWidth: 1000, destinationHeight: 1000,
            visible: PixelRect(minX: 0, minY: 0, maxX: 1000, maxY: 1000), filter: .lanczos3)
        #expect(plan.blockWidth == 12 && plan.blockHeight == 1)
        #expect(plan.reducedWidth == 16_667)
        #expect(plan.horizontalFirst == false, "after the pre-reduction the usual order fits: 1000 × 16667 px rows")
        let wider = ResamplePlan(
            sourceWidth: 60_000, sourceHeight: 10, destinationWidth: 1000, destinationHeight: 2000,
            visible: PixelRect(minX: 0, minY: 0, maxX: 1000, maxY: 2000), filter: .lanczos3)
        #expect(wider.blockWidth == 1 && wider.horizontalFirst, "2000 rows × 60000 px would be 458 MiB")
        #expect(wider.bytes < 16 << 20, "\(wider.bytes) bytes")
    }

    @Test func aFilterTableNeverGrowsWithTheReduction() {
        let plan = ResamplePlan(
            sourceWidth: 100_000_000, sourceHeight: 1, destinationWidth: 1000, destinationHeight: 1,
            visible: PixelRect(minX: 0, minY: 0, maxX: 1000, maxY: 1), filter: .lanczos3)
        #expect(plan.blockWidth == 6250)
        // Without the pre-reduction: 1000 outputs × 600,002 taps × 6 bytes = 3.4 GB of tables.
        #expect(plan.bytes < 48 << 20, "\(plan.bytes) bytes")
    }

    @Test(arguments: [(60_000, 10, 1000, 2000), (200_000, 10, 1000, 1000), (10, 60_000, 2000, 1000)])
    func extremeRampsRenderWhatTheyShow(source: (Int, Int, Int, Int)) throws {
        let (sw, sh, w, h) = source
        var image = try Self.horizontalRamp(max(sw, sh), min(sw, sh))
        if sw < sh { image = image.oriented(.right) }  // a vertical ramp down a tall image
        let out = try ImageRenderer.render(
            ImageDescriptor(image, contentMode: .scaleToFill),
            size: Size(width: Double(w), height: Double(h)), scale: 1)
        let tall = sw < sh
        for probe in stride(from: 5, to: tall ? h : w, by: 97) {
            let expected = Double(probe) + 0.5
            let pixel = tall ? out[w / 2, probe] : out[probe, h / 2]
            let value = Double(pixel.red)
            let along = Double(tall ? h : w)
            #expect(abs(value - expected / along * 255) <= 2.5, "at \(probe): \(pixel)")
            #expect(pixel.green == 0x40 && pixel.blue == 0x80 && pixel.alpha == 255)
        }
    }

    @Test func aRenderOverItsBudgetIsRefusedWithWhatItNeeded() throws {
        let photo = TestImages.gradient(3000, 2000)
        let descriptor = ImageDescriptor(photo, contentMode: .aspectFill)
        let size = Size(width: 300, height: 300)
        let planned = ImageRenderer.plannedBytes(descriptor, size: size, scale: 2)
        #expect(planned > 600 * 600 * 4 && planned < 16 << 20, "\(planned)")
        #expect(
            throws: ImageRenderer.Error.overBudget(
                image: PixelSize(width: 3000, height: 2000),
                surface: PixelSize(width: 600, height: 600),
                needed: planned, budget: MemoryBudget(megabytes: 1))
        ) {
            try ImageRenderer.render(descriptor, size: size, scale: 2, budget: MemoryBudget(megabytes: 1))
        }
        let message = ImageRenderer.Error.overBudget(
            image: PixelSize(width: 3000, height: 2000),
            surface: PixelSize(width: 600, height: 600),
            needed: planned, budget: MemoryBudget(megabytes: 1)
        ).description
        #expect(message.contains("3000x2000") && message.contains("memory budget of 1 MiB"), "\(message)")
        _ = try ImageRenderer.render(descriptor, size: size, scale: 2, budget: MemoryBudget(bytes: planned))
        let surface = try ImageSurface(size: size, scale: 2)
        surface.apply(descriptor)
        #expect(throws: ImageRenderer.Error.self) { try surface.render(within: MemoryBudget(megabytes: 1)) }
        #expect(try surface.render(within: .standard).width == 600)
    }

    /// The README's example: a 60000×10 strip on a 1000×2000 surface.
    @Test func theReadmeExampleNeedsWhatItSays() throws {
        let descriptor = ImageDescriptor(Bitmap(width: 60_000, height: 10, fill: .white), contentMode: .scaleToFill)
        let size = Size(width: 1000, height: 2000)
        #expect(ImageRenderer.plannedBytes(descriptor, size: size, scale: 1) >> 20 == 17)
        #expect(throws: ImageRenderer.Error.self) {
            try ImageRenderer.render(descriptor, size: size, scale: 1, budget: MemoryBudget(megabytes: 4))
        }
        #expect(try ImageRenderer.render(descriptor, size: size, scale: 1).pixels.allSatisfy { $0 == 255 })
    }
}
