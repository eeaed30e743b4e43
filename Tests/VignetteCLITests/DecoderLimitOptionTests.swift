import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `--max-pixels` and `--max-side`: the CLI keeps the library's limits by
/// default (a file from a stranger is refused before decoding) and the user
/// lifts them for their own big files.
@Suite(.serialized) struct DecoderLimitOptionTests {
    static func write(_ bytes: [UInt8], _ folder: URL, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aLongImageIsRefusedByDefaultAndRendersWithTheSideLimitLifted() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.write(HostileFiles.grey(width: 70_000, height: 2), folder, "strip.png")
        let output = folder.appendingPathComponent("out.png").path

        let refused = try RenderCommandTests.run(["render", input, "--size", "70x2", "-o", output])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("a side is over the limit of 65535 pixels (raise it with --max-side N, or --max-side none)"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))

        for limit in ["none", "70000"] {
            let lifted = try RenderCommandTests.run(["render", input, "--size", "70x2", "--max-side", limit, "-o", output])
            #expect(lifted.status == 0, "\(limit): \(lifted.stderr)")
            let image = try PNGCodec.decode(contentsOf: output)
            #expect(image.width == 70 && image.height == 2)
            #expect(image.pixels.prefix(4) == [0x80, 0x80, 0x80, 255])
        }
    }

    @Test func thePixelLimitCanBeLoweredForFilesFromStrangers() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.write(HostileFiles.grey(width: 20, height: 20), folder, "small.png")
        let output = folder.appendingPathComponent("out.png").path
        let refused = try RenderCommandTests.run(["render", input, "--size", "10x10", "--max-pixels", "399", "-o", output])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("(raise it with --max-pixels N, or --max-pixels none)"), "\(refused.stderr)")
        let allowed = try RenderCommandTests.run(["render", input, "--size", "10x10", "--max-pixels", "400", "-o", output])
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    @Test(arguments: ["0", "-5", "lots", ""])
    func aLimitThatIsNotAPositiveNumberOrNoneIsAUsageError(_ value: String) throws {
        let run = try RenderCommandTests.run([
            "render", RenderCommandTests.photo, "--size", "10x10", "--max-side", value,
            "-o", "/tmp/unused.png"
        ])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--max-side"), "\(run.stderr)")
    }
}
