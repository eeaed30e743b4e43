import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// AVIF colour given only by CICP code points (nclx, no ICC profile):
/// Display P3 and BT.2020 convert to sRGB through a profile lcms2 builds,
/// BT.709 / sRGB / unspecified and HDR stay as stored. Fixtures: lossless
/// AVIFs of the P3 swatches and Pillow ImageCms references, made by
/// Tests/Fixtures/avif/make_cicp_fixtures.py (see its header).
@Suite struct AVIFCICPColorTests {
    static func avif(_ name: String) throws -> Data { try Fixtures.data("avif/\(name).avif") }

    /// The swatches as stored in every CICP fixture (they are lossless), premultiplied as a decode is.
    static func stored() throws -> [UInt8] {
        try PNGCodec.decode(Fixtures.data("icc/p3-swatches.png"), options: DecodingOptions(convertsToSRGB: false)).pixels
    }

    @Test func headersCarryTheCodePointsAndNoICCProfile() throws {
        let p3 = try AVIFCodec.header(of: Self.avif("cicp-p3"))
        #expect((p3.colorPrimaries, p3.transferCharacteristics, p3.matrixCoefficients) == (12, 13, 0))
        #expect(p3.iccProfile == nil)
        #expect(p3.cicpProfile != nil)
        #expect(try AVIFCodec.header(of: Self.avif("cicp-bt709")).cicpProfile == nil)
        #expect(try AVIFCodec.header(of: Self.avif("cicp-pq")).cicpProfile == nil)
    }

    /// Pillow's lcms2 (2.19) from a profile written byte by byte against
    /// the system's lcms2 (2.14) from the profile it builds: within one level.
    @Test(arguments: ["cicp-p3", "cicp-bt2020"])
    func wideGamutFilesConvertToSRGBLikePillowImageCms(_ name: String) throws {
        let converted = try Bitmap(decoding: Self.avif(name)).pixels
        let reference = try PNGCodec.decode(Fixtures.data("avif/\(name).srgb.png")).pixels
        #expect(converted.count == reference.count)
        let diff = ColorProfileTests.difference(converted, reference)
        #expect(diff.max <= 1, "\(name): \(diff.count) bytes differ, by up to \(diff.max)")
        #expect(ColorProfileTests.difference(converted, try Self.stored()).max > 20, "the conversion changed pixels")
    }

    @Test(arguments: ["cicp-p3", "cicp-bt2020"])
    func convertsToSRGBOffKeepsTheStoredValues(_ name: String) throws {
        let kept = try Bitmap(decoding: Self.avif(name), options: DecodingOptions(convertsToSRGB: false))
        #expect(kept.pixels == (try Self.stored()))
    }

    @Test(arguments: ["cicp-bt709", "cicp-pq"])
    func bt709AndHDRStayAsStored(_ name: String) throws {
        #expect(try Bitmap(decoding: Self.avif(name)).pixels == Self.stored())
    }

    @Test func sRGBLikeCodePointsNeedNoProfile() {
        for primaries in [1, 2] {
            for transfer in [1, 2, 6, 13, 14, 15] {
                #expect(ColorProfile(cicpPrimaries: primaries, transfer: transfer) == nil, "\(primaries)/\(transfer)")
            }
        }
        for (primaries, transfer) in [(12, 16), (9, 18), (0, 13), (3, 13), (10, 13), (12, 0), (12, 99)] {
            #expect(ColorProfile(cicpPrimaries: primaries, transfer: transfer) == nil, "\(primaries)/\(transfer)")
        }
        #expect(ColorProfile(cicpPrimaries: 1, transfer: 4) != nil, "BT.709 primaries, gamma 2.2: a curve to convert")
    }

    @Test func builtProfilesAreStableAndConvertPureP3RedToClippedSRGBRed() throws {
        let profile = try #require(ColorProfile(cicpPrimaries: 12, transfer: 13))
        #expect(profile.bytes == ColorProfile(cicpPrimaries: 12, transfer: 13)?.bytes)
        #expect(Array(profile.bytes[24..<36]) == Array(repeating: 0, count: 12), "no creation date")
        #expect(Array(profile.bytes[36..<40]) == Array("acsp".utf8))
        var pixels: [UInt8] = [255, 0, 0, 255, 128, 128, 128, 77]
        #expect(profile.convertToSRGB(&pixels, width: 2, height: 1) == .converted)
        #expect(pixels == [255, 0, 0, 255, 128, 128, 128, 77], "red clips; greys and alpha stay")
    }

    /// Every supported pair builds a profile lcms2 accepts, each one different.
    @Test func everySupportedPairBuildsAUsableProfile() throws {
        var seen = Set<[UInt8]>()
        for primaries in [1, 4, 5, 6, 8, 9, 11, 12, 22] {
            for transfer in [4, 5, 7, 8, 13] where !(primaries == 1 && transfer == 13) {
                let profile = try #require(ColorProfile(cicpPrimaries: primaries, transfer: transfer))
                var pixels: [UInt8] = [200, 100, 50, 255]
                #expect(profile.convertToSRGB(&pixels, width: 1, height: 1) == .converted, "\(primaries)/\(transfer)")
                #expect(seen.insert(profile.bytes).inserted, "\(primaries)/\(transfer)")
            }
        }
    }

    @Test func anEmbeddedICCProfileWinsOverCICP() throws {
        let icc = try AVIFCodec.decodeImage(Fixtures.data("avif/icc.avif"), options: DecodingOptions())
        #expect(icc.iccProfile == [UInt8](try Fixtures.data("webp/sRGB2014.icc")))
        let p3 = try AVIFCodec.decodeImage(Self.avif("cicp-p3"), options: DecodingOptions())
        #expect(p3.iccProfile == ColorProfile(cicpPrimaries: 12, transfer: 13)?.bytes)
        let off = try AVIFCodec.decodeImage(Self.avif("cicp-p3"), options: DecodingOptions(convertsToSRGB: false))
        #expect(off.iccProfile == nil)
    }
}
