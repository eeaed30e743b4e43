import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette compare` exit codes and output, on held-out style pairs.
@Suite(.serialized) struct CompareCommandTests {
    static func write(_ bitmap: Bitmap, _ folder: URL, _ name: String, options: PNGCodec.EncodingOptions = .default) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try AtomicFile.write(try PNGCodec.encode(bitmap, options: options), to: path)
        return path
    }

    @Test func exitCodesAndFigures() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try TestImages.photo()
        let reference = try Self.write(photo, folder, "reference.png")
        let reencoded = try Self.write(photo, folder, "reencoded.png", options: .smallest)
        let noisy = try Self.write(TestImages.noisy(photo), folder, "noisy.png")
        let moved = try Self.write(TestImages.withSquare(photo, at: 40, 40), folder, "moved.png")
        let small = try Self.write(TestImages.solid(3, 3), folder, "small.png")
        let corrupt = folder.appendingPathComponent("corrupt.png").path
        try Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8).write(to: URL(fileURLWithPath: corrupt))

        let same = try RenderCommandTests.run(["compare", reference, reencoded])
        #expect(same.status == 0 && same.stdout.hasPrefix("match: identical"))

        #expect(try RenderCommandTests.run(["compare", reference, noisy]).status == 1)
        let tolerant = try RenderCommandTests.run(["compare", reference, noisy, "--perceptual-precision", "0.98"])
        #expect(tolerant.status == 0, "\(tolerant.stdout)")

        let diffPath = folder.appendingPathComponent("diff.png").path
        let movedResult = try RenderCommandTests.run(["compare", reference, moved, "--perceptual-precision", "0.98", "--diff", diffPath])
        #expect(movedResult.status == 1)
        #expect(movedResult.stdout.contains("differences within (40,40)-(50,50)"))
        let diff = try PNGCodec.decode(contentsOf: diffPath)
        #expect(diff.width == 8 + 3 * (768 + 8))
        // 100 of 393216 pixels (0.025%) fail; a precision of 0.999 lets them through.
        #expect(try RenderCommandTests.run(["compare", reference, moved, "--precision", "0.999"]).status == 0)

        let sizes = try RenderCommandTests.run(["compare", reference, small])
        #expect(sizes.status == 1 && sizes.stdout.contains("sizes differ"))

        let broken = try RenderCommandTests.run(["compare", reference, corrupt])
        #expect(broken.status == 2 && broken.stderr.contains("error: \(corrupt):"))
        #expect(try RenderCommandTests.run(["compare", folder.appendingPathComponent("missing.png").path, reference]).status == 2)
        #expect(try RenderCommandTests.run(["compare", reference, reference, "--precision", "1.5"]).status == 64)
        let unwritable = try RenderCommandTests.run(["compare", reference, reference, "--diff", folder.appendingPathComponent("no/such/dir/d.png").path])
        #expect(unwritable.status == 2 && unwritable.stderr.contains("error: --diff"))
    }

    /// Byte-identical files decode once, yet the answer is the one two decodes give:
    /// the figures for readable files, and both files named when they are not.
    @Test func byteIdenticalFilesDecodeOnceWithTheSameAnswer() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try TestImages.photo()
        let reference = try Self.write(photo, folder, "reference.png")
        let copy = try Self.write(photo, folder, "copy.png")
        let same = try RenderCommandTests.run(["compare", reference, copy])
        #expect(same.status == 0 && same.stdout == "match: identical (\(photo.width * photo.height) pixels)\n", "\(same.stdout)")

        let corrupt = folder.appendingPathComponent("corrupt.png").path
        let twin = folder.appendingPathComponent("twin.png").path
        for path in [corrupt, twin] { try Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8).write(to: URL(fileURLWithPath: path)) }
        let broken = try RenderCommandTests.run(["compare", corrupt, twin])
        #expect(broken.status == 2, "\(broken.stdout)")
        #expect(broken.stderr.contains("error: \(corrupt):") && broken.stderr.contains("error: \(twin):"), "\(broken.stderr)")
    }
}
