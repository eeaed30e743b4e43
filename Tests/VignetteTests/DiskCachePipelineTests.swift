import Foundation
import Testing
import VignetteTestSupport
import VignetteSQLite
@testable import Vignette

/// The pipeline over a disk cache: policies, HTTP revalidation, stale
/// copies when the network fails, offline reads — for both engines.
@Suite struct DiskCachePipelineTests {
    static let engines = ["files", "sqlite"]

    /// A fresh cache folder per test, removed afterwards by the caller.
    static func cache(_ engine: String, in folder: String, limit: Int = 50 << 20) throws -> DiskCache {
        let storage: any DiskCacheStorage = engine == "files"
            ? try FileCacheStorage(directory: folder) : try SQLiteCacheStorage(directory: folder)
        return try DiskCache(storage: storage, sizeLimit: limit)
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vignette-cache-\(UUID().uuidString)").path
    }

    /// A new pipeline (empty memory cache) over the cache folder: what a
    /// second process or a restarted server sees.
    static func pipeline(_ cache: DiskCache) -> ImagePipeline {
        ImagePipeline(loader: DefaultDataLoader(options: LoadingOptions(timeout: .seconds(5))),
                      configuration: .init(retry: RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(10)), diskCache: cache))
    }

    /// Loads `path` once through a first pipeline and waits for the disk write.
    static func prime(_ path: String, _ server: LoopbackServer, _ cache: DiskCache) async throws {
        let first = try await pipeline(cache).response(for: ImageRequest(url: server.url(path)))
        #expect(first.source == .network)
        await cache.flush()
    }

    @Test(arguments: engines) func staleEntriesAreRevalidatedWithETag(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        try await Self.prime("/etag/a.png", server, cache)
        let second = try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/etag/a.png")))
        #expect(second.source == .revalidated)
        #expect(second.image.width == 32 && !second.isStale)
        #expect(server.requests(to: "/etag/a.png") == 2)
        #expect(server.notModifiedCount == 1)
    }

    @Test(arguments: engines) func lastModifiedRevalidates(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        try await Self.prime("/lastmod/b.png", server, cache)
        let second = try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/lastmod/b.png")))
        #expect(second.source == .revalidated)
        #expect(server.notModifiedCount == 1)
    }

    @Test(arguments: engines) func freshEntriesSkipTheNetwork(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        try await Self.prime("/fresh/c.png", server, cache)
        let second = try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/fresh/c.png")))
        #expect(second.source == .disk)
        #expect(server.requests(to: "/fresh/c.png") == 1)
        // Reload ignores the fresh copy and replaces it.
        var reload = ImageRequest(url: server.url("/fresh/c.png"))
        reload.cachePolicy = .reloadIgnoringCaches
        #expect(try await Self.pipeline(cache).response(for: reload).source == .network)
        #expect(server.requests(to: "/fresh/c.png") == 2)
    }

    @Test(arguments: engines) func offlineReadsOnlyTheCache(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        try await Self.prime("/etag/d.png", server, cache)
        let offline = Self.pipeline(cache)
        let hit = try await offline.response(for: ImageRequest(url: server.url("/etag/d.png"), cachePolicy: .cacheOnly))
        #expect(hit.source == .disk)
        let missing = ImageRequest(url: server.url("/etag/never.png"), cachePolicy: .cacheOnly)
        await #expect(throws: ImagePipeline.Error.notCached(missing.url)) { try await offline.response(for: missing) }
        #expect(server.requests(to: "/etag/d.png") == 1 && server.requests(to: "/etag/never.png") == 0)
    }

    @Test(arguments: engines) func aStaleCopyIsServedWhenTheOriginIsGone(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        try await Self.prime("/etag/e.png", server, cache)
        server.stop()
        let response = try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/etag/e.png")))
        #expect(response.source == .disk && response.isStale)
        guard case .loadingFailed(.connectionFailed, _)? = response.staleBecause else {
            Issue.record("expected a connection failure, got \(String(describing: response.staleBecause))")
            return
        }
        // Without a cached copy the failure stands.
        await #expect(throws: ImagePipeline.Error.self) {
            try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/etag/other.png")))
        }
    }

    @Test(arguments: engines) func memoryOnlyAndNoStoreLeaveTheDiskAlone(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        let pipeline = Self.pipeline(cache)
        _ = try await pipeline.response(for: ImageRequest(url: server.url("/etag/f.png"), cachePolicy: .memoryOnly))
        _ = try await pipeline.response(for: ImageRequest(url: server.url("/no-store/g.png")))
        _ = try await pipeline.response(for: ImageRequest(url: Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png")))
        await cache.flush()
        #expect(try await cache.storage.count() == 0)
        _ = try await pipeline.response(for: ImageRequest(url: server.url("/etag/h.png")))
        await cache.flush()
        #expect(try await cache.storage.count() == 1)
    }

    @Test(arguments: engines) func aDamagedEntryIsDroppedAndRefetched(engine: String) async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache(engine, in: folder)
        let url = server.url("/fresh/i.png")
        // A stored entry whose bytes are not an image (as if the origin had
        // served garbage that was cached): never shown, replaced from the network.
        try await cache.storeAndWait(DiskCacheEntry(key: url.absoluteString, data: Data("not a png".utf8),
                                                    metadata: CacheMetadata(freshUntil: Date().addingTimeInterval(3600))))
        let response = try await Self.pipeline(cache).response(for: ImageRequest(url: url))
        #expect(response.source == .network && response.image.width == 32)
        await cache.flush()
        #expect(try await cache.storage.entry(for: url.absoluteString)?.data.count == DataLoadingTests.png.count)
    }

    @Test func staleCopiesCoverOutagesNotDefiniteAnswers() async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache("files", in: folder)
        let png = DataLoadingTests.png
        let stale = CacheMetadata(etag: "\"old\"", freshUntil: nil)
        // A 404 is an answer: the old copy is not served.
        let gone = server.url("/status/404")
        try await cache.storeAndWait(DiskCacheEntry(key: gone.absoluteString, data: png, metadata: stale))
        await #expect(throws: ImagePipeline.Error.self) { try await Self.pipeline(cache).response(for: ImageRequest(url: gone)) }
        // must-revalidate forbids a stale copy even when the origin is down.
        server.stop()
        let strict = server.url("/etag/strict.png"), lenient = server.url("/etag/lenient.png")
        try await cache.storeAndWait(DiskCacheEntry(key: strict.absoluteString, data: png,
                                                    metadata: CacheMetadata(etag: "\"s\"", mustRevalidate: true)))
        try await cache.storeAndWait(DiskCacheEntry(key: lenient.absoluteString, data: png, metadata: stale))
        await #expect(throws: ImagePipeline.Error.self) { try await Self.pipeline(cache).response(for: ImageRequest(url: strict)) }
        #expect(try await Self.pipeline(cache).response(for: ImageRequest(url: lenient)).isStale)
    }

    @Test func aRequestsOwnLimitsDoNotDeleteTheSharedEntry() async throws {
        let server = try ImagePipelineTests.server(), folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try Self.cache("files", in: folder)
        try await Self.prime("/fresh/limits.png", server, cache)
        let tight = ImageRequest(url: server.url("/fresh/limits.png"), maxPixelCount: 10)
        await #expect(throws: ImagePipeline.Error.self) { try await Self.pipeline(cache).response(for: tight) }
        await cache.flush()
        #expect(try await Self.pipeline(cache).response(for: ImageRequest(url: server.url("/fresh/limits.png"))).source == .disk)
        #expect(server.requests(to: "/fresh/limits.png") == 1)
    }
}
