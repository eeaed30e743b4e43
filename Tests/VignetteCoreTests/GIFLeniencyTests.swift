import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// What browsers decode and Vignette now does too: a GIF without any colour
/// map (opaque black, as Chromium's Wuffs), and a GIF damaged after a
/// decodable first frame (the frames before the damage).
@Suite struct GIFLeniencyTests {
    static func fixture(_ name: String) throws -> Data { try Fixtures.data("animation/\(name)") }

    @Test func aFrameWithoutAnyColourMapIsOpaqueBlack() throws {
        let data = try Self.fixture("no-colormap.gif")
        let first = try GIFCodec().decode(data, options: DecodingOptions())
        #expect(first.pixels == [UInt8](repeating: 0, count: 16 * 12 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 0 })
        let header = try GIFCodec.header(of: data)
        #expect(header.colorCount == 0)
    }

    @Test func recordsDamagedAfterTheFirstFrameKeepTheFramesBefore() throws {
        let data = try Self.fixture("damaged.gif")
        let whole = try ImageDecoders.standard.decodeAnimation(try Self.fixture("disposal.gif"))
        let damaged = try ImageDecoders.standard.decodeAnimation(data)
        #expect(damaged.frames.map(\.bitmap) == whole.frames.prefix(3).map(\.bitmap))
        let first = try GIFCodec().decode(data, options: DecodingOptions())
        #expect(first == whole.firstFrame)
    }

    /// Cut anywhere after the first frame's pixels, the animation is the
    /// frames whose pixels all arrived; cut inside the first, a typed error.
    @Test func cutAnimationsKeepTheCompleteFrames() throws {
        let data = try Self.fixture("disposal.gif")
        let whole = try ImageDecoders.standard.decodeAnimation(data)
        var counts: [Int] = []
        for length in Array(stride(from: 0, to: data.count, by: 11)) + [data.count] {
            guard let cut = try? ImageDecoders.standard.decodeAnimation(data.prefix(length)) else {
                #expect(counts.isEmpty, "only cuts before the first frame ends fail (\(length))")
                continue
            }
            #expect(cut.frames.map(\.bitmap) == whole.frames.prefix(cut.frames.count).map(\.bitmap))
            counts.append(cut.frames.count)
        }
        #expect(counts == counts.sorted() && counts.first == 1 && counts.last == 6)
    }

    /// The first frame's data complete but the records after it cut off
    /// (not even its closing zero-length block): still decoded.
    @Test func aFirstFrameWhoseClosingBlockIsMissingDecodes() throws {
        let data = try Fixtures.data("gif/photo.gif")
        let whole = try GIFCodec().decode(data, options: DecodingOptions())
        let cut = try GIFCodec().decode(data.prefix(data.count - 2), options: DecodingOptions())
        #expect(cut == whole)
        let animation = try ImageDecoders.standard.decodeAnimation(data.prefix(data.count - 2))
        #expect(animation.frames.count == 1)
    }

    /// Loop counts are plays: no NETSCAPE2.0 extension plays once, 0 is
    /// forever, n repeats n times after the first play.
    @Test func loopCountsArePlays() throws {
        #expect(GIFCodec.playCount(extensionValue: -1) == 1)
        #expect(GIFCodec.playCount(extensionValue: 0) == 0)
        #expect(GIFCodec.playCount(extensionValue: 2) == 3)
        let once = try GIFCodec().animationHeader(try Self.fixture("no-colormap.gif"))
        let thrice = try GIFCodec().animationHeader(try Self.fixture("pillow.gif"))
        #expect(once.loopCount == 1 && thrice.loopCount == 3)
    }
}
