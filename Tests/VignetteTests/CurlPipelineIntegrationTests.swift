import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// The libcurl loader through the pipeline, against a loopback server: the
/// few things only a real transport shows — one socket for many waiters,
/// retries of real 503s (with their Retry-After header), validators sent as
/// HTTP headers and a real 304. The pipeline's own rules are tested over
/// `MockDataLoader` (`ImagePipelineTests`, `DiskCachePipelineTests`).
@Suite(.timeLimit(.minutes(30))) struct CurlPipelineIntegrationTests {
    let server: LoopbackServer

    init() throws { server = try LoopbackServer(png: Fixtures.iconPNG) }

    /// Held transfers get a long per-attempt timeout: a slow (sanitized,
    /// CPU-starved) run must not time them out.
    func pipeline(retry: RetryPolicy = ImagePipelineTests.fastRetry, diskCache: DiskCache? = nil) -> ImagePipeline {
        ImagePipeline(
            loader: DefaultDataLoader(options: LoadingOptions(timeout: .seconds(120))),
            configuration: .init(retry: retry, diskCache: diskCache))
    }

    @Test func equivalentRequestsShareOneTransfer() async throws {
        let pipeline = pipeline()
        // The gate holds the response until every waiter has joined.
        let request = ImageRequest(url: server.url("/gate/shared"))
        let waiters = (0..<10).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await server.until { server.requests(to: "/gate/shared") == 1 })
        #expect(await pipeline.until { pipeline.waiterCount(for: request) == 10 })
        server.open(gate: "shared")
        for waiter in waiters { #expect(try await waiter.value().width == 32) }
        #expect(server.requests(to: "/gate/shared") == 1)
    }

    @Test func transientFailuresAreRetried() async throws {
        let pipeline = pipeline()
        #expect(try await pipeline.image(for: ImageRequest(url: server.url("/flaky/2/a"))).width == 32)
        #expect(server.requests(to: "/flaky/2/a") == 3)
        // A 503 with "Retry-After: 1": the header reaches the pipeline (which
        // waits at most `maximumDelay`, 5 ms, between attempts).
        do {
            _ = try await pipeline.image(for: ImageRequest(url: server.url("/status/503")))
            Issue.record("expected failure")
        } catch {
            #expect(error.statusCode == 503 && "\(error)".contains("after 3 attempts"))
            guard case .loadingFailed(.httpStatus(_, _, let retryAfter), _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(retryAfter == .seconds(1))
        }
        #expect(server.requests(to: "/status/503") == 3)
    }

    /// ETag and Last-Modified validators go out as If-None-Match and
    /// If-Modified-Since; the server's 304 confirms the disk copy.
    @Test(arguments: ["/etag/a.png", "/lastmod/b.png"])
    func aNotModifiedRoundTripRevalidatesTheDiskCopy(path: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curl-pipeline-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try DiskCache(storage: FileCacheStorage(directory: folder))
        let first = try await pipeline(diskCache: cache).response(for: ImageRequest(url: server.url(path)))
        #expect(first.source == .network)
        await cache.flush()
        let second = try await pipeline(diskCache: cache).response(for: ImageRequest(url: server.url(path)))
        #expect(second.source == .revalidated && second.image.width == 32 && !second.isStale)
        #expect(server.requests(to: path) == 2 && server.notModifiedCount == 1)
    }
}

/// Loopback helpers for the suites not yet moved to `MockDataLoader`
/// (futures, prefetcher, remote surfaces).
extension ImagePipelineTests {
    /// A server of its own, so request counts are the test's own.
    static func server() throws -> LoopbackServer { try LoopbackServer(png: Fixtures.iconPNG) }

    /// A libcurl pipeline. `timeout` is per attempt; tests that hold a
    /// transfer open with a gate pass a long one.
    static func pipeline(limit: Int = 6, retries: Int = 2, timeout: Duration = .seconds(60)) -> ImagePipeline {
        ImagePipeline(
            loader: DefaultDataLoader(options: LoadingOptions(timeout: timeout)),
            configuration: .init(
                maxConcurrentLoads: limit,
                retry: RetryPolicy(maxRetries: retries, initialDelay: .milliseconds(20))))
    }
}
