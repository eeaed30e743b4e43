import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// WebP encoding: round trips, determinism, and no alpha for opaque input.
@Suite struct WebPEncodingTests {
    /// The top-level RIFF chunks: (fourcc, payload).
    static func chunks(_ data: Data) -> [(String, [UInt8])] {
        let bytes = [UInt8](data)
        var found: [(String, [UInt8])] = []
        var at = 12
        while at + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[at + 4 + $1]) << ($1 * 8) }
            let end = min(bytes.count, at + 8 + size)
            found.append((String(decoding: bytes[at..<at + 4], as: UTF8.self), Array(bytes[at + 8..<end])))
            at += 8 + size + (size & 1)
        }
        return found
    }

    /// PSNR in dB over the colour channels of two opaque bitmaps of one size.
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var squared = 0.0
        var count = 0.0
        for i in 0..<a.pixels.count where i % 4 != 3 {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            squared += d * d
            count += 1
        }
        return 10 * log10(255 * 255 / (squared / count))
    }

    static func roundTrip(_ bitmap: Bitmap, _ options: WebPCodec.EncodingOptions) throws -> Bitmap {
        try WebPCodec().decode(WebPCodec.encode(bitmap, options: options), options: DecodingOptions(scale: bitmap.scale))
    }

    @Test func losslessRoundTripsExactly() throws {
        let photo = try TestImages.photo()
        #expect(try Self.roundTrip(photo, .lossless) == photo)
        let translucent = try WebPCodecTests.reference("alpha.png", scale: 2)
        #expect(try Self.roundTrip(translucent, .lossless) == translucent)
    }

    @Test func lossyAtQuality80KeepsThePhoto() throws {
        let photo = try TestImages.photo()
        let data = try WebPCodec().encode(photo)
        let psnr = Self.psnr(try WebPCodec().decode(data, options: DecodingOptions()), photo)
        // Measured with libwebp 1.2.4 on the 768×512 parrots (kodim23): 37.6 dB in 29,232 bytes
        // (quality 30: 33.9 dB, 12,290 bytes; lossless: 426,464 bytes).
        #expect(psnr >= 36, "PSNR \(psnr) dB at \(data.count) bytes")
        #expect(data.count < photo.pixels.count / 10)
        let small = try WebPCodec.encode(photo, options: .init(quality: 30))
        #expect(small.count < data.count)
    }

    @Test(arguments: [("cwebp-q80.webp", WebPCodec.EncodingOptions.default), ("cwebp-lossless.webp", .lossless)])
    func writesTheBytesCwebpWrites(_ file: String, _ options: WebPCodec.EncodingOptions) throws {
        let opaque = try WebPCodecTests.reference("lossless.png")
        #expect(try WebPCodec.encode(opaque, options: options) == WebPCodecTests.webp(file))
    }

    @Test func lossyAlphaKeepsTheAlphaPlaneExact() throws {
        let translucent = try WebPCodecTests.reference("alpha.png")
        let decoded = try Self.roundTrip(translucent, .default)
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == translucent.pixels[$0] })
    }

    @Test(arguments: [WebPCodec.EncodingOptions.default, .lossless, .init(quality: 1), .init(quality: 100)])
    func sameBitmapSameBytes(_ options: WebPCodec.EncodingOptions) throws {
        let photo = try TestImages.photo()
        let translucent = try WebPCodecTests.reference("alpha.png")
        #expect(try WebPCodec.encode(photo, options: options) == WebPCodec(options: options).encode(photo))
        #expect(try WebPCodec.encode(translucent, options: options) == WebPCodec.encode(translucent, options: options))
    }

    @Test func opaqueOutputCarriesNoAlpha() throws {
        let opaque = try WebPCodecTests.reference("lossless.png")
        let lossy = Self.chunks(try WebPCodec.encode(opaque))
        #expect(lossy.map(\.0) == ["VP8 "])
        let lossless = Self.chunks(try WebPCodec.encode(opaque, options: .lossless))
        #expect(lossless.map(\.0) == ["VP8L"])
        // VP8L header: signature, 14 + 14 bits of size, then the alpha_is_used bit (bit 28).
        #expect(lossless.first.map { $0.1[4] & 0x10 } == 0)
        #expect(try WebPCodec.header(of: WebPCodec.encode(opaque)).hasAlpha == false)
    }

    @Test func translucentOutputCarriesAlpha() throws {
        let translucent = try WebPCodecTests.reference("alpha.png")
        let lossy = Self.chunks(try WebPCodec.encode(translucent))
        #expect(lossy.map(\.0) == ["VP8X", "ALPH", "VP8 "])
        #expect(lossy.first.map { $0.1[0] & 0x10 } == 0x10)
        let lossless = Self.chunks(try WebPCodec.encode(translucent, options: .lossless))
        #expect(lossless.first.map { $0.1[4] & 0x10 } == 0x10)
    }

    @Test func optionsClampQuality() {
        #expect(WebPCodec.EncodingOptions(quality: 0).quality == 1)
        #expect(WebPCodec.EncodingOptions(quality: 400).quality == 100)
        #expect(WebPCodec.EncodingOptions.default == .init(quality: 80, lossless: false))
    }

    @Test func sizesWebPCannotHoldAreTypedErrors() {
        let empty = #expect(throws: EncodingOptions.Error.self) { try WebPCodec().encode(Bitmap(width: 0, height: 3)) }
        #expect(empty?.reason == .emptyImage(width: 0, height: 3))
        let wide = #expect(throws: EncodingOptions.Error.self) { try WebPCodec().encode(Bitmap(width: 16384, height: 1)) }
        #expect(wide?.description.contains("16383") == true)
        #expect(wide?.format == .webp)
    }

    @Test func versionIsLinkedLibwebp() {
        #expect(WebPCodec.libwebpVersion.split(separator: ".").count == 3)
        #expect(WebPCodec.libwebpVersion != "0.0.0")
    }
}
