import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` over animated sources: WebP and GIF outputs keep every
/// frame through the presentation, still outputs and `--first-frame` take
/// the first, and the limits are refused naming their flag.
@Suite struct RenderAnimationTests {
    static let gif = Fixtures.url("animation/disposal.gif").path
    static let base = ["render", gif, "--size", "16x12", "--scale", "2", "--mode", "aspectFill", "--shape", "circle"]

    func render(_ extra: [String], to name: String) throws -> (RenderCommandTests.Result, Data?) {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent(name).path
        let result = try RenderCommandTests.run(Self.base + extra + ["-o", output])
        return (result, try? Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// The frames the library draws for the same source and presentation.
    func expectedFrames() throws -> AnimatedImage {
        let source = try ImageDecoders.standard.decodeAnimation(Data(contentsOf: URL(fileURLWithPath: Self.gif)))
        let look = ImageDescriptor(source, contentMode: .aspectFill).shape(.circle)
        return try ImageRenderer.render(look, size: Size(width: 16, height: 12), scale: 2)
    }

    @Test(arguments: ["out.webp", "out.gif"])
    func animatedOutputsKeepEveryFrameDurationAndLoop(_ name: String) throws {
        let (result, data) = try render(["--lossless"].filter { _ in name.hasSuffix(".webp") }, to: name)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try ImageDecoders.standard.decodeAnimation(try #require(data))
        let expected = try expectedFrames()
        #expect(written.loopCount == expected.loopCount)
        #expect(written.durationMilliseconds == expected.durationMilliseconds)
        #expect(written.pixelSize == PixelSize(width: 32, height: 24))
        if name.hasSuffix(".webp") {
            // Lossless WebP keeps every pixel (a frame equal to the one before may merge into it).
            #expect(written.frames.count <= expected.frames.count && written.frames.count > 1)
            #expect(written.firstFrame.pixels == expected.firstFrame.pixels)
        } else {
            #expect(written.frames.map(\.durationMilliseconds) == expected.frames.map(\.durationMilliseconds))
        }
    }

    @Test(arguments: [["--first-frame"], ["--format", "png"]])
    func stillOutputsAndFirstFrameWriteTheFirstFrame(_ extra: [String]) throws {
        let (result, data) = try render(extra, to: "out" + (extra.contains("png") ? ".png" : ".webp"))
        #expect(result.status == 0, "\(result.stderr)")
        let written = try ImageDecoders.standard.decodeAnimation(try #require(data))
        #expect(!written.isAnimated)
        if extra.contains("png") { #expect(written.firstFrame.pixels == (try expectedFrames().firstFrame.pixels)) }
    }

    @Test func limitsAreRefusedNamingTheirFlag() throws {
        let (frames, none) = try render(["--max-frames", "3"], to: "out.gif")
        #expect(frames.status == 1 && none == nil)
        #expect(frames.stderr.contains("6 frames, over the limit of 3 frames"), "\(frames.stderr)")
        #expect(frames.stderr.contains("--max-frames"), "\(frames.stderr)")
        let (pixels, _) = try render(["--max-animation-pixels", "1000"], to: "out.webp")
        #expect(pixels.status == 1)
        #expect(pixels.stderr.contains("--max-animation-pixels"), "\(pixels.stderr)")
        // The first frame alone is a still: no animation limit applies.
        let (still, data) = try render(["--max-frames", "3", "--first-frame"], to: "out.gif")
        #expect(still.status == 0 && data != nil, "\(still.stderr)")
    }
}
