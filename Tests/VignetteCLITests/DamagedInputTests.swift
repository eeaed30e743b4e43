import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` on a JPEG with damaged entropy data: rendered as
/// browsers show it with a one-line warning on standard error, or refused
/// with `--reject-damaged` (the leniency policy in CodecsAndFormats.md).
@Suite(.serialized) struct DamagedInputTests {
    static func damagedPhoto(in folder: URL) throws -> String {
        let original = [UInt8](try Fixtures.data("jpeg/photo.jpg"))
        let damaged = DamagedJPEG.badHuffmanCode(original, at: 0.6)
        try #require(damaged != original)
        let path = folder.appendingPathComponent("damaged.jpg").path
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDamagedJPEGRendersWithOneWarningLine() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.damagedPhoto(in: folder)
        let output = folder.appendingPathComponent("out.png").path
        let run = try RenderCommandTests.run(["render", input, "--size", "100x0", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("warning: \(input): damaged JPEG data concealed: Corrupt JPEG data") == true, "\(run.stderr)")
        #expect(try PNGCodec.decode(contentsOf: output).width == 100)
    }

    @Test func rejectDamagedRefusesIt() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.damagedPhoto(in: folder)
        let output = folder.appendingPathComponent("out.png").path
        let run = try RenderCommandTests.run(["render", input, "--size", "100x0", "--reject-damaged", "-o", output])
        #expect(run.status == 1)
        #expect(run.stderr.contains("corrupt JPEG: Corrupt JPEG data"), "\(run.stderr)")
        #expect(run.stderr.contains("(refused: damaged data is rejected)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anIntactJPEGPrintsNothing() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let run = try RenderCommandTests.run(["render", Fixtures.url("jpeg/photo.jpg").path, "--size", "100x0", "--reject-damaged", "-o", output])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    }
}
