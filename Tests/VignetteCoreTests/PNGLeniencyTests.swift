import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// What the PNG decoder repairs and what it refuses (the leniency policy in
/// CodecsAndFormats.md), on files built here byte by byte. Every file is
/// decoded through both paths (libpng and the libdeflate fast path), which
/// must agree.
@Suite struct PNGLeniencyTests {
    /// Decodes through libpng and through the codec's own choice of path;
    /// both must give the same header and pixels (or both the same error).
    private static func decodeBothPaths(_ bytes: [UInt8]) throws(PNGCodec.Error) -> (header: PNGCodec.Header, pixels: [UInt8]) {
        let data = Data(bytes)
        let slow = Result { () throws(PNGCodec.Error) in try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 20, allowFastPath: false) }
        let fast = Result { () throws(PNGCodec.Error) in try PNGCodec.decodeStraightRGBA(data, maxPixelCount: 1 << 20, allowFastPath: true) }
        switch (slow, fast) {
        case (.success(let a), .success(let b)):
            #expect(a.header == b.header && a.pixels == b.pixels, "the fast path and libpng disagree")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "the fast path and libpng fail differently")
        default:
            Issue.record("one path decoded, the other failed: \(slow), \(fast)")
        }
        return try slow.get()
    }

    // MARK: tRNS before PLTE (repaired, as browsers show it)

    /// Four 8-bit truecolour pixels per row, two rows: the colour key
    /// (10, 20, 30) is the first and third pixel.
    private static let rgbRow: [UInt8] = [10, 20, 30, 40, 50, 60, 10, 20, 30, 1, 2, 3]
    private static let colourKey: [UInt8] = [0, 10, 0, 20, 0, 30]
    private static let suggestedPalette: [UInt8] = [255, 0, 0, 0, 255, 0]

    private static func truecolour(_ chunks: [(String, [UInt8])], bitDepth: UInt8 = 8, interlaced: Bool = false) -> [UInt8] {
        var png = PNGBuilder()
        png.header(width: 4, height: 2, bitDepth: bitDepth, colorType: 2, interlaced: interlaced)
        for (type, data) in chunks { png.chunk(type, data) }
        let row = bitDepth == 16 ? rgbRow.flatMap { [$0, 0] } : rgbRow
        let pixel = { (x: Int) in Array(row[(x * row.count / 4)..<((x + 1) * row.count / 4)]) }
        // Adam7 over 4x2: passes 1, 4 and 6 hold one row of row 0's pixels
        // (x = 0; x = 2; x = 1 and 3), pass 7 the whole of row 1.
        let scanlines =
            interlaced
            ? [0] + pixel(0) + [0] + pixel(2) + [0] + pixel(1) + pixel(3) + [0] + row
            : [0] + row + [0] + row
        png.imageData(scanlines: scanlines)
        png.end()
        return png.bytes
    }

    /// The colour key of a truecolour file applies although the tRNS comes
    /// before the (suggested) PLTE: what libpng 1.6.47 and later, Chromium,
    /// Firefox and Pillow show. libpng 1.6.39 alone would cancel the key and
    /// leave the decode without its alpha ("unsupported pixel layout after
    /// expansion" before the fix).
    @Test(arguments: [8, 16] as [UInt8])
    func truecolourKeyBeforePaletteIsApplied(bitDepth: UInt8) throws {
        // A 16-bit key is three 16-bit samples: 10, 20 and 30 in the high bytes, as the pixels have them.
        let keyBytes: [UInt8] = bitDepth == 16 ? [10, 0, 20, 0, 30, 0] : Self.colourKey
        let misplaced = Self.truecolour([("tRNS", keyBytes), ("PLTE", Self.suggestedPalette)], bitDepth: bitDepth)
        let inOrder = Self.truecolour([("PLTE", Self.suggestedPalette), ("tRNS", keyBytes)], bitDepth: bitDepth)
        let decoded = try Self.decodeBothPaths(misplaced)
        #expect(decoded.header.hasAlpha)
        #expect(decoded.pixels == (try Self.decodeBothPaths(inOrder)).pixels)
        let row: [UInt8] = [10, 20, 30, 0, 40, 50, 60, 255, 10, 20, 30, 0, 1, 2, 3, 255]
        #expect(decoded.pixels == row + row)
        // Through the public decoder too: a premultiplied bitmap, not an error.
        let bitmap = try ImageDecoders.standard.decode(Data(misplaced))
        #expect(bitmap.pixels.prefix(4) == [0, 0, 0, 0] && !bitmap.isOpaque)
    }

    @Test func interlacedTruecolourKeyBeforePaletteIsApplied() throws {
        let misplaced = Self.truecolour([("tRNS", Self.colourKey), ("PLTE", Self.suggestedPalette)], interlaced: true)
        let decoded = try Self.decodeBothPaths(misplaced)
        let row: [UInt8] = [10, 20, 30, 0, 40, 50, 60, 255, 10, 20, 30, 0, 1, 2, 3, 255]
        #expect(decoded.pixels == row + row)
    }

    /// A palette file's tRNS before its PLTE cannot be read (it names
    /// palette entries not yet known): libpng drops it with a warning, as
    /// Chromium and Firefox do, and the image shows opaque.
    @Test func paletteTransparencyBeforePaletteIsIgnored() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let bytes = PNGBuilder.image(
            width: 4, height: 2, bitDepth: 8, colorType: 3, rows: [[0, 1, 2, 3], [3, 2, 1, 0]],
            extraChunks: [("tRNS", [0, 128]), ("PLTE", palette)])
        let decoded = try Self.decodeBothPaths(bytes)
        #expect(!decoded.header.hasAlpha)
        #expect(Array(decoded.pixels.prefix(16)) == [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
        // In order, the same tRNS makes entries 0 and 1 translucent: the test can fail.
        let inOrder = PNGBuilder.image(
            width: 4, height: 2, bitDepth: 8, colorType: 3, rows: [[0, 1, 2, 3], [3, 2, 1, 0]],
            extraChunks: [("PLTE", palette), ("tRNS", [0, 128])])
        #expect(Array(try Self.decodeBothPaths(inOrder).pixels.prefix(8)) == [255, 0, 0, 0, 0, 255, 0, 128])
    }

    // MARK: methods the specification does not define (refused)

    /// An 8-bit RGB file (the fast path's kind) with one IHDR method byte set.
    private static func withMethod(_ method: PNGCodec.HeaderMethod, _ value: UInt8) -> [UInt8] {
        var bytes = PNGBuilder.image(width: 4, height: 2, bitDepth: 8, colorType: 2, rows: [rgbRow, rgbRow])
        bytes[method.byteOffset] = value
        PNGBuilder.fixCRC(&bytes, payload: 16..<29)
        return bytes
    }

    @Test(arguments: [
        (PNGCodec.HeaderMethod.compression, 1 as UInt8), (.compression, 255), (.filter, 1), (.filter, 64), (.interlace, 2), (.interlace, 7)
    ])
    func undefinedMethodsAreRefused(method: PNGCodec.HeaderMethod, value: UInt8) throws {
        let bytes = Self.withMethod(method, value)
        let expected = PNGCodec.Error.unknownMethod(method, value: Int(value))
        #expect(throws: expected) { try Self.decodeBothPaths(bytes) }
        #expect(throws: expected) { try PNGCodec.header(of: Data(bytes)) }
        let shared = try #require(throws: ImageDecoders.Error.self) { try ImageDecoders.standard.decode(Data(bytes)) }
        #expect(shared.format == .png && shared.isDamagedData)
        #expect(
            shared.description
                == "corrupt PNG: unknown \(method.rawValue) method \(value) in IHDR (\(method == .interlace ? "only 0, none, and 1, Adam7, are defined" : method == .filter ? "only 0, adaptive filtering, is defined" : "only 0, deflate, is defined"))"
        )
    }

    /// The defined values still decode (the check is not too eager).
    @Test func definedMethodsDecode() throws {
        #expect(try Self.decodeBothPaths(Self.withMethod(.compression, 0)).header.width == 4)
        #expect(try Self.decodeBothPaths(Self.truecolour([], interlaced: true)).header.isInterlaced)
    }
}
