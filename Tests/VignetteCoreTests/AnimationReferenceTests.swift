import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// Every composed frame of the animated GIF, WebP and APNG fixtures against
/// the references `Scripts/make_animation_fixtures.py` wrote: Pillow's
/// `ImageSequence` for GIF and WebP, the APNG specification composed in
/// float for APNG (Pillow's APNG blending is wrong for partial alpha).
/// Compared premultiplied (both sides premultiplied by the same code), per
/// channel, within the file's stated tolerance (0 for GIF and WebP, 1 for
/// APNG: the reference rounds float, Vignette exact integers).
@Suite struct AnimationReferenceTests {
    struct Expected: Decodable {
        var width: Int
        var height: Int
        var frameCount: Int
        var durations: [Int]
        var loopCount: Int
        var tolerance: Int
    }

    static let files = [
        "disposal.gif", "pillow.gif", "no-colormap.gif", "damaged.gif", "lossless.webp", "lossy.webp",
        "rgba.apng.png", "palette.apng.png"
    ]

    static func expected(_ name: String) throws -> Expected {
        let all = try JSONDecoder().decode([String: Expected].self, from: try Fixtures.data("animation/expected.json"))
        return try #require(all[name])
    }

    /// The reference frames: the strip PNG cut into frames of the canvas height.
    static func referenceFrames(_ name: String, _ expected: Expected) throws -> [Bitmap] {
        let strip = try PNGCodec.decode(try Fixtures.data("animation/\(name).frames.png"))
        #expect(strip.width == expected.width && strip.height == expected.height * expected.frameCount)
        let frameBytes = expected.width * expected.height * 4
        return (0..<expected.frameCount).map { index in
            let pixels = Array(strip.pixels[index * frameBytes..<(index + 1) * frameBytes])
            return Bitmap(trustedWidth: expected.width, height: expected.height, scale: 1, pixels: pixels)
        }
    }

    /// The largest per-channel difference between two bitmaps of one size.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test(arguments: files)
    func everyFrameMatchesTheReference(_ name: String) throws {
        let expected = try Self.expected(name)
        let data = try Fixtures.data("animation/\(name)")
        let animation = try ImageDecoders.standard.decodeAnimation(data)
        #expect(animation.pixelSize == PixelSize(width: expected.width, height: expected.height))
        #expect(animation.frames.count == expected.frameCount)
        #expect(animation.frames.map(\.durationMilliseconds) == expected.durations)
        #expect(animation.loopCount == expected.loopCount)
        let references = try Self.referenceFrames(name, expected)
        for (index, (frame, reference)) in zip(animation.frames, references).enumerated() {
            let difference = Self.maxDifference(frame.bitmap, reference)
            #expect(difference <= expected.tolerance, "\(name) frame \(index): off by \(difference)")
        }
    }

    @Test(arguments: files)
    func theHeaderAgreesWithTheFramesWithoutDecoding(_ name: String) throws {
        let expected = try Self.expected(name)
        let header = try #require(try ImageDecoders.standard.animationHeader(for: try Fixtures.data("animation/\(name)")))
        #expect(
            header
                == AnimationHeader(
                    width: expected.width, height: expected.height, frameCount: expected.frameCount,
                    loopCount: expected.loopCount, durationMilliseconds: expected.durations.reduce(0, +)))
    }

    /// `decode` keeps giving the first frame, the same as the animation's.
    @Test(arguments: files.filter { !$0.hasSuffix(".apng.png") || $0 == "rgba.apng.png" })
    func decodeGivesTheFirstFrame(_ name: String) throws {
        let data = try Fixtures.data("animation/\(name)")
        let first = try ImageDecoders.standard.decode(data)
        let animation = try ImageDecoders.standard.decodeAnimation(data)
        #expect(first == animation.firstFrame)
    }

    /// Decoding twice gives the same bytes (and durations, loop count).
    @Test(arguments: files)
    func decodingIsDeterministic(_ name: String) throws {
        let data = try Fixtures.data("animation/\(name)")
        let (a, b) = (try ImageDecoders.standard.decodeAnimation(data), try ImageDecoders.standard.decodeAnimation(data))
        #expect(a.frames.map(\.bitmap) == b.frames.map(\.bitmap))
        #expect(a.frames.map(\.durationMilliseconds) == b.frames.map(\.durationMilliseconds) && a.loopCount == b.loopCount)
    }

    /// APNG's IDAT image is not a frame when no fcTL precedes it: `decode`
    /// shows that still image, the animation starts with the first fcTL.
    @Test func anAPNGDefaultImageOutsideTheAnimationIsTheStillOnly() throws {
        let data = try Fixtures.data("animation/palette.apng.png")
        let still = try ImageDecoders.standard.decode(data)
        #expect(still.pixels[0..<4] == [196, 196, 16, 200], "palette entry 3 (250, 250, 20) at alpha 200, premultiplied")
        let animation = try ImageDecoders.standard.decodeAnimation(data)
        #expect(still != animation.firstFrame)
    }

    /// A still image is an animation of one frame.
    @Test func aStillPNGIsOneFrame() throws {
        let animation = try ImageDecoders.standard.decodeAnimation(Fixtures.iconPNG)
        let still = try PNGCodec.decode(Fixtures.iconPNG)
        #expect(animation.frames.count == 1 && animation.firstFrame == still)
        let header = try #require(try ImageDecoders.standard.animationHeader(for: Fixtures.iconPNG))
        #expect(header.frameCount == 1 && header.width == animation.pixelSize.width)
    }
}
