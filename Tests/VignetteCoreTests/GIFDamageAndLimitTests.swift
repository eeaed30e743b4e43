import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Damaged GIFs are typed errors, never crashes; the screen and canvas sizes
/// are checked against the limit before any pixel memory exists.
@Suite struct GIFDamageAndLimitTests {
    typealias T = GIFCodecTests

    // Byte offsets in offset.gif (made by make_gif_fixtures.py): signature and
    // screen (13), Graphic Control Extension (8), then the image descriptor.
    static let descriptor = 21, flags = 30, codeSize = 799

    /// `data` with `bytes` written at `offset`.
    static func patched(_ data: Data, at offset: Int, _ bytes: [UInt8]) -> Data {
        var copy = data
        copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
        return copy
    }

    /// Every cut before the end of the first frame is `truncated` (or
    /// `notGIF` before the signature ends); from there on, with or without
    /// later frames and the trailer, the first frame decodes the same.
    @Test(arguments: ["photo.gif", "photo-interlaced.gif", "transparent.gif", "offset.gif", "animated.gif"])
    func everyCutBeforeTheFirstFrameEndsIsTruncated(_ file: String) throws {
        let data = try T.gif(file)
        let whole = try T.decode(file)
        var complete: Int?
        for length in 0...data.count {
            let cut = data.prefix(length)
            if complete != nil {
                #expect(try GIFCodec().decode(cut, options: DecodingOptions()) == whole, "\(file) cut to \(length)")
                continue
            }
            let error = T.failure(cut)
            if error == nil {
                complete = length
                continue
            }
            let expected: GIFCodec.Error = length < 6 ? .notGIF(byteCount: length) : .truncated(byteCount: length)
            #expect(error == expected, "\(file) cut to \(length) bytes")
            if error != expected { return }
        }
        let end = try #require(complete)
        if file == "offset.gif" || file == "animated.gif" {
            #expect(end < data.count - 100, "later frames are never read")
        } else {
            #expect(end == data.count - 2, "neither the trailer nor the closing block is needed")
        }
    }

    @Test func corruptFilesAreTypedErrors() throws {
        let offset = try T.gif("offset.gif")
        #expect(offset[Self.descriptor] == 0x2C && offset[Self.flags] == 0x87 && offset[Self.codeSize] == 8)
        // An LZW code size over 8 (giflib calls it a failed read; data remains, so it is corrupt).
        #expect(T.failure(Self.patched(offset, at: Self.codeSize, [11])) == .corrupt)
        // Codes past the string table.
        #expect(T.failure(Self.patched(offset, at: Self.codeSize + 4, [UInt8](repeating: 0xFF, count: 8))) == .corrupt)
        // A record that is neither extension, image nor trailer.
        #expect(T.failure(Self.patched(offset, at: Self.descriptor - 8, [0x99])) == .corrupt)
        // A screen and a trailer, no frame.
        let empty = Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B])
        #expect(T.failure(empty) == .noImage)
        let error = #expect(throws: ImageDecoders.Error.self) { try GIFCodec().decode(empty, options: DecodingOptions()) }
        #expect(error?.format == .gif && error?.isDamagedData == true)
        #expect(T.failure(Fixtures.iconPNG) == .notGIF(byteCount: Fixtures.iconPNG.count))
        #expect(T.failure(Data()) == .notGIF(byteCount: 0))
    }

    @Test(arguments: ["transparent.gif", "offset.gif"])
    func flippedBytesGiveAnImageOrATypedErrorNeverACrash(_ file: String) throws {
        let data = try T.gif(file)
        for index in 6..<min(data.count, 2000) {
            var damaged = data
            damaged[index] ^= 0x55
            if let bitmap = try? GIFCodec().decode(damaged, options: DecodingOptions()) {
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            }
        }
    }

    /// The signature, logical screen descriptor and global colour table:
    /// everything before the first frame's blocks.
    static func headerAndColorTable(_ gif: Data) -> Data {
        let flags = gif[gif.startIndex + 10]
        return gif.prefix(13 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0))
    }

    @Test func hugeScreenFailsFastFromTheHeader() throws {
        let photo = try T.gif("photo.gif")
        let data = Self.patched(photo, at: 6, [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: 65535, height: 65535, limit: 1_000_000))
        #expect(T.failure(data) == .tooLarge(width: 65535, height: 65535, limit: DecodingOptions.defaultMaxPixelCount))
        // A header check, not a decode (work, not time): the screen
        // descriptor and colour table alone are refused the same way, while
        // the unpatched file cut there is truncated before its first frame.
        let header = Self.headerAndColorTable(data)
        #expect(T.failure(header, DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: 65535, height: 65535, limit: 1_000_000))
        #expect(T.failure(photo.prefix(header.count)) == .truncated(byteCount: header.count))
        let typed = #expect(throws: ImageDecoders.Error.self) {
            try GIFCodec().decode(data, options: DecodingOptions(maxPixelCount: 1_000_000))
        }
        #expect(typed?.reason == .tooLarge(width: 65535, height: 65535, limit: 1_000_000))
        #expect(typed?.isDamagedData == false)
    }

    @Test func aFrameFarOutsideTheScreenGrowsTheCanvasPastTheLimit() throws {
        let data = try T.gif("far-frame.gif")
        let header = try GIFCodec.header(of: data)
        #expect((header.screenWidth, header.screenHeight, header.width, header.height) == (16, 16, 60016, 60016))
        #expect(T.failure(data) == .tooLarge(width: 60016, height: 60016, limit: DecodingOptions.defaultMaxPixelCount))
    }

    /// A 40000 x 40000 frame in a 6 KB file: LZW cannot hold that many
    /// pixels in so few bytes, so the file is cut off, found before allocating.
    @Test func aFrameLargerThanItsDataCouldHoldIsTruncated() throws {
        let photo = try T.gif("photo.gif")
        let descriptor = 13 + 768  // screen, then the 256-entry global colour map
        #expect(photo[descriptor] == 0x2C)
        let data = Self.patched(photo, at: descriptor + 5, [0x40, 0x9C, 0x40, 0x9C])
        #expect(T.failure(data, DecodingOptions(maxPixelCount: Int.max)) == .truncated(byteCount: photo.count))
    }

    @Test func limitIsInclusive() throws {
        let data = try T.gif("photo.gif")
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 96 * 64 - 1)) == .tooLarge(width: 96, height: 64, limit: 96 * 64 - 1))
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 96 * 64)) == nil)
    }

    @Test func invalidScaleIsRejected() throws {
        #expect(T.failure(try T.gif("photo.gif"), DecodingOptions(scale: -1)) == .invalidScale(-1))
    }
}
