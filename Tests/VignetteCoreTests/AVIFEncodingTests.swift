import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// AVIF encoding through libavif + libaom: the quantizer and chroma rules,
/// exact lossless round trips, alpha, the signalled colour, determinism
/// (fingerprints of the bytes, committed) and the sizes refused before any allocation.
@Suite struct AVIFEncodingTests {
    static func roundTrip(_ bitmap: Bitmap, _ options: AVIFCodec.EncodingOptions) throws -> Bitmap {
        try AVIFCodec().decode(AVIFCodec.encode(bitmap, options: options), options: DecodingOptions(scale: bitmap.scale))
    }

    /// The first `av1C` box's chroma fields: [profile, subsampling x, subsampling y].
    static func av1Config(_ data: Data) -> [Int]? {
        let bytes = [UInt8](data)
        let tag = Array("av1C".utf8)
        guard let at = (0..<max(0, bytes.count - 8)).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else { return nil }
        return [Int(bytes[at + 5] >> 5), Int(bytes[at + 6] >> 3 & 1), Int(bytes[at + 6] >> 2 & 1)]
    }

    @Test func qualityMapsToTheQuantizerAsLibavifAndPillowDo() {
        // round((100 − q) · 63 / 100)
        let expected = [1: 62, 20: 50, 50: 32, 75: 16, 80: 13, 90: 6, 99: 1, 100: 0]
        for (quality, quantizer) in expected {
            #expect(AVIFCodec.EncodingOptions(quality: quality).quantizer == quantizer, "quality \(quality)")
        }
        #expect(AVIFCodec.EncodingOptions.lossless.quantizer == 0)
        #expect(AVIFCodec.EncodingOptions(quality: 0).quality == 1)
        #expect(AVIFCodec.EncodingOptions(quality: 400, speed: 99).quality == 100)
        #expect(AVIFCodec.EncodingOptions(speed: -3).speed == 0)
        #expect(AVIFCodec.EncodingOptions.default == .init(quality: 80, lossless: false, speed: 6))
    }

    @Test func chromaIsHalvedBelowQuality90AndFullFromThere() throws {
        #expect(!AVIFCodec.EncodingOptions(quality: 89).usesFullChroma)
        #expect(AVIFCodec.EncodingOptions(quality: 90).usesFullChroma)
        #expect(AVIFCodec.EncodingOptions.lossless.usesFullChroma)
        let bitmap = TestImages.gradient(32, 24)
        let low = try #require(Self.av1Config(AVIFCodec.encode(bitmap, options: .init(quality: 89))))
        #expect(low == [0, 1, 1], "main profile, 4:2:0")
        let high = try #require(Self.av1Config(AVIFCodec.encode(bitmap, options: .init(quality: 90))))
        #expect(high == [1, 0, 0], "high profile, 4:4:4")
    }

    @Test func losslessRoundTripsExactlyThroughOurDecoder() throws {
        let photo = try TestImages.photo()
        #expect(try Self.roundTrip(photo, .lossless) == photo)
        let translucent = try AVIFCodecTests.reference("alpha.png", scale: 2)
        #expect(!translucent.isOpaque)
        #expect(try Self.roundTrip(translucent, .lossless) == translucent)
    }

    @Test func signalsSRGBAndTheMatrixOfEachMode() throws {
        let bitmap = TestImages.gradient(32, 24)
        let lossy = try AVIFCodec.header(of: AVIFCodec.encode(bitmap))
        let cicp: [Int] = [lossy.colorPrimaries, lossy.transferCharacteristics, lossy.matrixCoefficients, lossy.bitDepth]
        #expect(cicp == [1, 13, 6, 8])
        #expect(!lossy.hasAlpha && lossy.iccProfile == nil && lossy.orientation == .up && lossy.imageCount == 1)
        let lossless = try AVIFCodec.header(of: AVIFCodec.encode(bitmap, options: .lossless))
        let exact: [Int] = [lossless.colorPrimaries, lossless.transferCharacteristics, lossless.matrixCoefficients]
        #expect(exact == [1, 13, 0])
    }

    @Test func atWebPsQualityAVIFNeedsAThirdFewerBytes() throws {
        let photo = try TestImages.photo()
        let decode = { (data: Data) throws -> Double in
            WebPEncodingTests.psnr(try ImageDecoders.standard.decode(data, options: DecodingOptions()), photo)
        }
        // Measured with libavif 0.11.1 + libaom 3.6.0 on the 768×512 parrots (kodim23), speed 6:
        // quality 80 is 39.9 dB in 38,251 bytes; quality 60 is 37.8 dB in 20,411 bytes,
        // where WebP at quality 80 is 37.6 dB in 29,232 bytes.
        let avif = try AVIFCodec().encode(photo)
        #expect(try decode(avif) >= 39.5, "\(avif.count) bytes")
        let webp = try WebPCodec().encode(photo)
        let smaller = try AVIFCodec.encode(photo, options: .init(quality: 60))
        #expect(try decode(smaller) >= decode(webp))
        #expect(smaller.count * 10 < webp.count * 8, "\(smaller.count) vs WebP's \(webp.count) bytes")
    }

    @Test func translucentBitmapsCarryAnAlphaPlaneOpaqueOnesNone() throws {
        let translucent = try AVIFCodecTests.reference("alpha.png")
        let data = try AVIFCodec.encode(translucent, options: .init(quality: 90))
        #expect(try AVIFCodec.header(of: data).hasAlpha)
        let decoded = try AVIFCodec().decode(data, options: DecodingOptions())
        let alphaError = stride(from: 3, to: decoded.pixels.count, by: 4).map { abs(Int(decoded.pixels[$0]) - Int(translucent.pixels[$0])) }
        #expect(alphaError.max() ?? 0 <= 8, "alpha within 8 at quality 90")
        #expect(try !AVIFCodec.header(of: AVIFCodec.encode(TestImages.gradient(16, 16))).hasAlpha)
    }

    /// FNV-1a fingerprints of encodes of built-in pixels, committed: they
    /// are the same in debug and release builds and on every run (libaom on
    /// one thread; its SIMD and C paths agree — checked with AOM_SIMD_CAPS_MASK=0).
    @Test func bytesMatchTheirCommittedFingerprints() throws {
        let gradient = TestImages.gradient(64, 48)
        let translucent = try AVIFCodecTests.reference("alpha.png")
        let cases: [(Bitmap, AVIFCodec.EncodingOptions, Int, UInt64)] = [
            (gradient, .default, 679, 0x6007_8dec_1a15_6545),
            (gradient, .init(quality: 95), 1745, 0xd159_93a0_55ca_03fa),
            (gradient, .lossless, 1824, 0x9b2d_292e_a6f2_cf5f),
            (translucent, .default, 1616, 0xaac1_e37d_1333_fee2)
        ]
        for (bitmap, options, count, fingerprint) in cases {
            let data = try AVIFCodec.encode(bitmap, options: options)
            #expect(data == (try AVIFCodec.encode(bitmap, options: options)), "same bytes twice")
            let found = Checksums.fnv1a64([UInt8](data))
            #expect(data.count == count && found == fingerprint, "\(options): \(data.count) bytes, 0x\(String(found, radix: 16))")
        }
    }

    @Test func sizesAVIFCannotHoldAreTypedErrorsBeforeAllocation() {
        let empty = #expect(throws: EncodingOptions.Error.self) { try AVIFCodec().encode(Bitmap(width: 0, height: 3)) }
        #expect(empty?.reason == .emptyImage(width: 0, height: 3))
        let wide = #expect(throws: AVIFCodec.Error.self) { try AVIFCodec.encode(Bitmap(width: 16385, height: 1)) }
        #expect(wide == .dimensionsOutOfRange(width: 16385, height: 1))
        #expect(wide?.description.contains("1...16384") == true)
        let viaFormat = #expect(throws: EncodingOptions.Error.self) { try Bitmap(width: 1, height: 16385).encoded(as: .avif) }
        #expect(viaFormat?.format == .avif)
    }

    @Test func encoderIsLibaom() {
        #expect(AVIFCodec.encoderName == "aom")
        #expect(AVIFCodec.av1CodecVersions.contains("aom [enc"))
    }
}
