import Foundation
import Testing
import VignetteSQLite
import VignetteTestSupport

@testable import Vignette

/// The pipeline over a disk cache — policies, HTTP revalidation, stale
/// copies when the network fails, offline reads — for both engines, with
/// `MockDataLoader` playing the origin: no socket. (A real 304 through
/// libcurl: `CurlPipelineIntegrationTests`.)
@Suite(.timeLimit(.minutes(30))) final class DiskCachePipelineTests: Sendable {
    static let engines = ["files", "sqlite"]
    /// A 32×32 PNG, and another one for "the origin changed the image".
    static let png = Fixtures.iconPNG
    static let otherPNG = (try? Fixtures.data("pngsuite/basn6a08.png")) ?? Data()
    static let lastModified = "Tue, 03 Nov 2026 10:00:00 GMT"

    let loader = MockDataLoader()
    /// A fresh cache folder per test, removed afterwards.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-cache-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The engine over the test's folder, its removals observed.
    func storage(_ engine: String = "files") throws -> ObservedStorage {
        ObservedStorage(engine == "files" ? try FileCacheStorage(directory: folder) : try SQLiteCacheStorage(directory: folder))
    }

    func cache(_ engine: String = "files") throws -> DiskCache { try cache(over: storage(engine)) }

    func cache(over storage: ObservedStorage) throws -> DiskCache { try DiskCache(storage: storage, sizeLimit: 50 << 20) }

    /// A new pipeline (empty memory caches) over the cache: what a second
    /// process or a restarted server sees. One fast retry.
    func pipeline(_ cache: DiskCache) -> ImagePipeline {
        ImagePipeline(
            loader: loader,
            configuration: .init(
                retry: RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5)),
                diskCache: cache))
    }

    /// `https://cdn.example/<name>.png`, served like an origin: the image
    /// with its validators and `Cache-Control`, or 304 Not Modified (with
    /// `notModified` headers, by default the same) when the request's
    /// validators match.
    func origin(
        _ name: String, etag: String? = nil, lastModified: String? = nil, cacheControl: String,
        notModified: [String: String]? = nil
    ) -> URL {
        let url = URL(string: "https://cdn.example/\(name).png")!
        var headers = ["cache-control": cacheControl, "content-type": "image/png"]
        headers["etag"] = etag
        headers["last-modified"] = lastModified
        let (sent, confirm) = (headers, notModified ?? headers)
        loader.respond(url) { request in
            let validators = request.validators
            let matches = (etag != nil && validators.etag == etag) || (lastModified != nil && validators.lastModified == lastModified)
            return matches ? .notModified(headers: confirm) : .data(Self.png, headers: sent)
        }
        return url
    }

    /// Loads `url` once through a first pipeline and waits for the disk write.
    func prime(_ url: URL, _ cache: DiskCache) async throws {
        let first = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(first.source == .network)
        await cache.flush()
    }

    // MARK: Revalidation

    @Test(arguments: engines) func staleEntriesAreRevalidatedWithETag(engine: String) async throws {
        let cache = try cache(engine)
        let url = origin("a", etag: "\"v1-a\"", cacheControl: "no-cache")
        try await prime(url, cache)
        let second = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(second.source == .revalidated)
        #expect(second.image.width == 32 && !second.isStale)
        #expect(loader.validators(url) == [CacheValidators(), CacheValidators(etag: "\"v1-a\"")])
    }

    @Test(arguments: engines) func lastModifiedRevalidates(engine: String) async throws {
        let cache = try cache(engine)
        let url = origin("b", lastModified: Self.lastModified, cacheControl: "max-age=0")
        try await prime(url, cache)
        let second = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(second.source == .revalidated)
        #expect(loader.validators(url) == [CacheValidators(), CacheValidators(lastModified: Self.lastModified)])
    }

    @Test(arguments: engines) func aNotModifiedRenewsTheStoredLifetime(engine: String) async throws {
        let cache = try cache(engine)
        // Stale at once; the 304 says it is good for an hour.
        let url = origin(
            "renewed", etag: "\"r\"", cacheControl: "max-age=0",
            notModified: ["cache-control": "max-age=3600", "etag": "\"r\""])
        try await prime(url, cache)
        #expect(try await pipeline(cache).response(for: ImageRequest(url: url)).source == .revalidated)
        await cache.flush()
        #expect(try await pipeline(cache).response(for: ImageRequest(url: url)).source == .disk)
        #expect(loader.loadCount(url) == 2)
    }

    @Test func aNotModifiedThatSaysNoStoreRemovesTheCopy() async throws {
        let storage = try storage()
        let cache = try cache(over: storage)
        let url = origin(
            "forget", etag: "\"f\"", cacheControl: "no-cache",
            notModified: ["cache-control": "no-store", "etag": "\"f\""])
        try await prime(url, cache)
        let confirmed = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(confirmed.source == .revalidated && confirmed.image.width == 32)
        #expect(await storage.removals(reach: 1))
        #expect(storage.removedKeys == [url.absoluteString])
        #expect(try await cache.storage.count() == 0)
    }

    @Test func aNotModifiedWithoutACachedCopyIsAnError() async throws {
        let url = URL(string: "https://cdn.example/confused.png")!
        loader.reply(url, .notModified())
        await #expect(throws: ImageRequest.Error.notModifiedWithoutCachedCopy(url)) {
            try await self.pipeline(self.cache()).response(for: ImageRequest(url: url))
        }
    }

    @Test func concurrentRequestsShareOneRevalidation() async throws {
        let cache = try cache()
        let url = origin("shared", etag: "\"s\"", cacheControl: "no-cache")
        try await prime(url, cache)
        let pipeline = pipeline(cache)
        loader.suspend()
        let requests = (0..<5).map { _ in Task { try await pipeline.response(for: ImageRequest(url: url)) } }
        #expect(await loader.until { $0.held == 1 })
        #expect(await pipeline.until { pipeline.waiterCount(for: ImageRequest(url: url)) == 5 })
        loader.resume()
        for request in requests { #expect(try await request.value().source == .revalidated) }
        #expect(loader.loadCount(url) == 2)
    }

    // MARK: Fresh entries, reload, offline

    @Test(arguments: engines) func freshEntriesSkipTheNetwork(engine: String) async throws {
        let cache = try cache(engine)
        let url = URL(string: "https://cdn.example/c.png")!
        let fresh = ["etag": "\"v1-c\"", "cache-control": "max-age=3600"]
        loader.reply(url, .data(Self.png, headers: fresh), .data(Self.otherPNG, headers: fresh))
        try await prime(url, cache)
        let second = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(second.source == .disk)
        #expect(loader.loadCount(url) == 1)
        // Reload ignores the fresh copy, sends no validators, and replaces the copy.
        let reload = ImageRequest(url: url, cachePolicy: .reloadIgnoringCaches)
        #expect(try await pipeline(cache).response(for: reload).source == .network)
        #expect(loader.validators(url) == [CacheValidators(), CacheValidators()])
        await cache.flush()
        #expect(try await cache.storage.entry(for: url.absoluteString)?.data == Self.otherPNG)
    }

    @Test(arguments: engines) func offlineReadsOnlyTheCache(engine: String) async throws {
        let cache = try cache(engine)
        let url = origin("d", etag: "\"v1-d\"", cacheControl: "no-cache")
        try await prime(url, cache)
        let offline = pipeline(cache)
        // A stale entry is served as it is: no revalidation offline.
        let hit = try await offline.response(for: ImageRequest(url: url, cachePolicy: .cacheOnly))
        #expect(hit.source == .disk)
        let missing = ImageRequest(url: origin("never", etag: "\"n\"", cacheControl: "no-cache"), cachePolicy: .cacheOnly)
        await #expect(throws: ImageRequest.Error.notCached(missing.url)) { try await offline.response(for: missing) }
        #expect(loader.loadCount(url) == 1 && loader.loadCount(missing.url) == 0)
    }

    // MARK: Stale copies

    @Test(arguments: engines) func aStaleCopyIsServedWhenTheOriginIsGone(engine: String) async throws {
        let cache = try cache(engine)
        let url = URL(string: "https://cdn.example/e.png")!
        let refused = ImageRequest.TransferError.connectionFailed(url, cause: .couldNotConnect)
        loader.reply(url, .data(Self.png, headers: ["etag": "\"v1-e\"", "cache-control": "no-cache"]), .failure(refused))
        try await prime(url, cache)
        let response = try await pipeline(cache).response(for: ImageRequest(url: url))
        #expect(response.source == .disk && response.isStale)
        // One retry first: the failure that stands is the second attempt's.
        #expect(response.staleBecause == .loadingFailed(refused, attempts: 2))
        #expect(loader.loadCount(url) == 3)
        // Without a cached copy the failure stands.
        let other = URL(string: "https://cdn.example/other.png")!
        loader.reply(other, .failure(.connectionFailed(other, cause: .couldNotConnect)))
        await #expect(throws: ImageRequest.Error.loadingFailed(.connectionFailed(other, cause: .couldNotConnect), attempts: 2)) {
            try await self.pipeline(cache).response(for: ImageRequest(url: other))
        }
    }

    static let outage = URL(string: "https://cdn.example/outage.png")!

    @Test(arguments: [
        ImageRequest.TransferError.connectionFailed(outage, cause: .lost), .timedOut(outage, limit: .load(.seconds(30))),
        .httpStatus(outage, status: 503, retryAfter: nil), .httpStatus(outage, status: 500, retryAfter: nil)
    ])
    func everyKindOfOutageServesTheStaleCopy(failure: ImageRequest.TransferError) async throws {
        let cache = try cache()
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: Self.outage.absoluteString, data: Self.png,
                metadata: CacheMetadata(etag: "\"old\"")))
        loader.reply(Self.outage, .failure(failure))
        let response = try await pipeline(cache).response(for: ImageRequest(url: Self.outage))
        #expect(response.source == .disk && response.staleBecause == .loadingFailed(failure, attempts: 2))
    }

    @Test(arguments: [404, 410, 403])
    func aDefiniteAnswerIsNotPaperedOver(status: Int) async throws {
        let cache = try cache()
        let url = URL(string: "https://cdn.example/gone.png")!
        try await cache.storeAndWait(DiskCacheEntry(key: url.absoluteString, data: Self.png, metadata: CacheMetadata(etag: "\"old\"")))
        loader.reply(url, .failure(.httpStatus(url, status: status, retryAfter: nil)))
        await #expect(throws: ImageRequest.Error.loadingFailed(.httpStatus(url, status: status, retryAfter: nil), attempts: 1)) {
            try await self.pipeline(cache).response(for: ImageRequest(url: url))
        }
    }

    @Test func mustRevalidateForbidsAStaleCopyEvenInAnOutage() async throws {
        let cache = try cache()
        let strict = URL(string: "https://cdn.example/strict.png")!
        let lenient = URL(string: "https://cdn.example/lenient.png")!
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: strict.absoluteString, data: Self.png,
                metadata: CacheMetadata(etag: "\"s\"", mustRevalidate: true)))
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: lenient.absoluteString, data: Self.png,
                metadata: CacheMetadata(etag: "\"l\"")))
        for url in [strict, lenient] { loader.reply(url, .failure(.connectionFailed(url, cause: .couldNotConnect))) }
        await #expect(throws: ImageRequest.Error.self) { try await self.pipeline(cache).response(for: ImageRequest(url: strict)) }
        #expect(try await pipeline(cache).response(for: ImageRequest(url: lenient)).isStale)
        // A stale copy fetched from the origin with must-revalidate is just as strict.
        let origin = origin("strict-origin", etag: "\"so\"", cacheControl: "no-cache, must-revalidate")
        try await prime(origin, cache)
        loader.reply(origin, .failure(.timedOut(origin, limit: .load(.seconds(30)))))
        await #expect(throws: ImageRequest.Error.loadingFailed(.timedOut(origin, limit: .load(.seconds(30))), attempts: 2)) {
            try await self.pipeline(cache).response(for: ImageRequest(url: origin))
        }
    }

    // MARK: What is stored

    @Test(arguments: engines) func memoryOnlyNoStoreAndLocalURLsLeaveTheDiskAlone(engine: String) async throws {
        let cache = try cache(engine)
        let pipeline = pipeline(cache)
        let memoryOnly = origin("f", etag: "\"f\"", cacheControl: "max-age=3600")
        _ = try await pipeline.response(for: ImageRequest(url: memoryOnly, cachePolicy: .memoryOnly))
        _ = try await pipeline.response(for: ImageRequest(url: origin("g", etag: "\"g\"", cacheControl: "no-store")))
        let file = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png")
        let data = URL(string: "data:image/png;base64," + Self.png.base64EncodedString())!
        for url in [file, data] {
            loader.reply(url, .data(Self.png, headers: ["cache-control": "max-age=3600"]))
            _ = try await pipeline.response(for: ImageRequest(url: url))
        }
        await cache.flush()
        #expect(try await cache.storage.count() == 0)
        _ = try await pipeline.response(for: ImageRequest(url: origin("h", etag: "\"h\"", cacheControl: "no-cache")))
        await cache.flush()
        #expect(try await cache.storage.count() == 1)
    }

    @Test func bytesThatAreNoImageAreNeverStored() async throws {
        let cache = try cache()
        let url = URL(string: "https://cdn.example/html.png")!
        loader.reply(url, .data(Data("<html>oops</html>".utf8), headers: ["cache-control": "max-age=3600"]))
        await #expect(throws: ImageRequest.Error.self) { try await self.pipeline(cache).response(for: ImageRequest(url: url)) }
        await cache.flush()
        #expect(try await cache.storage.count() == 0)
    }

    @Test(arguments: engines) func aDamagedEntryIsDroppedAndRefetched(engine: String) async throws {
        let storage = try storage(engine)
        let cache = try cache(over: storage)
        let url = origin("i", etag: "\"i\"", cacheControl: "max-age=3600")
        // A stored entry whose bytes are not an image (as if the origin had
        // served garbage that was cached): never shown, replaced from the network.
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: url.absoluteString, data: Data("not a png".utf8),
                metadata: CacheMetadata(freshUntil: Date().addingTimeInterval(3600))))
        loader.suspend()
        let response = Task { try await self.pipeline(cache).response(for: ImageRequest(url: url)) }
        // The bad copy's removal runs in the background: let the new load end
        // after it (see the known issue below for the other order).
        #expect(await loader.until { $0.held == 1 })
        #expect(await storage.removals(reach: 1))
        loader.resume()
        let fetched = try await response.value()
        #expect(fetched.source == .network && fetched.image.width == 32)
        #expect(loader.validators(url) == [CacheValidators()])  // a full load, not a revalidation of the bad copy
        await cache.flush()
        #expect(try await cache.storage.entry(for: url.absoluteString)?.data == Self.png)
    }

    @Test func aSlowRemovalOfTheDamagedCopyNeverDeletesItsReplacement() async throws {
        let storage = try storage()
        let cache = try cache(over: storage)
        let url = origin("k", etag: "\"k\"", cacheControl: "max-age=3600")
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: url.absoluteString, data: Data("not a png".utf8),
                metadata: CacheMetadata(freshUntil: Date().addingTimeInterval(3600))))
        // The removal of the bad copy is slow; the good copy's write is queued behind it.
        storage.holdRemovals()
        #expect(try await pipeline(cache).response(for: ImageRequest(url: url)).source == .network)
        storage.releaseRemovals()
        #expect(await storage.removals(reach: 1))
        await cache.flush()
        let survivor = try await cache.storage.entry(for: url.absoluteString)?.data
        #expect(survivor == Self.png)
    }

    @Test func aDamagedEntryOfflineFailsWithoutALoad() async throws {
        let storage = try storage()
        let cache = try cache(over: storage)
        let url = origin("j", etag: "\"j\"", cacheControl: "max-age=3600")
        try await cache.storeAndWait(DiskCacheEntry(key: url.absoluteString, data: Data("not a png".utf8), metadata: CacheMetadata()))
        await #expect(throws: ImageRequest.Error.self) {
            try await self.pipeline(cache).response(for: ImageRequest(url: url, cachePolicy: .cacheOnly))
        }
        #expect(loader.totalLoads == 0)
        #expect(await storage.removals(reach: 1))
        #expect(try await cache.storage.count() == 0)
    }

    @Test func aRequestsOwnLimitsDoNotDeleteTheSharedEntry() async throws {
        let cache = try cache()
        let url = origin("limits", etag: "\"l\"", cacheControl: "max-age=3600")
        try await prime(url, cache)
        let tight = ImageRequest(url: url, maxPixelCount: 10)
        await #expect(throws: ImageRequest.Error.self) { try await self.pipeline(cache).response(for: tight) }
        await cache.flush()
        #expect(try await pipeline(cache).response(for: ImageRequest(url: url)).source == .disk)
        #expect(loader.loadCount(url) == 1)
    }
}
