import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Issue 11, item 2: decoders bound the memory and time a hostile file can
/// ask for, with typed errors naming the limit. (Peak RSS through the CLI:
/// `HostileInputTests` in VignetteCLITests.)
@Suite struct HostileDecodingTests {
    private static func reason(_ bytes: [UInt8], _ options: DecodingOptions = DecodingOptions()) -> ImageDecoders.Error.Reason? {
        do {
            _ = try ImageDecoders.standard.decode(Data(bytes), options: options)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aSideOverTheLimitIsRefusedFromTheHeaderOnBothPNGPaths() throws {
        // 1,000,000 × 100 passes the 100 Mpx limit but not the 65535 side limit.
        let wide = HostileFiles.wideOneBit(width: 1_000_000, height: 100)
        #expect(wide.count < 16_000)
        #expect(Self.reason(wide) == .sideTooLong(width: 1_000_000, height: 100, limit: 65535))
        // 8-bit RGBA is the libdeflate fast path's format: refused before it runs.
        let rgba = HostileFiles.lyingHeader(width: 70_000, height: 1)
        #expect(
            PNGFastPath.applies(
                to: PNGCodec.Header(
                    width: 70_000, height: 1, bitDepth: 8, colorType: .rgba,
                    isInterlaced: false, hasAlpha: true)))
        #expect(throws: PNGCodec.Error.sideTooLong(width: 70_000, height: 1, limit: 65535)) {
            try PNGCodec.decodeStraightRGBA(Data(rgba), maxPixelCount: .max, allowFastPath: true)
        }
        #expect(throws: PNGCodec.Error.sideTooLong(width: 1, height: 70_000, limit: 65535)) {
            try PNGCodec.header(of: Data(HostileFiles.lyingHeader(width: 1, height: 70_000)))
        }
        let error = ImageDecoders.Error(format: .png, reason: .sideTooLong(width: 1_000_000, height: 100, limit: 65535))
        #expect(error.description == "image is 1000000x100: a side is over the limit of 65535 pixels")
    }

    @Test func theSideLimitIsConfigurableForEveryDecoder() throws {
        let options = DecodingOptions(maxSide: 15)
        let small = HostileFiles.grey(width: 16, height: 2)
        #expect(Self.reason(small, options) == .sideTooLong(width: 16, height: 2, limit: 15))
        #expect(Self.reason(small, DecodingOptions(maxSide: 16)) == nil)
        for (file, format) in [
            ("jpeg/photo.jpg", ImageFormat.jpeg), ("webp/cwebp-q80.webp", .webp),
            ("gif/photo.gif", .gif), ("avif/photo-420.avif", .avif)
        ] {
            let data = try Fixtures.data(file)
            guard case .sideTooLong(_, _, let limit)? = Self.reason(Array(data), options) else {
                Issue.record("\(file) (\(format)): not refused by a 15-pixel side limit")
                continue
            }
            #expect(limit == 15)
            #expect(Self.reason(Array(data)) == nil, "\(file) decodes with the default limits")
        }
    }

    @Test func textChunksAreSkippedUnreadSoABombCostsNoInflating() throws {
        // 300 zTXt chunks of 8 MB each: libpng used to inflate every one
        // while reading the header (2.4 GB of work, 10 s and more). The
        // work is counted, not timed: libpng's text handler takes each
        // chunk it parses (up to its chunk cache of 64) before inflating it.
        let bomb = HostileFiles.zTXtBomb()
        #expect(bomb.count > 1_000_000 && bomb.count < 3_000_000)
        var textChunks = 0
        let (header, pixels) = try PNGCodec.decodeStraightRGBA(Data(bomb), textChunks: &textChunks)
        #expect(header.width == 1 && pixels == [0x80, 0x80, 0x80, 255])
        #expect(textChunks == 0, "libpng parsed \(textChunks) text chunks of the bomb")
        #expect(try PNGCodec.decode(Data(bomb)).pixels == [0x80, 0x80, 0x80, 255])
    }

    @Test func aSideBySideArtifactIsCheckedAgainstItsBudgetBeforeAllocating() throws {
        let long = Bitmap(width: 60_000, height: 1, scale: 1, fill: .black)
        let tall = Bitmap(width: 1, height: 60_000, scale: 1, fill: .white)
        let comparison = ImageComparison.exact
        #expect(
            throws: ImageComparison.Error.artifactTooLarge(
                name: "side-by-side", width: 60_025, height: 60_016,
                limit: ImageComparison.maxArtifactPixelCount)
        ) {
            try comparison.sideBySide(long, tall)
        }
        let message = ImageComparison.Error.artifactTooLarge(name: "side-by-side", width: 60_025, height: 60_016, limit: 100).description
        #expect(message == "the side-by-side image would be 60025x60016 = 3602460400 pixels, over the budget of 100 pixels")
        #expect(try comparison.sideBySide(long, long, maxPixelCount: 4_000_000).width == 8 + 3 * 60_008)
    }
}
