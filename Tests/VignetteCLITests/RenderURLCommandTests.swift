import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` with URL inputs against the loopback fault server.
@Suite(.serialized) struct RenderURLCommandTests {
    @Test func urlsRenderAndFailuresUseThePlaceholder() throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book.png").path
        let result = try RenderCommandTests.run([
            "render", server.url("/ok.png").absoluteString, server.url("/status/404").absoluteString,
            server.url("/slow-headers").absoluteString, server.url("/garbage").absoluteString,
            "--size", "20x20", "--scale", "2", "--mode", "aspectFit", "--output-dir", folder.path,
            "--failure", failure, "--timeout", "1", "--retries", "0"
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(server.url("/status/404").absoluteString): HTTP 404"))
        #expect(result.stderr.contains("slow-headers: timed out"))
        #expect(result.stderr.contains("garbage: not an image"))
        #expect(!result.stderr.contains("ok.png"))
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == ["404.png", "garbage.png", "ok.png", "slow-headers.png"])
        // The placeholder: the 16 pt failure image centred, unscaled in points (32 px at @2x).
        let placeholder = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("404.png").path)
        #expect(TestImages.opaqueBounds(placeholder) == PixelRect(minX: 4, minY: 4, maxX: 36, maxY: 36))
    }

    @Test func duplicateURLsAreFetchedOnceWithinTheConcurrencyLimit() throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each answer waits until four are in flight: the window is filled, never exceeded.
        let urls = (0..<20).map { server.url("/together/4/\($0)").absoluteString }
        let inputs = (0..<3).flatMap { _ in urls }  // 60 inputs naming 20 URLs
        let result = try RenderCommandTests.run(["render"] + inputs + ["--size", "8x8", "--output-dir", folder.path, "--max-concurrent", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        for i in 0..<20 { #expect(server.requests(to: "/together/4/\(i)") == 1) }
        #expect(server.peakConcurrency == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 20)
    }

    @Test func transientFailuresAreRetriedFromTheCommandLine() throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run([
            "render", server.url("/flaky/1/x.png").absoluteString,
            "--size", "8x8", "-o", folder.appendingPathComponent("x.png").path, "--retries", "2"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests(to: "/flaky/1/x.png") == 2)
        #expect(try RenderCommandTests.run(["render", "x.png", "--size", "8x8", "-o", "y.png", "--max-concurrent", "0"]).status == 64)
    }

    /// The issue's bar in one batch: every fault case through `vignette render`
    /// ends as the image or as the failure placeholder with an error line,
    /// within its timeout: the origin holds the slow cases until the client
    /// hangs up, so only a timeout that fired can end them.
    @Test func everyFaultCaseEndsAsImageOrPlaceholderInTime() throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book.png").path
        let succeed = ["/ok.png": "ok", "/flaky/1/x": "x", "/redirect/3": "3", "/wrong-type.png": "wrong-type", "/gzip.png": "gzip"]
        let fail = [
            "/status/404": "HTTP 404", "/status/500": "HTTP 500", "/slow-headers": "timed out",
            "/slow-body": "timed out", "/truncated": "partial file", "/garbage": "not an image", "/loop": "more than 5 redirects",
            "/to-file": "scheme is not allowed", "/huge": "larger than the limit", "/endless": "larger than the limit"
        ]
        let result = try RenderCommandTests.run(
            ["render"] + (succeed.keys.sorted() + fail.keys.sorted()).map { server.url($0).absoluteString }
                + ["--size", "20x20", "--output-dir", folder.path, "--failure", failure, "--timeout", "1.5", "--retries", "1"])
        #expect(result.status == 1)
        // Each slow case must say "timed out" (below): that, not the clock, shows the limit held.
        for (path, reason) in fail {
            let line = result.stderr.split(separator: "\n").first { $0.hasPrefix("error: \(server.url(path).absoluteString): ") }
            #expect(line?.contains(reason) == true, "\(path): \(String(describing: line))")
        }
        for path in succeed.keys { #expect(!result.stderr.contains(server.url(path).absoluteString), "\(path)") }
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let names = succeed.values.map { $0 + ".png" } + fail.keys.map { ($0.split(separator: "/").last.map(String.init) ?? "") + ".png" }
        #expect(written == Set(names))
        // A placeholder and an image differ: the 16 pt failure image centred vs the photo filling the surface.
        let placeholder = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("404.png").path)
        let image = try PNGCodec.decode(contentsOf: folder.appendingPathComponent("ok.png").path)
        #expect(TestImages.opaqueBounds(placeholder) == PixelRect(minX: 2, minY: 2, maxX: 18, maxY: 18))
        #expect(TestImages.opaqueBounds(image) != TestImages.opaqueBounds(placeholder))
    }
}
