import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The JPEG encoder: round trips, options, determinism, no alpha.
@Suite struct JPEGEncodingTests {
    /// (SOF marker, component count, luma sampling byte) of an encoded file.
    static func frame(_ data: Data) throws -> (marker: UInt8, components: Int, lumaSampling: UInt8) {
        let bytes = [UInt8](data)
        let sof = try #require(JPEGFixtures.startOfFrame(in: bytes))
        return (bytes[sof + 1], Int(bytes[sof + 9]), bytes[sof + 11])
    }

    /// Quality, chroma and the PSNR the parrots photo (768×512) must keep
    /// through encode + decode. Measured with libjpeg-turbo 2.1.5: q90 4:4:4
    /// 41.51 dB (97 KB), q80 4:2:0 37.79 dB (48 KB), q50 4:2:0 35.08 dB
    /// (26 KB), printed by the test; the floors leave about 1 dB.
    static let roundTrips: [(quality: Int, chroma: JPEGCodec.ChromaSubsampling, floor: Double)] = [
        (90, .yuv444, 40.5), (80, .yuv420, 36.5), (50, .yuv420, 34)
    ]

    @Test(arguments: 0..<3)
    func roundTripStaysClose(_ index: Int) throws {
        let (quality, chroma, floor) = Self.roundTrips[index]
        let photo = try TestImages.photo()
        let data = try JPEGCodec.encode(photo, options: .init(quality: quality, chroma: chroma))
        let decoded = try JPEGCodec.decode(data)
        #expect((decoded.width, decoded.height) == (768, 512))
        let psnr = JPEGFixtures.psnr(photo, decoded)
        print("JPEG round trip q\(quality) \(chroma): \(String(format: "%.2f", psnr)) dB, \(data.count) bytes")
        #expect(psnr >= floor, "q\(quality) \(chroma): \(psnr) dB")
    }

    @Test func encodingIsDeterministic() throws {
        let photo = try TestImages.photo()
        for options in [JPEGCodec.EncodingOptions.default, .init(quality: 95, progressive: true, chroma: .yuv444)] {
            let first = try JPEGCodec.encode(photo, options: options)
            let second = try JPEGCodec(options: options).encode(photo)
            #expect(first == second)
        }
    }

    @Test func optionsReachTheFile() throws {
        let image = TestImages.gradient(64, 48)
        let baseline = try Self.frame(JPEGCodec.encode(image))
        #expect(baseline.marker == 0xC0 && baseline.components == 3 && baseline.lumaSampling == 0x22)
        let progressive = try Self.frame(JPEGCodec.encode(image, options: .init(progressive: true, chroma: .yuv444)))
        #expect(progressive.marker == 0xC2 && progressive.lumaSampling == 0x11)
        let low = try JPEGCodec.encode(image, options: .init(quality: 10)).count
        let high = try JPEGCodec.encode(image, options: .init(quality: 95)).count
        #expect(low < high)
        #expect(JPEGCodec.EncodingOptions(quality: 0).quality == 1 && JPEGCodec.EncodingOptions(quality: 1000).quality == 100)
    }

    @Test func outputIsAFixedJFIFWithoutAlpha() throws {
        let data = try JPEGCodec.encode(TestImages.gradient(16, 16))
        let bytes = [UInt8](data)
        // SOI, then APP0 "JFIF\0" version 1.01, no density units, 1:1, no thumbnail.
        #expect(
            Array(bytes.prefix(20)) == [
                0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00,
                0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00
            ])
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
        let header = try JPEGCodec.header(of: data)
        #expect(header.components == 3 && header.iccProfile == nil && header.orientation == .up)
    }

    @Test func transparencyIsCompositedOverBlack() throws {
        var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) where i / 4 % 16 < 8 {
            pixels[i] = 255
            pixels[i + 3] = 255  // opaque red on the left half, transparent on the right
        }
        let data = try JPEGCodec.encode(try Bitmap(width: 16, height: 16, premultipliedRGBA: pixels), options: .init(quality: 100, chroma: .yuv444))
        #expect(try Self.frame(data).components == 3)
        let decoded = try JPEGCodec.decode(data)
        #expect(decoded.isOpaque)
        let right = decoded.color(x: 14, y: 8)
        let left = decoded.color(x: 1, y: 8)
        #expect(right.red < 8 && right.green < 8 && right.blue < 8, "\(right)")
        #expect(left.red > 247 && left.green < 8, "\(left)")
    }

    @Test func emptyBitmapIsATypedError() {
        let empty = Bitmap(width: 0, height: 4)
        #expect(throws: JPEGCodec.Error.emptyImage(width: 0, height: 4)) { try JPEGCodec.encode(empty) }
        #expect(throws: EncodingOptions.Error(format: .jpeg, reason: .emptyImage(width: 0, height: 4))) {
            try empty.encoded(using: JPEGCodec())
        }
    }

    @Test func encodedFilesDecodeThroughTheStandardDecoders() throws {
        let image = TestImages.gradient(33, 17, scale: 3)
        let data = try image.encoded(using: JPEGCodec(options: .init(quality: 100, chroma: .yuv444)))
        let decoded = try ImageDecoders.standard.decode(data, options: DecodingOptions(scale: 3))
        #expect((decoded.width, decoded.height, decoded.scale) == (33, 17, 3))
        #expect(JPEGFixtures.psnr(image, decoded) > 40)
    }
}
