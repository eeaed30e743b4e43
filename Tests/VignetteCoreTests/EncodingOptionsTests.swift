import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The one encode and the one decode: every setting of `EncodingOptions`
/// reaches its codec (the bytes of the codec's own settings, and not the
/// default's), and `Bitmap(contentsOf:options:)` reads a file as
/// `Bitmap(decoding:options:)` reads bytes, its scale from the name.
@Suite struct EncodingOptionsTests {
    static let bitmap = TestImages.noisy(TestImages.gradient(64, 48))

    @Test func jpegSettingsReachTheEncoder() throws {
        let bitmap = Self.bitmap
        let plain = try bitmap.encoded(as: .jpeg)
        #expect(plain == (try JPEGCodec.encode(bitmap, options: .default)))
        let cases: [(EncodingOptions, JPEGCodec.EncodingOptions)] = [
            (EncodingOptions(progressive: true), .init(progressive: true)),
            (EncodingOptions(chroma: .yuv444), .init(chroma: .yuv444)),
            (EncodingOptions(huffman: .standard), .init(huffman: .standard)),
            (EncodingOptions(huffman: .optimizedUpTo(pixels: 100)), .init(huffman: .standard)),
            (EncodingOptions(quality: 55, progressive: true, chroma: .yuv444), .init(quality: 55, progressive: true, chroma: .yuv444))
        ]
        for (shared, own) in cases {
            let data = try bitmap.encoded(as: .jpeg, options: shared)
            #expect(data == (try JPEGCodec.encode(bitmap, options: own)), "\(shared)")
            #expect(data != plain, "\(shared) changed nothing")
        }
    }

    @Test func pngCompressionPicksTheMeasuredPresetsOrALevel() throws {
        let bitmap = Self.bitmap
        let cases: [(EncodingOptions.Compression, PNGCodec.EncodingOptions)] = [
            (.balanced, .default), (.smallest, .smallest), (.fastest, .fastest), (.level(2), .init(level: 2)),
            (.level(42), .init(level: 9))
        ]
        for (compression, own) in cases {
            let data = try bitmap.encoded(options: EncodingOptions(compression: compression))
            #expect(data == (try PNGCodec.encode(bitmap, options: own)), "\(compression)")
            #expect(try Bitmap(decoding: data) == bitmap, "lossless whatever the effort")
        }
        #expect(try bitmap.encoded() == bitmap.encoded(as: .png, options: EncodingOptions(compression: .balanced)))
    }

    @Test func avifSpeedAndWebPLosslessReachTheirEncoders() throws {
        let bitmap = Self.bitmap
        let fast = try bitmap.encoded(as: .avif, options: EncodingOptions(quality: 60, speed: 10))
        #expect(fast == (try AVIFCodec.encode(bitmap, options: .init(quality: 60, speed: 10))))
        #expect(fast != (try bitmap.encoded(as: .avif, options: EncodingOptions(quality: 60))))
        let exact = try bitmap.encoded(as: .webp, options: EncodingOptions(quality: 40, lossless: true))
        #expect(exact == (try WebPCodec.encode(bitmap, options: .init(quality: 40, lossless: true))))
        #expect(try Bitmap(decoding: exact) == bitmap)
    }

    @Test func defaultsAndClamping() {
        let options = EncodingOptions(quality: 0, speed: 99)
        #expect(EncodingOptions().quality == ImageFormat.defaultQuality)
        #expect(options.quality == 1 && options.speed == 10)
        #expect(EncodingOptions(quality: 400, speed: -3).quality == 100)
        #expect(EncodingOptions(quality: 400, speed: -3).speed == 0)
        #expect(EncodingOptions() == EncodingOptions(lossless: false, progressive: false, chroma: .yuv420, huffman: .optimized))
    }

    @Test func aFileDecodesAsItsBytesWithTheScaleOfItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("icon@2x.png").path
        let data = try Self.bitmap.encoded()
        try data.write(to: URL(fileURLWithPath: path))
        let named = try Bitmap(contentsOf: path)
        #expect(named == (try Bitmap(decoding: data, options: DecodingOptions(scale: 2))))
        #expect(named.scale == 2)
        #expect(try Bitmap(contentsOf: path, options: DecodingOptions(scale: 3)).scale == 3, "an explicit scale wins")
        let missing = folder.appendingPathComponent("missing.png").path
        do {
            _ = try Bitmap(contentsOf: missing)
            Issue.record("a missing file decoded")
        } catch {
            guard case .unreadable(let reported, _) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(reported == missing)
            #expect(error.description.hasPrefix("cannot read \(missing): "), "\(error)")
        }
    }
}
