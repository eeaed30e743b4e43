import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette
@testable import VignetteCore

/// Issue 10's memory bar: a 6000×4000 JPEG rendered to 300×300 pt @2x
/// aspectFill peaks under 64 MiB RSS (the CLI in a child process, measured
/// by `MeasuredRun`): the decode shrinks to 1/4 on load and leaves out the
/// columns the square never shows, so no full-size buffer ever exists.
@Suite(.serialized) struct ShrinkOnLoadMemoryTests {
    /// A 6000×4000 JPEG of soft stripes (made in process: a flat fill
    /// encodes small, the decode does the full work all the same).
    static func largeJPEG() throws -> Data {
        let (width, height) = (6000, 4000)
        var row = [UInt8](repeating: 255, count: width * 4)
        for x in 0..<width {
            row[x * 4] = UInt8(x * 255 / width)
            row[x * 4 + 1] = UInt8((x / 40) % 2 == 0 ? 60 : 190)
            row[x * 4 + 2] = 128
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height { pixels.append(contentsOf: row) }
        let bitmap = Bitmap(trustedWidth: width, height: height, scale: 1, pixels: pixels)
        return try JPEGCodec.encode(bitmap, options: .init(quality: 85))
    }

    @Test func aSixThousandPixelPhotoRendersToAThumbnailUnder64MiB() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("large.jpg")
        try Self.largeJPEG().write(to: input)
        let output = folder.appendingPathComponent("thumb.jpg").path
        let run = try MeasuredRun.vignette([
            "render", input.path, "--size", "300x300", "--scale", "2",
            "--mode", "aspectFill", "--background", "#EEEEEE", "-o", output
        ])
        #expect(run.status == 0, "\(run.stderr)")
        // ThreadSanitizer's shadow memory counts in the RSS (111 MiB seen under
        // `make tsan`): twice the budget there, still under a full decode's.
        let budget = (MeasuredRun.threadSanitized ? 2 : 1) * 64 << 20
        #expect(run.peakRSS < budget, "peak RSS \(run.peakMiB) MiB")
        let thumbnail = try JPEGCodec.decode(Data(contentsOf: URL(fileURLWithPath: output)))
        #expect((thumbnail.width, thumbnail.height) == (600, 600))
        // A full-size decode alone would hold 6000 × 4000 × 4 bytes = 92 MiB.
        #expect(6000 * 4000 * 4 > 64 << 20)
    }
}
