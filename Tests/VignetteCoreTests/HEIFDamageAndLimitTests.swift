import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Damaged HEIC files are typed errors, never crashes; sizes, grid tile
/// counts and the codec are checked from the container before any decoding.
@Suite struct HEIFDamageAndLimitTests {
    typealias T = HEIFCodecTests

    /// `data` with every `ispe` box claiming `width × height`.
    static func claiming(_ data: Data, width: Int, height: Int) -> Data {
        var patched = data
        let tag = Data("ispe".utf8)
        var from = patched.startIndex
        while let found = patched.range(of: tag, in: from..<patched.endIndex) {
            let at = found.upperBound + 4  // after the version and flags
            for (i, value) in [width, height].enumerated() {
                for byte in 0..<4 { patched[at + i * 4 + byte] = UInt8(truncatingIfNeeded: value >> (24 - byte * 8)) }
            }
            from = found.upperBound
        }
        return patched
    }

    /// `data` with `bytes` written at the first occurrence of `tag`, plus `offset`.
    static func patching(_ data: Data, at tag: String, offset: Int = 0, with bytes: [UInt8]) throws -> Data {
        let found = try #require(data.range(of: Data(tag.utf8)))
        var patched = data
        patched.replaceSubrange((found.lowerBound + offset)..<(found.lowerBound + offset + bytes.count), with: bytes)
        return patched
    }

    @Test(arguments: ["blocks.heic", "alpha.heic", "orient6.heic", "grid2x2.heic"])
    func everyTruncationIsATypedError(_ file: String) throws {
        let data = try T.heic(file)
        for length in 0..<data.count {
            let error = T.failure(data.prefix(length))
            let expected: HEIFCodec.Error = length < 16 ? .notHEIF(byteCount: length) : .truncated(byteCount: length)
            #expect(error == expected, "\(file) cut to \(length) bytes")
            if error != expected { return }
        }
    }

    @Test func flippedBytesGiveAnImageOrATypedErrorNeverACrash() throws {
        for file in ["blocks.heic", "grid2x2.heic"] {
            let data = try T.heic(file)
            for index in 16..<data.count {
                var damaged = data
                damaged[index] ^= 0x55
                if let bitmap = try? HEIFCodec().decode(damaged, options: DecodingOptions()) {
                    #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
                }
            }
        }
    }

    @Test func garbageAfterAHEIFBrandIsATypedError() throws {
        var state: UInt32 = 12345
        var bytes = [UInt8]()
        for _ in 0..<4096 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let garbage = AVIFCodecTests.ftyp(major: "heic", compatible: ["mif1"]) + Data(bytes)
        #expect(HEIFCodec().recognizes(garbage))
        #expect(T.failure(garbage) != nil)
        #expect(T.failure(Fixtures.iconPNG) == .notHEIF(byteCount: Fixtures.iconPNG.count))
        #expect(T.failure(Data()) == .notHEIF(byteCount: 0))
        let avif = try Fixtures.data("avif/lossless.avif")
        #expect(T.failure(avif) == .notHEIF(byteCount: avif.count))
    }

    @Test(arguments: [16384, 60000])
    func hugeDimensionsAreRefusedFromTheContainer(_ side: Int) throws {
        let data = Self.claiming(try T.heic("blocks.heic"), width: side, height: side)
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: side, height: side, limit: 1_000_000))
        let typed = #expect(throws: ImageDecoders.Error.self) {
            try HEIFCodec().decode(data, options: DecodingOptions(maxPixelCount: 1_000_000))
        }
        #expect(typed?.reason == .tooLarge(width: side, height: side, limit: 1_000_000))
        #expect(typed?.format == .heic && typed?.isDamagedData == false)
    }

    @Test func theDefaultLimitsApplyToo() throws {
        let blocks = try T.heic("blocks.heic")
        let limit = DecodingOptions.defaultMaxPixelCount
        #expect(T.failure(Self.claiming(blocks, width: 12000, height: 12000)) == .tooLarge(width: 12000, height: 12000, limit: limit))
        #expect(T.failure(Self.claiming(blocks, width: 70000, height: 1)) == .sideTooLong(width: 70000, height: 1, limit: 65535))
        #expect(T.failure(blocks, DecodingOptions(maxSide: 63)) == .sideTooLong(width: 64, height: 48, limit: 63))
    }

    @Test func limitIsInclusive() throws {
        let data = try T.heic("blocks.heic")
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 64 * 48 - 1)) == .tooLarge(width: 64, height: 48, limit: 64 * 48 - 1))
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 64 * 48)) == nil)
        #expect(T.failure(data, DecodingOptions(maxSide: 64)) == nil)
    }

    /// `data` whose first hvcC SPS states a `side × side` picture (the rest
    /// of the SPS padded with one bits, to its old length).
    static func spsClaiming(_ data: Data, side: Int) throws -> Data {
        let bytes = [UInt8](data)
        let hvcC = try #require(data.range(of: Data("hvcC".utf8))).upperBound
        var at = hvcC + 23
        var sps: Range<Int>?
        for _ in 0..<Int(bytes[hvcC + 22]) where sps == nil {
            let type = bytes[at] & 0x3F
            let count = Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
            at += 3
            for _ in 0..<count {
                let length = Int(bytes[at]) << 8 | Int(bytes[at + 1])
                if type == 33 && sps == nil { sps = (at + 2)..<(at + 2 + length) }
                at += 2 + length
            }
        }
        let range = try #require(sps)
        // VPS id, one layer, nesting; 96 bits of profile and level; SPS id 0, 4:2:0; then ue(side) twice.
        var bits = "00000001" + String(repeating: "01011010", count: 12) + "1" + "010"
        let golomb = String(side + 1, radix: 2)
        bits += String(repeating: "0", count: golomb.count - 1) + golomb
        bits += String(repeating: "0", count: golomb.count - 1) + golomb
        bits += String(repeating: "1", count: (range.count - 2) * 8 - bits.count)
        var patched = bytes
        for i in 0..<(range.count - 2) {
            let byte = bits.dropFirst(i * 8).prefix(8)
            patched[range.lowerBound + 2 + i] = UInt8(byte, radix: 2) ?? 0
        }
        return Data(patched)
    }

    /// libde265 allocates the picture its SPS states, whatever the ispe says:
    /// the SPS size is held to the limits too.
    @Test func anSPSClaimingAHugePictureIsRefused() throws {
        let data = try Self.spsClaiming(T.heic("blocks.heic"), side: 60000)
        #expect(T.failure(data) == .tooLarge(width: 60000, height: 60000, limit: DecodingOptions.defaultMaxPixelCount))
        let modest = try Self.spsClaiming(T.heic("blocks.heic"), side: 64)
        #expect(T.failure(modest) != .tooLarge(width: 64, height: 64, limit: DecodingOptions.defaultMaxPixelCount))
    }

    /// A grid whose 256 tiles cover 8 MB of pixels for a 32 × 64 image, and
    /// grids over the tile limit, are refused before a tile is decoded.
    @Test func gridBombsAreRefusedFromTheContainer() throws {
        #expect(T.failure(try T.heic("grid-bomb.heic")) == .tooManyTiles(count: 256, limit: HEIFCodec.maxTiles))
        let grid = try T.heic("grid2x2.heic")
        #expect(throws: HEIFCodec.Error.tooManyTiles(count: 4, limit: 3)) {
            try HEIFCodec.decodeImage(grid, options: DecodingOptions(), maxTiles: 3)
        }
        #expect(try HEIFCodec.decodeImage(grid, options: DecodingOptions(), maxTiles: 4).width == 64)
        let typed = #expect(throws: ImageDecoders.Error.self) { try HEIFCodec().decode(T.heic("grid-bomb.heic"), options: DecodingOptions()) }
        #expect(typed?.isDamagedData == false)
    }

    /// libheif 1.15 follows a grid's tiles wherever they lead; a tile that is
    /// itself a grid (or the grid itself) is refused by the shim first.
    @Test(arguments: ["grid-nested.heic", "grid-cycle.heic"])
    func nestedAndCyclicGridsAreRefused(_ file: String) throws {
        #expect(T.failure(try T.heic(file)) == .unsupportedFeature)
    }

    @Test(arguments: [("avc1", "AVC (H.264)"), ("jpeg", "JPEG"), ("j2k1", "JPEG 2000"), ("xyz1", "item type 'xyz1'")])
    func aMissingCodecIsNamed(_ itemType: String, _ name: String) throws {
        let data = try Self.patching(T.heic("blocks.heic"), at: "hvc1", with: Array(itemType.utf8))
        #expect(T.failure(data) == .missingCodec(name))
        let typed = #expect(throws: ImageDecoders.Error.self) { try HEIFCodec().decode(data, options: DecodingOptions()) }
        #expect(typed?.description.contains(name) == true)
        #expect(typed?.isDamagedData == false)
    }

    @Test func corruptCodedDataIsATypedError() throws {
        let blocks = try T.heic("blocks.heic")
        let garbage = try Self.patching(blocks, at: "mdat", offset: 8, with: [UInt8](repeating: 0xFF, count: 64))
        #expect(T.failure(garbage) == .corrupt)
        #expect(T.failure(try Self.patching(blocks, at: "pitm", offset: 8, with: [0, 99])) == .corrupt)
    }

    @Test func invalidScaleIsRejected() throws {
        #expect(T.failure(try T.heic("blocks.heic"), DecodingOptions(scale: 0)) == .invalidScale(0))
        #expect(T.failure(try T.heic("blocks.heic"), DecodingOptions(scale: .nan))?.description.contains("nan") == true)
    }
}
