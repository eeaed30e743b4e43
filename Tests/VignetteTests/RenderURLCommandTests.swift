import Foundation
import Testing
@testable import Vignette

/// `vignette render` with URL inputs against the loopback fault server.
@Suite(.serialized) struct RenderURLCommandTests {
    @Test func urlsRenderAndFailuresUseThePlaceholder() throws {
        let server = try ImagePipelineTests.server()
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book.png").path
        let result = try RenderCommandTests.run([
            "render", server.url("/ok.png").absoluteString, server.url("/status/404").absoluteString,
            server.url("/slow-headers").absoluteString, server.url("/garbage").absoluteString,
            "--size", "20x20", "--scale", "2", "--mode", "aspectFit", "--output-dir", folder.path,
            "--failure", failure, "--timeout", "1", "--retries", "0",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(server.url("/status/404").absoluteString): HTTP 404"))
        #expect(result.stderr.contains("slow-headers: timed out"))
        #expect(result.stderr.contains("garbage: not a PNG file"))
        #expect(!result.stderr.contains("ok.png"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["404.png", "garbage.png", "ok.png", "slow-headers.png"])
        // The placeholder: the 16 pt failure image centred, unscaled in points (32 px at @2x).
        let placeholder = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("404.png").path)
        #expect(TestImages.opaqueBounds(placeholder) == PixelRect(minX: 4, minY: 4, maxX: 36, maxY: 36))
    }

    @Test func duplicateURLsAreFetchedOnceWithinTheConcurrencyLimit() throws {
        let server = try ImagePipelineTests.server()
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let urls = (0..<20).map { server.url("/slow-ok.png/\($0)").absoluteString }
        let inputs = (0..<3).flatMap { _ in urls }  // 60 inputs naming 20 URLs
        let result = try RenderCommandTests.run(["render"] + inputs + ["--size", "8x8", "--output-dir", folder.path, "--max-concurrent", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        for i in 0..<20 { #expect(server.requests(to: "/slow-ok.png/\(i)") == 1) }
        #expect(server.peakConcurrency <= 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 20)
    }

    @Test func transientFailuresAreRetriedFromTheCommandLine() throws {
        let server = try ImagePipelineTests.server()
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run(["render", server.url("/flaky/1/x.png").absoluteString,
                                                 "--size", "8x8", "-o", folder.appendingPathComponent("x.png").path, "--retries", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests(to: "/flaky/1/x.png") == 2)
        #expect(try RenderCommandTests.run(["render", "x.png", "--size", "8x8", "-o", "y.png", "--max-concurrent", "0"]).status == 64)
    }
}
