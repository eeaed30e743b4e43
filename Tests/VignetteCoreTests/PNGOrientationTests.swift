import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// PNG eXIf orientation: applied by default like JPEG's, off with
/// `appliesOrientation: false`, ignored when misplaced, damaged or malformed.
@Suite struct PNGOrientationTests {
    /// A 5×3 RGBA PNG with distinct pixels (so every turn is visible), with `chunks` before IDAT.
    static func png(before chunks: [(String, [UInt8])] = [], after: [(String, [UInt8])] = []) -> Data {
        let rows: [[UInt8]] = (0..<3).map { (y: Int) -> [UInt8] in
            (0..<5).flatMap { (x: Int) -> [UInt8] in [UInt8(x * 50), UInt8(y * 100), UInt8(x * 10 + y), 255] }
        }
        var png = PNGBuilder.image(width: 5, height: 3, bitDepth: 8, colorType: 6, rows: rows, extraChunks: chunks)
        if !after.isEmpty {
            let iend = png.count - 12
            var tail = PNGBuilder()
            for (type, data) in after { tail.chunk(type, data) }
            png.insert(contentsOf: tail.bytes.dropFirst(8), at: iend)
        }
        return Data(png)
    }

    /// An eXIf payload: a TIFF block with the orientation (no `Exif\0\0` header, as the chunk stores it).
    static func exif(_ orientation: EXIFOrientation, littleEndian: Bool = false) -> [UInt8] {
        EXIFOrientationTests.exif(UInt16(orientation.rawValue), littleEndian: littleEndian, header: false)
    }

    static let stored: Bitmap = { (try? PNGCodec.decode(png())) ?? Bitmap(width: 0, height: 0) }()

    @Test(arguments: EXIFOrientation.allCases, [false, true])
    func everyOrientationIsAppliedByDefault(_ orientation: EXIFOrientation, littleEndian: Bool) throws {
        let data = Self.png(before: [("eXIf", Self.exif(orientation, littleEndian: littleEndian))])
        #expect(PNGCodec.orientation(of: data) == orientation)
        let upright = try PNGCodec.decode(data, scale: 2)
        #expect(upright.pixels == Self.stored.oriented(orientation).pixels)
        #expect((upright.width, upright.height) == (orientation.swapsDimensions ? (3, 5) : (5, 3)))
        #expect(upright.scale == 2)
        #expect(try ImageDecoders.standard.decode(data).pixels == upright.pixels, "through the decoder registry")
        #expect(try Bitmap(decoding: data, options: DecodingOptions(appliesOrientation: false)) == Self.stored)
    }

    @Test func untaggedFilesKeepTheirPixels() throws {
        #expect(PNGCodec.orientation(of: Self.png()) == nil)
        #expect(Self.stored.width == 5 && Self.stored.height == 3)
        #expect(Self.stored[1, 0] == PremultipliedPixel(red: 50, green: 0, blue: 10, alpha: 255))
    }

    @Test func anEXIfChunkAfterTheImageDataIsIgnored() throws {
        let data = Self.png(after: [("eXIf", Self.exif(.right))])
        #expect(PNGBuilder.chunkTypes([UInt8](data)) == ["IHDR", "IDAT", "eXIf", "IEND"])
        #expect(PNGCodec.orientation(of: data) == nil)
        #expect(try PNGCodec.decode(data) == Self.stored)
    }

    @Test func aDamagedOrMalformedChunkIsIgnoredAndNeverFailsTheDecode() throws {
        var damaged = [UInt8](Self.png(before: [("eXIf", Self.exif(.left))]))
        let chunk = try #require(PNGBuilder.chunks(damaged).first { $0.type == "eXIf" })
        damaged[chunk.payload.upperBound] ^= 0x01  // CRC no longer matches
        #expect(PNGCodec.orientation(of: Data(damaged)) == nil)
        #expect(try PNGCodec.decode(Data(damaged)) == Self.stored)
        for payload in [
            [], [0x4D, 0x4D, 0, 42], Array(repeating: 0xFF, count: 40),
            EXIFOrientationTests.exif(9, littleEndian: false, header: false)
        ] {
            let data = Self.png(before: [("eXIf", payload)])
            #expect(PNGCodec.orientation(of: data) == nil)
            #expect(try PNGCodec.decode(data) == Self.stored)
        }
    }

    @Test func aChunkRunningPastTheEndOfTheFileIsIgnored() {
        var png = PNGBuilder()
        png.header(width: 5, height: 3, bitDepth: 8, colorType: 6)
        png.chunk("eXIf", Self.exif(.down))
        let cut = Data(png.bytes.dropLast(6))
        #expect(PNGCodec.orientation(of: cut) == nil)
        #expect(PNGCodec.orientation(of: Data(png.bytes)) == .down)
    }

    @Test func anExifHeaderInsideTheChunkIsTolerated() throws {
        let data = Self.png(before: [("eXIf", EXIFOrientationTests.exif(6, littleEndian: true, header: true))])
        #expect(PNGCodec.orientation(of: data) == .right)
        #expect(try PNGCodec.decode(data) == Self.stored.oriented(.right))
    }
}
