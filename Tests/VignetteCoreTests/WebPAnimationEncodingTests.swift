import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Animated WebP encoding through libwebpmux: frames, durations and loop
/// count kept, every option pinned so the bytes never change.
@Suite struct WebPAnimationEncodingTests {
    @Test(arguments: [false, true])
    func losslessFramesRoundTripExactly(transparentLeft: Bool) throws {
        let animation = TestAnimations.movingSquare(loopCount: 3, transparentLeft: transparentLeft)
        let data = try animation.encoded(as: .webp, options: EncodingOptions(lossless: true))
        try AnimationSamples.write(animation, name: "square-lossless\(transparentLeft ? "-transparent" : "")", ["webp": data])
        let webp = WebPTestComposer(data)
        #expect((webp.width, webp.height) == (24, 16))
        #expect(webp.loopCount == 3)
        #expect(webp.frames.map(\.durationMilliseconds) == [40, 50, 60, 70])
        #expect(try webp.composed() == animation.frames.map(\.bitmap.pixels))
        #expect(try WebPCodec().decode(data, options: DecodingOptions()) == animation.firstFrame)
    }

    @Test func lossyFramesKeepTimingAndStayClose() throws {
        let animation = TestAnimations.movingSquare(frames: 5)
        let data = try animation.encoded(as: .webp, options: EncodingOptions(quality: 90))
        let webp = WebPTestComposer(data)
        #expect(webp.frames.map(\.durationMilliseconds) == [40, 50, 60, 70, 80])
        #expect(webp.loopCount == 0)
        let first = try WebPCodec().decode(data, options: DecodingOptions())
        // 24x16 with a saturated square: 4:2:0 chroma costs more here than on a photo.
        #expect(WebPEncodingTests.psnr(first, animation.firstFrame) > 25)
        #expect(try animation.encoded(as: .webp, options: EncodingOptions(quality: 90)) == WebPCodec.encode(animation, options: .init(quality: 90)))
    }

    @Test func identicalFramesMergeKeepingTheTimeline() throws {
        let frames = TestAnimations.movingSquare().frames
        let animation = try AnimatedImage(frames: [
            .init(bitmap: frames[0].bitmap, durationMilliseconds: 40), .init(bitmap: frames[0].bitmap, durationMilliseconds: 60),
            .init(bitmap: frames[1].bitmap, durationMilliseconds: 0), .init(bitmap: frames[2].bitmap, durationMilliseconds: 30)
        ])
        let webp = WebPTestComposer(try animation.encoded(as: .webp, options: EncodingOptions(lossless: true)))
        #expect(webp.frames.map(\.durationMilliseconds) == [100, 0, 30])
        #expect(try webp.composed() == [frames[0], frames[1], frames[2]].map(\.bitmap.pixels))
    }

    @Test func limitsOfTheContainerAreClampedOrRefused() throws {
        let long = try AnimatedImage(
            frames: TestAnimations.movingSquare(frames: 2).frames.map { .init(bitmap: $0.bitmap, durationMilliseconds: 20_000_000) },
            loopCount: 70000)
        let webp = WebPTestComposer(try long.encoded(as: .webp, options: EncodingOptions(lossless: true)))
        #expect(webp.loopCount == 65535)
        #expect(webp.frames.map(\.durationMilliseconds) == [0xFF_FFFF, 0xFF_FFFF])
        let wide = try AnimatedImage(
            frames: [.init(bitmap: TestImages.solid(16384, 1), durationMilliseconds: 10)] + [
                .init(bitmap: TestImages.solid(16384, 1), durationMilliseconds: 10)
            ])
        #expect(throws: EncodingOptions.Error.self) { try wide.encoded(as: .webp) }
    }

    @Test func stillAnimationsAreStillFiles() throws {
        let still = AnimatedImage(still: TestImages.gradient(20, 10))
        #expect(try still.encoded(as: .webp) == still.firstFrame.encoded(as: .webp))
    }

    @Test func encodingIsDeterministicAndPinned() throws {
        let animation = TestAnimations.movingSquare(transparentLeft: true)
        let lossy = try animation.encoded(as: .webp, options: EncodingOptions(quality: 75))
        let lossless = try animation.encoded(as: .webp, options: EncodingOptions(lossless: true))
        #expect(try animation.encoded(as: .webp, options: EncodingOptions(quality: 75)) == lossy)
        #expect(try animation.encoded(as: .webp, options: EncodingOptions(lossless: true)) == lossless)
        #expect(SHA256Digest.hex(lossy) == "1908390586c4c96a1009ab7e34dc94b3ec779f7650eec17fd6d35a7c5470947c", "lossy: \(lossy.count) bytes")
        #expect(SHA256Digest.hex(lossless) == "a17060b9a63618d0df5c7cba1a05ad735664d45511520e95c23eb8b5e54e0db9", "lossless: \(lossless.count) bytes")
    }
}
