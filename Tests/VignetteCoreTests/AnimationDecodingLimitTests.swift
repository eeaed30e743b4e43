import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// The animation budget is checked from the headers before any frame is
/// decoded; damaged and cut-off animations are typed errors (GIF: the
/// frames before damage, as browsers show them).
@Suite struct AnimationDecodingLimitTests {
    static func fixture(_ name: String) throws -> Data { try Fixtures.data("animation/\(name)") }

    static func reason(_ data: Data, options: DecodingOptions = DecodingOptions(), limits: AnimationLimits = .standard)
        -> ImageDecoders.Error.Reason?
    {
        do {
            _ = try ImageDecoders.standard.decodeAnimation(data, options: options, limits: limits)
            return nil
        } catch {
            return error.reason
        }
    }

    /// A 1×1 GIF of `count` frames whose image data is garbage (an LZW code
    /// size of 11, over GIF's 8): decoding any frame would fail.
    static func garbageGIF(frames count: Int) -> Data {
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        for _ in 0..<count { bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 11, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0] }
        return Data(bytes + [0x3B])
    }

    @Test func tooManyGIFFramesAreRefusedBeforeAnyFrameIsDecoded() throws {
        let data = Self.garbageGIF(frames: 1500)
        #expect(
            Self.reason(data, limits: AnimationLimits(maxFrames: 2000)).map { if case .malformed = $0 { true } else { false } } == true,
            "every frame is garbage")
        #expect(Self.reason(data) == .tooManyFrames(count: 1500, limit: 1000))
        let header = try GIFCodec().animationHeader(data)
        #expect(header.frameCount == 1500)
    }

    @Test func tooManyAPNGFramesAreRefusedBeforeAnyFrameIsDecoded() throws {
        var png = PNGBuilder()
        png.header(width: 1, height: 1, bitDepth: 8, colorType: 6)
        png.chunk("acTL", PNGBuilder.bigEndian(5000) + PNGBuilder.bigEndian(0))
        png.chunk("fcTL", [0, 0, 0, 0] + PNGBuilder.bigEndian(1) + PNGBuilder.bigEndian(1) + [UInt8](repeating: 0, count: 12) + [0, 0])
        png.chunk("IDAT", [0xDE, 0xAD, 0xBE, 0xEF])  // not zlib
        png.end()
        let data = Data(png.bytes)
        #expect(Self.reason(data) == .tooManyFrames(count: 5000, limit: 1000))
        if case .malformed = Self.reason(data, limits: AnimationLimits(maxFrames: 5000)) {} else { Issue.record("garbage decoded") }
    }

    @Test func framesTimesCanvasOverTheBudgetAreRefused() throws {
        let (gif, webp, apng) = (try Self.fixture("disposal.gif"), try Self.fixture("lossless.webp"), try Self.fixture("rgba.apng.png"))
        for (data, pixels, frames) in [(gif, 32 * 24 * 6, 6), (webp, 48 * 36 * 5, 5), (apng, 24 * 20 * 5, 5)] {
            let limits = AnimationLimits(maxAnimationPixels: pixels - 1)
            #expect(Self.reason(data, limits: limits) == .animationTooLarge(pixels: pixels, frames: frames, limit: pixels - 1))
            #expect(Self.reason(data, limits: AnimationLimits(maxAnimationPixels: pixels)) == nil, "inclusive")
        }
        #expect(Self.reason(webp, limits: AnimationLimits(maxFrames: 4)) == .tooManyFrames(count: 5, limit: 4))
        #expect(Self.reason(apng, limits: AnimationLimits(maxFrames: 5)) == nil, "inclusive")
    }

    @Test(arguments: ["disposal.gif", "lossless.webp", "rgba.apng.png"])
    func pixelAndSideLimitsApplyToTheCanvas(_ name: String) throws {
        let data = try Self.fixture(name)
        let header = try #require(try ImageDecoders.standard.animationHeader(for: data))
        let (w, h) = (header.width, header.height)
        #expect(Self.reason(data, options: DecodingOptions(maxPixelCount: w * h - 1)) == .tooLarge(width: w, height: h, limit: w * h - 1))
        #expect(Self.reason(data, options: DecodingOptions(maxSide: w - 1)) == .sideTooLong(width: w, height: h, limit: w - 1))
        #expect(Self.reason(data, options: DecodingOptions(maxPixelCount: w * h)) == nil)
    }

    /// Every cut of a WebP or APNG animation is a typed damaged-data error
    /// (an APNG missing only its IEND chunk holds every frame: it decodes).
    @Test(arguments: ["lossless.webp", "rgba.apng.png", "palette.apng.png"])
    func cutWebPAndAPNGAnimationsAreTypedErrors(_ name: String) throws {
        let data = try Self.fixture(name)
        let end = name.hasSuffix(".png") ? data.count - 12 : data.count
        for length in stride(from: 0, to: end, by: 7) {
            do {
                _ = try ImageDecoders.standard.decodeAnimation(data.prefix(length))
                Issue.record("\(name) cut to \(length) bytes decoded")
            } catch {
                #expect(error.isDamagedData, "\(name) cut to \(length): \(error)")
            }
        }
    }

    @Test func apngFramesOutsideTheCanvasAndBrokenSequencesAreNamed() throws {
        let (outsideFile, sequenceFile) = (try Self.fixture("outside.apng.png"), try Self.fixture("sequence.apng.png"))
        guard case .malformed(let outside) = Self.reason(outsideFile) else {
            Issue.record("outside.apng.png decoded")
            return
        }
        #expect(outside.contains("APNG frame 1 (10x9 at 20,2) lies outside the 24x20 canvas"))
        guard case .malformed(let sequence) = Self.reason(sequenceFile) else {
            Issue.record("sequence.apng.png decoded")
            return
        }
        #expect(sequence.contains("APNG sequence number 7 where 1 was expected"))
    }
}
