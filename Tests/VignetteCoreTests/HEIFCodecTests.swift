import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// HEIC decoding (see Fixtures/heic/README.md): flat-colour files against
/// their source PNGs (lossy within a few levels, lossless within 1), alpha,
/// premultiplied alpha, 10-bit, ICC and nclx colour, and the irot/imir
/// transforms applied by libheif with an Exif orientation ignored.
@Suite struct HEIFCodecTests {
    static func heic(_ name: String) throws -> Data { try Fixtures.data("heic/\(name)") }

    /// A PNG reference, premultiplied as a decode is.
    static func reference(_ name: String) throws -> Bitmap {
        try PNGCodec.decode(contentsOf: Fixtures.url("heic/\(name)").path, scale: 1)
    }

    static func decode(_ name: String, _ options: DecodingOptions = DecodingOptions()) throws -> Bitmap {
        try HEIFCodec().decode(heic(name), options: options)
    }

    /// The `HEIFCodec.Error` under a decoding failure.
    static func failure(_ data: Data, _ options: DecodingOptions = DecodingOptions()) -> HEIFCodec.Error? {
        do {
            _ = try HEIFCodec().decode(data, options: options)
            return nil
        } catch {
            return error.underlying as? HEIFCodec.Error
        }
    }

    @Test func sniffsHEIFBrandsAndLeavesAVIFToAVIF() throws {
        let heif = HEIFCodec()
        let avif = AVIFCodec()
        func ftyp(_ major: String, _ compatible: [String]) -> Data { AVIFCodecTests.ftyp(major: major, compatible: compatible) }
        #expect(heif.recognizes(try Self.heic("blocks.heic")))
        for major in ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "mif2", "msf1"] {
            #expect(heif.recognizes(ftyp(major, ["miaf"])), "major brand \(major)")
            #expect(!avif.recognizes(ftyp(major, ["miaf"])), "major brand \(major)")
        }
        #expect(heif.recognizes(ftyp("isom", ["mif1", "heic"])))  // an HEVC compatible brand
        // Any avif/avis brand makes the file AVIF's, whatever else it names.
        for brands in [("mif1", ["miaf", "avif"]), ("avif", ["mif1", "heic"]), ("msf1", ["avis"]), ("heic", ["avif"])] {
            #expect(!heif.recognizes(ftyp(brands.0, brands.1)), "\(brands)")
            #expect(avif.recognizes(ftyp(brands.0, brands.1)), "\(brands)")
        }
        #expect(!heif.recognizes(ftyp("isom", ["mif1", "mp41"])))  // an MP4 that names mif1 only
        #expect(!heif.recognizes(ftyp("mp42", [])))
        #expect(!heif.recognizes(Data("....heic".utf8)) && !heif.recognizes(Data()) && !heif.recognizes(Fixtures.iconPNG))
        #expect(!heif.recognizes(try Fixtures.data("avif/lossless.avif")))
        #expect(ImageDecoders.standard.decoder(for: try Self.heic("alpha.heic"))?.format == .heic)
        #expect(ImageDecoders.standard.decoder(for: try Fixtures.data("avif/lossless.avif"))?.format == .avif)
        #expect(ImageDecoders.standard.decoder(for: ftyp("mif1", ["miaf", "avif"]))?.format == .avif)
        #expect(ImageDecoders.standard.acceptHeader.contains("image/heic"))
        #expect(ImageFormat(fileExtension: "HEIF") == .heic && ImageFormat.heic.mediaType == "image/heic")
        #expect(!ImageFormat.encodable.contains(.heic))
    }

    /// Lossy 4:2:0 at quality 90: flat blocks come back within a few levels
    /// (measured 5 at the block edges, where chroma is shared); lossless
    /// 4:4:4 (YCbCr) and 10-bit within 1 and 2.
    @Test(arguments: [("blocks.heic", "blocks.png", 6), ("lossless.heic", "blocks.png", 1), ("depth10.heic", "blocks.png", 2)])
    func filesDecodeToTheirSourcePixels(_ file: String, _ reference: String, _ tolerance: Int) throws {
        let difference = PixelDifference(try Self.decode(file), try Self.reference(reference))
        #expect(difference.maximum <= tolerance, "\(file): \(difference)")
        #expect(try Bitmap(decoding: Self.heic(file), options: DecodingOptions()).width == 64)
    }

    @Test func alphaIsKeptStraightThenPremultipliedOnce() throws {
        let decoded = try Self.decode("alpha.heic")
        #expect(!decoded.isOpaque)
        #expect(PixelDifference(decoded, try Self.reference("alpha.png")).maximum <= 6)
        #expect(try Self.decode("blocks.heic").isOpaque)
        #expect(try !HEIFCodec.decodeImage(Self.heic("blocks.heic"), options: DecodingOptions()).hasAlpha)
        // Marked premultiplied ('prem'): un-premultiplied by the shim, premultiplied again.
        #expect(try HEIFCodec.header(of: Self.heic("premultiplied.heic")).isAlphaPremultiplied)
        #expect(try !HEIFCodec.header(of: Self.heic("alpha.heic")).isAlphaPremultiplied)
        let difference = PixelDifference(try Self.decode("premultiplied.heic"), try Self.reference("alpha.png"))
        #expect(difference.maximum <= 2, "\(difference)")
    }

    @Test func headersTellSizeDepthAlphaCodecAndTiles() throws {
        let blocks = try HEIFCodec.header(of: Self.heic("blocks.heic"))
        #expect((blocks.width, blocks.height, blocks.bitDepth, blocks.hasAlpha, blocks.codec) == (64, 48, 8, false, "hvc1"))
        #expect(blocks.tileCount == 1)  // heif-enc wraps the image in a 1x1 grid
        #expect(blocks.iccProfile == nil && blocks.transforms == .up && blocks.colorPrimaries == nil)
        #expect(try HEIFCodec.header(of: Self.heic("depth10.heic")).bitDepth == 10)
        #expect(try HEIFCodec.header(of: Self.heic("alpha.heic")).hasAlpha)
        let grid = try HEIFCodec.header(of: Self.heic("grid2x2.heic"))
        #expect((grid.width, grid.height, grid.tileCount) == (64, 128, 4))
    }

    /// libheif applies irot/imir; the image comes upright with orientation `.up`.
    @Test(arguments: 2...8)
    func irotAndImirAreAppliedByLibheif(_ value: Int) throws {
        let orientation = try #require(EXIFOrientation(rawValue: value))
        let stored = try Self.decode("tall.heic")
        #expect(try HEIFCodec.header(of: Self.heic("orient\(value).heic")).transforms == orientation)
        let image = try HEIFCodec.decodeImage(Self.heic("orient\(value).heic"), options: DecodingOptions())
        #expect(image.orientation == .up)
        #expect(try Self.decode("orient\(value).heic") == stored.oriented(orientation))
        // Nothing is left to apply: the transforms are part of a HEIF image.
        #expect(try Self.decode("orient\(value).heic", DecodingOptions(appliesOrientation: false)) == stored.oriented(orientation))
    }

    /// An Exif Orientation inside a HEIF is ignored (HEIF, ISO/IEC 23008-12):
    /// only irot/imir count, so a file with both turns once.
    @Test func exifOrientationIsIgnored() throws {
        let stored = try Self.decode("tall.heic")
        #expect(try Data(Self.heic("exif6.heic")).range(of: Data([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6])) != nil)
        #expect(try Self.decode("exif6.heic") == stored)
        #expect(try Self.decode("orient6-exif3.heic") == stored.oriented(.right))
    }

    @Test func grid2x2DecodesToItsFourTiles() throws {
        let tile = try Self.decode("tall.heic")
        let grid = try Self.decode("grid2x2.heic")
        #expect((grid.width, grid.height) == (64, 128))
        for y in [0, 40, 70, 127] {
            for x in [0, 20, 40, 63] {
                let at = (y * 64 + x) * 4
                let source = ((y % 64) * 32 + x % 32) * 4
                #expect(grid.pixels[at..<at + 4] == tile.pixels[source..<source + 4], "(\(x), \(y))")
            }
        }
    }

    @Test func colrICCProfileIsExtractedAndNclxIsConverted() throws {
        let profile = [UInt8](try Fixtures.data("webp/sRGB2014.icc"))
        #expect(try HEIFCodec.header(of: Self.heic("icc.heic")).iccProfile == profile)
        #expect(try HEIFCodec.decodeImage(Self.heic("icc.heic"), options: DecodingOptions()).iccProfile == profile)
        #expect(try HEIFCodec.decodeImage(Self.heic("blocks.heic"), options: DecodingOptions()).iccProfile == nil)
        // nclx 12/13 (Display P3, sRGB transfer) without ICC: converted like an AVIF's.
        let header = try HEIFCodec.header(of: Self.heic("nclx-p3.heic"))
        #expect((header.colorPrimaries, header.transferCharacteristics) == (12, 13))
        let stored = try Self.decode("nclx-p3.heic", DecodingOptions(convertsToSRGB: false))
        #expect(stored == (try Self.decode("tall.heic")))
        let p3 = try #require(ColorProfile(cicpPrimaries: 12, transfer: 13))
        #expect(try HEIFCodec.decodeImage(Self.heic("nclx-p3.heic"), options: DecodingOptions()).iccProfile == p3.bytes)
        #expect(try Self.decode("nclx-p3.heic") != stored)
    }

    @Test func decodingIsDeterministic() throws {
        for file in ["blocks.heic", "depth10.heic", "alpha.heic"] {
            #expect(try Self.decode(file) == Self.decode(file))
        }
    }

    @Test func versionsAreLinkedLibraries() {
        #expect(HEIFCodec.libheifVersion.split(separator: ".").count == 3)
        #expect(HEIFCodec.decoderVersions.contains("HEVC: libde265"))
    }
}
