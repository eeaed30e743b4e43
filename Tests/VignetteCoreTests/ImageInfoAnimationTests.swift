import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore

/// `ImageInfo` of animated files: frame count, total duration and loop
/// count from the animation headers of GIF, APNG and WebP.
@Suite struct ImageInfoAnimationTests {
    @Test(arguments: [
        ("animation/disposal.gif", 6, 570, 0),
        ("animation/rgba.apng.png", 5, 528, 3),
        ("animation/lossy.webp", 5, 490, 4)
    ])
    func animatedFilesReportTheirFramesDurationAndLoops(_ file: String, frames: Int, duration: Int, loops: Int) throws {
        let data = try Fixtures.data(file)
        let info = try ImageInfo.read(data)
        #expect(info.frameCount == frames)
        #expect(info.durationMilliseconds == duration)
        #expect(info.loopCount == loops)
        let decoded = try ImageDecoders.standard.decodeAnimation(data)
        #expect(decoded.frames.count == frames && decoded.durationMilliseconds == duration && decoded.loopCount == loops)
    }

    @Test func aStillFileIsOneFrameOfNoDuration() throws {
        let info = try ImageInfo.read(try TestImages.gradient(8, 8).encoded(as: .png))
        #expect(info.frameCount == 1 && info.durationMilliseconds == 0)
    }
}
