import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// PNG iCCP: extracted, converted by default, off on request; files without
/// one keep the decode they always had.
@Suite struct PNGColorProfileTests {
    static func fixture(_ name: String) throws -> Data { try Fixtures.data("icc/" + name) }

    @Test func theICCPProfileIsExtractedExactly() throws {
        #expect(PNGCodec.iccProfile(of: try Self.fixture("p3-swatches.png")) == Array(try Self.fixture("display-p3.icc")))
        #expect(PNGCodec.iccProfile(of: try Self.fixture("grey-gamma22.png")) == Array(try Self.fixture("grey-gamma22.icc")))
    }

    @Test func filesWithoutICCPHaveNoProfile() throws {
        let suite = try FileManager.default.contentsOfDirectory(at: Fixtures.url("pngsuite"), includingPropertiesForKeys: nil)
        for url in suite where url.pathExtension == "png" && !url.lastPathComponent.hasPrefix("x") {
            let data = try Data(contentsOf: url)
            #expect(!data.withUnsafeBytes { PNGCodec.hasICCPChunk($0) }, "\(url.lastPathComponent)")
            #expect(PNGCodec.iccProfile(of: data) == nil)
        }
        #expect(PNGCodec.iccProfile(of: Data([0x89, 0x50])) == nil)
    }

    /// Every decode entry point converts by default; `convertsToSRGB: false` keeps the stored samples.
    @Test func decodingConvertsUnlessAskedNotTo() throws {
        let data = try Self.fixture("adobe-rgb-parrots.png")
        let reference = try PNGCodec.decodeStraightRGBA(try Self.fixture("adobe-rgb-parrots.srgb.png"))
        let stored = try PNGCodec.decodeStraightRGBA(data)
        let converted = try PNGCodec.decode(data, scale: 2)
        #expect(ColorProfileTests.difference(converted.pixels, reference.pixels).max <= 1)
        #expect(converted.scale == 2)
        #expect(try PNGCodec().decode(data, options: DecodingOptions(scale: 2)) == converted)
        #expect(try ImageDecoders.standard.decode(data, options: DecodingOptions(scale: 2)) == converted)
        let asStored = try PNGCodec().decode(data, options: DecodingOptions(convertsToSRGB: false))
        #expect(asStored.pixels == stored.pixels)
    }

    /// A PNG whose iCCP holds noise decodes, to its stored pixels.
    @Test func aGarbageICCPDecodesUntouched() throws {
        let data = try Self.fixture("garbage-iccp.png")
        #expect(try PNGCodec.decode(data) == PNGCodec.decode(data, options: DecodingOptions(convertsToSRGB: false)))
        #expect(try PNGCodec.decode(data).pixels == PNGCodec.decodeStraightRGBA(data).pixels)
    }

    @Test func anSRGBTaggedFileDecodesLikeAnUntaggedOne() throws {
        let tagged = try PNGCodec.decode(try Self.fixture("srgb-tagged.png"))
        let untagged = try PNGCodec.decode(try Self.fixture("garbage-iccp.png"), options: DecodingOptions(convertsToSRGB: false))
        #expect(tagged == untagged)
    }

    /// A hand-built file (no Pillow): stored-deflate iCCP before IDAT.
    static func builtPNG(profile: [UInt8], rgb: [UInt8]) -> Data {
        let iccp = Array("ICC".utf8) + [0, 0] + PNGBuilder.zlibStored(profile)
        return Data(
            PNGBuilder.image(
                width: rgb.count / 3, height: 1, bitDepth: 8, colorType: 2, rows: [rgb],
                extraChunks: [("iCCP", iccp)]))
    }

    @Test func aHandBuiltICCPIsConvertedToo() throws {
        let data = Self.builtPNG(profile: Array(try Self.fixture("display-p3.icc")), rgb: [255, 0, 0, 128, 128, 128, 200, 50, 50])
        let bitmap = try PNGCodec.decode(data)
        #expect(bitmap.pixels == [255, 0, 0, 255, 128, 128, 128, 255, 218, 24, 40, 255])
    }

    /// libpng drops a profile over the cap (`ColorProfile.maxByteCount`)
    /// before inflating it; the decode goes on as untagged.
    @Test func anOversizedICCPIsDropped() throws {
        var profile = Array(try Self.fixture("display-p3.icc"))
        let size = ColorProfile.maxByteCount + 1024
        profile.replaceSubrange(0..<4, with: PNGBuilder.bigEndian(UInt32(size)))
        profile += [UInt8](repeating: 0, count: size - profile.count)
        let data = Self.builtPNG(profile: profile, rgb: [255, 0, 0])
        #expect(PNGCodec.iccProfile(of: data) == nil)
        #expect(try PNGCodec.decode(data).pixels == [255, 0, 0, 255])
    }

    /// Files without iCCP: the decode is exactly the stored pixels premultiplied, as before.
    @Test func untaggedFilesDecodeAsBefore() throws {
        let data = Fixtures.iconPNG
        let (header, straight) = try PNGCodec.decodeStraightRGBA(data)
        let expected = try Bitmap(width: header.width, height: header.height, scale: 1, straightRGBA: straight)
        #expect(try PNGCodec.decode(data) == expected)
    }
}
