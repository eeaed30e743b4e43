import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` with presentation options, run as a user runs it:
/// overlay files are read like inputs, and a bad one is a usage error.
/// (What the pixels look like is the renderer's tests' business.)
@Suite(.serialized) struct RenderPresentationCommandTests {
    static let photo = RenderCommandTests.photo
    static let badge = Fixtures.url("pngsuite/basn6a08.png").path

    @Test func rendersWithEveryPresentationOption() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let result = try RenderCommandTests.run([
            "render", Self.photo, "--size", "60x40", "--scale", "2", "--mode", "aspectFill", "--focus", "0.2,0.8",
            "--shape", "rounded:6", "--border-width", "1", "--border-color", "#FFFFFF", "--overlay", Self.badge,
            "--overlay-position", "bottom-right", "--overlay-offset", "-4,-4", "--overlay-size", "8x8", "--overlay-opacity", "0.5",
            "--overlay-unclipped",
            "--overlay", Self.badge, "--overlay-tile", "--grayscale", "--blur", "1", "--sharpen", "0.5", "--background", "blur:4",
            "--background", "#EEEEEE", "-o", output, "-v"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // A fixed size with extend on: the surface's size, whatever the presentation draws.
        let bitmap = try PNGCodec.decode(contentsOf: output)
        #expect(bitmap.width == 120 && bitmap.height == 80)
        #expect(result.stdout.contains("120x80 px"))
    }

    /// An open side follows the photo's (768×512) aspect ratio in every
    /// scaling mode, the default `scaleToFill` included. Without enlarge and
    /// extend the output is the photo's own size, however large the box.
    @Test(arguments: [
        (["--size", "0x50", "--mode", "aspectFit"], 75, 50), (["--size", "100x0", "--mode", "aspectFill"], 100, 67),
        (["--size", "0x50"], 75, 50), (["--size", "300x0"], 300, 200),
        (["--size", "1000x1000", "--mode", "aspectFit", "--no-enlarge", "--no-extend"], 768, 512),
        (["--size", "1000x1000", "--mode", "aspectFit", "--no-enlarge"], 1000, 1000)
    ])
    func openSidesAndSizingSetTheOutputSize(flags: [String], width: Int, height: Int) throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let result = try RenderCommandTests.run(["render", Self.photo] + flags + ["-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let bitmap = try PNGCodec.decode(contentsOf: output)
        #expect(bitmap.width == width && bitmap.height == height, "\(flags): \(bitmap.width)x\(bitmap.height)")
    }

    @Test func aMissingOrBrokenOverlayIsAUsageErrorThatNamesTheFile() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.png").path
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
        let missing = folder.appendingPathComponent("missing.png").path
        let output = folder.appendingPathComponent("out.png").path
        for overlay in [missing, broken] {
            let result = try RenderCommandTests.run(["render", Self.photo, "--size", "20x20", "--overlay", overlay, "-o", output])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("--overlay \(overlay)"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func theOrderOfOverlayOptionsIsReadFromTheCommandLine() throws {
        // The second overlay's position without a first overlay before it is refused by the binary too.
        let result = try RenderCommandTests.run([
            "render", Self.photo, "--size", "20x20", "--overlay-position", "top", "--overlay", Self.badge, "-o", "/tmp/x.png"
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--overlay-position applies to the --overlay FILE or --overlay-text TEXT before it"), "\(result.stderr)")
    }
}
