import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The formats issue's quality bar: a 3072×2048 JPEG rendered to 300×300 pt
/// @2x aspectFill through shrink-on-load stays ≥ 36 dB PSNR against a full
/// decode rendered the same way.
@Suite struct ShrinkOnLoadQualityTests {
    @Test func aLargeJPEGRenderedSmallStaysAbove36dBOfAFullDecode() throws {
        // A 3072×2048 photo made in process: the bundled Kodak photo, enlarged 4×.
        let large = try ImageRenderer.render(
            ImageDescriptor(try TestImages.photo()), size: Size(width: 3072, height: 2048),
            scale: 1, filter: .bilinear)
        let jpeg = try JPEGCodec(options: JPEGCodec.EncodingOptions(quality: 90)).encode(large)
        let target = ShrinkTarget(size: PixelSize(width: 600, height: 600), contentMode: .aspectFill)

        let shrunk = try JPEGCodec().decode(jpeg, options: DecodingOptions(shrinkTarget: target))
        // 2048 / 4 = 512 would not cover 600 rows: the largest reduction is 1/2.
        #expect(shrunk.width == 1536 && shrunk.height == 1024 && shrunk.scale == 0.5)
        #expect(shrunk.size == Size(width: 3072, height: 2048))
        let full = try JPEGCodec().decode(jpeg, options: DecodingOptions())

        let tile = Size(width: 300, height: 300)
        let fromShrunk = try ImageRenderer.render(ImageDescriptor(shrunk, contentMode: .aspectFill), size: tile, scale: 2)
        let fromFull = try ImageRenderer.render(ImageDescriptor(full, contentMode: .aspectFill), size: tile, scale: 2)
        let psnr = JPEGFixtures.psnr(fromShrunk, fromFull)
        #expect(psnr >= 36, "PSNR \(psnr) dB")
    }
}
