import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `encoded(as:quality:lossless:)` on surfaces and bitmaps: the standard
/// encoder per format, its defaults, and the settings it refuses.
@Suite struct EncodedAsFormatTests {
    static func surface() throws -> ImageSurface {
        let surface = try ImageSurface(size: Size(width: 40, height: 30), scale: 2)
        surface.apply(
            ImageDescriptor(
                TestImages.gradient(64, 48), contentMode: .aspectFill,
                background: Color(red: 0xEE, green: 0xEE, blue: 0xEE)))
        return surface
    }

    @Test func eachFormatGivesTheBytesOfItsCodecWithTheSameSettings() throws {
        let surface = try Self.surface()
        let bitmap = surface.render()
        #expect(try surface.encoded(as: .png) == PNGCodec.encode(bitmap))
        #expect(try surface.encoded(as: .jpeg) == JPEGCodec.encode(bitmap, options: .init(quality: 80)))
        #expect(try surface.encoded(as: .jpeg, options: EncodingOptions(quality: 55)) == JPEGCodec.encode(bitmap, options: .init(quality: 55)))
        #expect(try surface.encoded(as: .webp) == WebPCodec.encode(bitmap, options: .init(quality: 80)))
        #expect(try surface.encoded(as: .webp, options: EncodingOptions(quality: 30)) == WebPCodec.encode(bitmap, options: .init(quality: 30)))
        #expect(try surface.encoded(as: .webp, options: EncodingOptions(lossless: true)) == WebPCodec.encode(bitmap, options: .lossless))
        #expect(try bitmap.encoded(as: .jpeg, options: EncodingOptions(quality: 55)) == surface.encoded(as: .jpeg, options: EncodingOptions(quality: 55)))
    }

    @Test(arguments: ImageFormat.encodable)
    func outputIsSniffedAsTheFormatAskedAndDecodesToTheSurfaceSize(_ format: ImageFormat) throws {
        let surface = try Self.surface()
        let data = try surface.encoded(as: format)
        #expect(ImageDecoders.standard.decoder(for: data)?.format == format)
        let decoded = try Bitmap(decoding: data)
        #expect((decoded.width, decoded.height) == (80, 60))
        #expect(try surface.encoded(as: format) == data, "deterministic")
    }

    @Test func losslessFormatsGiveTheRenderedPixelsBack() throws {
        let surface = try Self.surface()
        #expect(try Bitmap(decoding: surface.encoded(as: .png), options: DecodingOptions(scale: 2)) == surface.render())
        #expect(
            try Bitmap(
                decoding: surface.encoded(as: .webp, options: EncodingOptions(lossless: true)),
                options: DecodingOptions(scale: 2)) == surface.render())
        #expect(try surface.encoded(as: .png, options: EncodingOptions(quality: 10)) == surface.encoded(as: .png), "PNG ignores quality")
    }

    @Test func qualityIsClampedAndChangesLossyOutput() throws {
        let surface = try Self.surface()
        #expect(try surface.encoded(as: .jpeg, options: EncodingOptions(quality: 0)) == surface.encoded(as: .jpeg, options: EncodingOptions(quality: 1)))
        #expect(try surface.encoded(as: .jpeg, options: EncodingOptions(quality: 400)) == surface.encoded(as: .jpeg, options: EncodingOptions(quality: 100)))
        #expect(
            try surface.encoded(as: .jpeg, options: EncodingOptions(quality: 20)).count
                < surface.encoded(as: .jpeg, options: EncodingOptions(quality: 95)).count)
        #expect(try surface.encoded(as: .webp, options: EncodingOptions(quality: 20)) != surface.encoded(as: .webp, options: EncodingOptions(quality: 95)))
    }

    @Test func losslessJPEGIsRefusedWithAdvice() throws {
        let surface = try Self.surface()
        do {
            _ = try surface.encoded(as: .jpeg, options: EncodingOptions(lossless: true))
            Issue.record("a lossless JPEG was written")
        } catch {
            guard case .unsupportedSetting = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(error.format == .jpeg)
            #expect(error.description.contains(".webp with lossless: true"))
        }
    }

    @Test(arguments: [ImageFormat(rawValue: "heic"), ImageFormat(rawValue: "bmp")])
    func formatsVignetteDoesNotWriteAreRefused(_ format: ImageFormat) throws {
        let bitmap = TestImages.solid(4, 4)
        #expect(throws: EncodingOptions.Error(format: format, reason: .unsupportedFormat(encodable: [.png, .jpeg, .webp, .avif, .gif]))) {
            try bitmap.encoded(as: format)
        }
        let message = EncodingOptions.Error(format: format, reason: .unsupportedFormat(encodable: ImageFormat.encodable))
        #expect(message.description == "cannot encode \(format): Vignette writes only png, jpeg, webp, avif, gif; pick one of them")
    }

    @Test func emptySurfacesFailAsEveryEncoderDoes() throws {
        let surface = try ImageSurface(size: Size(width: 0, height: 10))
        for format in ImageFormat.encodable {
            #expect(throws: EncodingOptions.Error(format: format, reason: .emptyImage(width: 0, height: 10))) {
                try surface.encoded(as: format)
            }
        }
    }
}
