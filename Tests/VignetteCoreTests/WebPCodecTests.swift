import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// WebP decoding against dwebp decodes by the same libwebp (pixel-exact; see
/// Fixtures/webp/README.md): still images, animations, EXIF orientation,
/// ICCP, damaged files, the pixel limit and shrink-on-load.
@Suite struct WebPCodecTests {
    static func webp(_ name: String) throws -> Data { try Fixtures.data("webp/\(name)") }

    /// A dwebp reference, premultiplied as a decode is.
    static func reference(_ name: String, scale: Double = 1) throws -> Bitmap {
        try PNGCodec.decode(contentsOf: Fixtures.url("webp/\(name)").path, scale: scale)
    }

    static func decode(_ name: String, _ options: DecodingOptions = DecodingOptions()) throws -> Bitmap {
        try WebPCodec().decode(webp(name), options: options)
    }

    /// The `WebPCodec.Error` under a decoding failure.
    static func failure(_ data: Data, _ options: DecodingOptions = DecodingOptions()) -> WebPCodec.Error? {
        do {
            _ = try WebPCodec().decode(data, options: options)
            return nil
        } catch {
            return error.underlying as? WebPCodec.Error
        }
    }

    @Test func sniffsRIFFWEBPOnly() throws {
        let codec = WebPCodec()
        #expect(codec.recognizes(try Self.webp("lossy.webp")))
        #expect(!codec.recognizes(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)))
        #expect(!codec.recognizes(Data("RIFF".utf8)))
        #expect(!codec.recognizes(Fixtures.iconPNG))
        #expect(ImageDecoders.standard.decoder(for: try Self.webp("lossless.webp"))?.format == .webp)
        #expect(ImageDecoders.standard.formats.contains(.webp))
    }

    @Test(arguments: [
        ("lossy.webp", "lossy.png"), ("lossless.webp", "lossless.png"), ("alpha.webp", "alpha.png"),
        ("iccp.webp", "lossy.png")
    ])
    func decodesPixelExactLikeDwebp(_ file: String, _ reference: String) throws {
        let decoded = try Self.decode(file, DecodingOptions(scale: 2, convertsToSRGB: false))
        let expected = try Self.reference(reference, scale: 2)
        #expect(decoded == expected)
        // Through the registry, as the pipeline reads bytes.
        #expect(try Bitmap(decoding: Self.webp(file), options: DecodingOptions(scale: 2, convertsToSRGB: false)) == expected)
    }

    @Test func headersTellSizeAlphaAndAnimation() throws {
        let lossy = try WebPCodec.header(of: Self.webp("lossy.webp"))
        #expect((lossy.width, lossy.height, lossy.hasAlpha, lossy.isAnimated, lossy.frameCount) == (128, 96, false, false, 1))
        #expect(try WebPCodec.header(of: Self.webp("alpha.webp")).hasAlpha)
        let animated = try WebPCodec.header(of: Self.webp("animated.webp"))
        #expect((animated.width, animated.height, animated.isAnimated, animated.frameCount) == (64, 64, true, 2))
        #expect(lossy.iccProfile == nil && lossy.orientation == .up)
    }

    @Test func animationGivesItsFirstFrame() throws {
        #expect(try Self.decode("animated.webp") == Self.reference("animated-frame1.png"))
    }

    @Test func firstFrameSmallerThanTheCanvasSitsOnTransparency() throws {
        let decoded = try Self.decode("animated-offset.webp")
        let frame = try Self.reference("animated-offset-frame1.png")
        #expect((decoded.width, decoded.height) == (64, 64))
        var expected = Bitmap(width: 64, height: 64)
        for y in 0..<32 { for x in 0..<32 { expected[x + 16, y + 16] = frame[x, y] } }
        #expect(decoded == expected)
    }

    @Test(arguments: [("exif-orientation-6.webp", EXIFOrientation.right), ("exif-orientation-8.webp", .left)])
    func exifOrientationIsApplied(_ file: String, _ orientation: EXIFOrientation) throws {
        #expect(try WebPCodec.header(of: Self.webp(file)).orientation == orientation)
        let stored = try Self.reference("lossless.png")
        let upright = try Self.decode(file)
        #expect((upright.width, upright.height) == (48, 64))
        #expect(upright == stored.oriented(orientation))
        #expect(try Self.decode(file, DecodingOptions(appliesOrientation: false)) == stored)
    }

    @Test func iccpChunkBecomesTheProfile() throws {
        let profile = [UInt8](try Self.webp("sRGB2014.icc"))
        #expect(profile.count == 3024)
        #expect(try WebPCodec.header(of: Self.webp("iccp.webp")).iccProfile == profile)
        #expect(try WebPCodec.decodeImage(Self.webp("iccp.webp"), options: DecodingOptions()).iccProfile == profile)
        #expect(try WebPCodec.decodeImage(Self.webp("lossy.webp"), options: DecodingOptions()).iccProfile == nil)
    }

    // MARK: Damaged files

    @Test(arguments: ["lossy.webp", "lossless.webp", "alpha.webp", "animated.webp", "exif-orientation-6.webp"])
    func everyTruncationIsATypedError(_ file: String) throws {
        let data = try Self.webp(file)
        for length in 0..<data.count {
            let error = Self.failure(data.prefix(length))
            let expected: WebPCodec.Error = length < 12 ? .notWebP(byteCount: length) : .truncated(byteCount: length)
            #expect(error == expected, "\(file) cut to \(length) bytes")
            if error != expected { return }
        }
    }

    @Test func corruptHeadersAreTypedErrors() throws {
        var lossy = try Self.webp("lossy.webp")
        lossy[23] ^= 0xFF  // the VP8 start code 9d 01 2a
        #expect(Self.failure(lossy) == .corrupt)
        var lossless = try Self.webp("lossless.webp")
        lossless[20] = 0x2E  // the VP8L signature 0x2f
        #expect(Self.failure(lossless) == .corrupt)
        var unknown = try Self.webp("lossy.webp")
        unknown.replaceSubrange(12..<16, with: Array("JUNK".utf8))
        #expect(Self.failure(unknown) == .corrupt)
        let error = #expect(throws: ImageDecoders.Error.self) { try WebPCodec().decode(lossy, options: DecodingOptions()) }
        #expect(error?.format == .webp && error?.isDamagedData == true)
        #expect(Self.failure(Fixtures.iconPNG) == .notWebP(byteCount: Fixtures.iconPNG.count))
        #expect(Self.failure(Data()) == .notWebP(byteCount: 0))
    }

    @Test(arguments: ["lossless.webp", "alpha.webp", "animated-offset.webp"])
    func flippedBytesGiveAnImageOrATypedErrorNeverACrash(_ file: String) throws {
        let data = try Self.webp(file)
        for index in 12..<data.count {
            var damaged = data
            damaged[index] ^= 0x55
            if let bitmap = try? WebPCodec().decode(damaged, options: DecodingOptions()) {
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            }
        }
    }
}
