import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `JPEGCodec.EncodingOptions.huffman`: fitted tables by default, the
/// standard's tables on request or above a size, the same pixels either way.
@Suite struct JPEGHuffmanTests {
    static func photo(width: Int, height: Int) throws -> Bitmap {
        let pixels = Resampler.resample(
            try TestImages.photo(), destinationWidth: width, destinationHeight: height,
            visible: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), filter: .lanczos3)
        return try Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    }

    @Test func fittedTablesAreTheDefault() throws {
        #expect(JPEGCodec.EncodingOptions.default.huffman == .optimized)
        let photo = try Self.photo(width: 256, height: 170)
        let plain = try JPEGCodec.encode(photo)
        #expect(plain == (try JPEGCodec.encode(photo, options: .init(huffman: .optimized))))
        #expect(JPEGHuffmanTables.luminanceDCCounts(in: plain) != nil)
        #expect(!JPEGHuffmanTables.usesStandardTables(plain))
    }

    @Test func standardTablesCodeTheSamePixelsInMoreBytes() throws {
        let photo = try Self.photo(width: 256, height: 170)
        let fitted = try JPEGCodec.encode(photo, options: .init(huffman: .optimized))
        let standard = try JPEGCodec.encode(photo, options: .init(huffman: .standard))
        #expect(JPEGHuffmanTables.usesStandardTables(standard))
        #expect(standard.count > fitted.count)
        #expect(try JPEGCodec.decode(standard).pixels == JPEGCodec.decode(fitted).pixels)
        #expect(standard == (try JPEGCodec.encode(photo, options: .init(huffman: .standard))))
    }

    @Test func aPixelLimitFitsTablesUpToItOnly() throws {
        let limit = JPEGCodec.HuffmanTables.optimizedUpTo(pixels: 128 * 128)
        #expect(limit.fitsTables(width: 128, height: 128) && !limit.fitsTables(width: 129, height: 128))
        let small = try Self.photo(width: 120, height: 80)
        let large = try Self.photo(width: 240, height: 160)
        #expect(try JPEGCodec.encode(small, options: .init(huffman: limit)) == JPEGCodec.encode(small))
        let standard = try JPEGCodec.encode(large, options: .init(huffman: .standard))
        #expect(try JPEGCodec.encode(large, options: .init(huffman: limit)) == standard)
    }

    @Test func progressiveScansFitTheirTablesWhateverTheSetting() throws {
        let photo = try Self.photo(width: 96, height: 64)
        let standard = try JPEGCodec.encode(photo, options: .init(progressive: true, huffman: .standard))
        #expect(standard == (try JPEGCodec.encode(photo, options: .init(progressive: true))))
        #expect(try JPEGCodec.decode(standard).width == 96)
    }
}
