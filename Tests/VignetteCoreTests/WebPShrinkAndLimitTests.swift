import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// WebP's pixel limit (from the header, before allocation) and shrink-on-load
/// through libwebp's scaled decoding.
@Suite struct WebPShrinkAndLimitTests {
    typealias T = WebPCodecTests

    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
    static func le24(_ v: Int) -> [UInt8] { Array(le32(v).prefix(3)) }

    /// A 30-byte lossless file whose header claims `width × height` (no pixel data follows).
    static func losslessHeader(width: Int, height: Int) -> Data {
        let bits = (width - 1) | (height - 1) << 14
        let chunk = Array("VP8L".utf8) + le32(5) + [0x2F] + le32(bits) + [0]
        return Data(Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    /// An animated file's VP8X header claiming a `width × height` canvas.
    static func animatedHeader(width: Int, height: Int) -> Data {
        let chunk = Array("VP8X".utf8) + le32(10) + [0x12, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        return Data(Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    static func fill(_ width: Int, _ height: Int) -> ShrinkTarget {
        ShrinkTarget(size: PixelSize(width: width, height: height), contentMode: .scaleToFill)
    }

    @Test(arguments: [false, true])
    func hugeHeaderFailsFastUnderTheLimit(animated: Bool) {
        let header = animated ? Self.animatedHeader : Self.losslessHeader
        let data = header(16383, 16383)
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 1_000_000)) == .tooLarge(width: 16383, height: 16383, limit: 1_000_000))
        // A header check, not a decode (work, not time): the file holds no
        // pixel, and the same header claiming 16x16 fails as corrupt once
        // decoding starts, so the refusal came from the header alone.
        #expect(T.failure(header(16, 16), DecodingOptions(maxPixelCount: 1_000_000)) == .corrupt)
        let typed = #expect(throws: ImageDecoders.Error.self) {
            try WebPCodec().decode(data, options: DecodingOptions(maxPixelCount: 1_000_000))
        }
        #expect(typed?.reason == .tooLarge(width: 16383, height: 16383, limit: 1_000_000))
        #expect(typed?.isDamagedData == false)
    }

    @Test func limitIsInclusive() throws {
        let data = try T.webp("lossy.webp")
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 128 * 96 - 1)) == .tooLarge(width: 128, height: 96, limit: 128 * 96 - 1))
        #expect(T.failure(data, DecodingOptions(maxPixelCount: 128 * 96)) == nil)
    }

    @Test func invalidScaleIsRejected() throws {
        #expect(T.failure(try T.webp("lossy.webp"), DecodingOptions(scale: 0)) == .invalidScale(0))
    }

    @Test func quarterSizeMatchesDwebpAndKeepsThePointSize() throws {
        let full = try T.decode("lossy.webp", DecodingOptions(scale: 2))
        let shrunk = try T.decode("lossy.webp", DecodingOptions(scale: 2, shrinkTarget: Self.fill(32, 24)))
        #expect((shrunk.width, shrunk.height, shrunk.scale) == (32, 24, 0.5))
        #expect(shrunk.size == full.size)
        #expect(shrunk == (try T.reference("lossy-scale4.png", scale: 0.5)))
    }

    @Test func anyIntegerFactorWithSidesRoundingUp() throws {
        // 128×96 by 3 → 43×32 (128 / 3 rounds up); by 4 would give 32 < 43.
        let image = try WebPCodec.decodeImage(T.webp("lossy.webp"), options: DecodingOptions(shrinkTarget: Self.fill(43, 32)))
        #expect((image.width, image.height, image.reduction) == (43, 32, 3))
        let bitmap = image.bitmap(options: DecodingOptions())
        #expect(bitmap == (try T.reference("lossy-scale3.png", scale: 1.0 / 3)))
    }

    @Test func noTargetOrOneNeedingEveryPixelDecodesFullSize() throws {
        let data = try T.webp("lossy.webp")
        #expect(try WebPCodec.decodeImage(data, options: DecodingOptions()).reduction == 1)
        let fill = ShrinkTarget(size: PixelSize(width: 200, height: 200), contentMode: .aspectFill)
        #expect(try WebPCodec.decodeImage(data, options: DecodingOptions(shrinkTarget: fill)).reduction == 1)
        let center = ShrinkTarget(size: PixelSize(width: 8, height: 8), contentMode: .center)
        #expect(try WebPCodec.decodeImage(data, options: DecodingOptions(shrinkTarget: center)).reduction == 1)
    }

    @Test func reductionIsChosenOnTheOrientedSize() throws {
        // Stored 64×48, upright 48×64. A 12×32 fill allows 1/2 upright, none stored.
        let data = try T.webp("exif-orientation-6.webp")
        let upright = try WebPCodec().decode(data, options: DecodingOptions(shrinkTarget: Self.fill(12, 32)))
        #expect((upright.width, upright.height, upright.scale) == (24, 32, 0.5))
        let stored = DecodingOptions(shrinkTarget: Self.fill(12, 32), appliesOrientation: false)
        #expect(try WebPCodec.decodeImage(data, options: stored).reduction == 1)
        // The same pixels as the untagged file shrunk by 2, then turned.
        let plain = try T.decode("lossless.webp", DecodingOptions(shrinkTarget: Self.fill(32, 12)))
        #expect(upright == plain.oriented(.right))
    }

    @Test func animationsShrinkOnlyWhenTheFirstFrameCoversTheCanvas() throws {
        let target = DecodingOptions(shrinkTarget: Self.fill(32, 32))
        #expect(try WebPCodec.decodeImage(T.webp("animated.webp"), options: target).reduction == 2)
        #expect(try T.decode("animated.webp", target).width == 32)
        let offset = try WebPCodec.decodeImage(T.webp("animated-offset.webp"), options: target)
        #expect((offset.width, offset.reduction) == (64, 1))
    }

    @Test func translucentImagesShrinkToo() throws {
        let shrunk = try T.decode("alpha.webp", DecodingOptions(shrinkTarget: Self.fill(48, 48)))
        #expect((shrunk.width, shrunk.height) == (48, 48))
        #expect(!shrunk.isOpaque)
    }
}
