import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Origins that need keys, through the pipeline over `MockDataLoader`:
/// headers reach the loader, credentials keep their own entries in every
/// cache and their own transfer, and a key transform lets a re-signed URL
/// hit the caches. (Through libcurl: `CurlHeadersTests`.)
@Suite(.timeLimit(.minutes(30))) final class OriginHeadersTests: Sendable {
    static let png = Fixtures.iconPNG
    let loader = MockDataLoader()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-keys-\(UUID().uuidString)").path

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// `https://cdn.example/<name>`, fresh for an hour (so disk-cacheable).
    func image(_ name: String) -> URL {
        let url = URL(string: "https://cdn.example/\(name)")!
        loader.reply(url, .data(Self.png, headers: ["cache-control": "max-age=3600"]))
        return url
    }

    func pipeline(_ edit: (inout ImagePipeline.Configuration) -> Void = { _ in }) -> ImagePipeline {
        var configuration = ImagePipeline.Configuration(retry: .none)
        edit(&configuration)
        return ImagePipeline(loader: loader, configuration: configuration)
    }

    func authorized(_ url: URL, _ token: String) throws -> ImageRequest {
        var request = ImageRequest(url: url)
        try request.headers.set("Authorization", "Bearer \(token)")
        return request
    }

    @Test func theRequestsHeadersAndTheModifiersReachTheLoader() async throws {
        let url = image("private.png")
        let pipeline = pipeline { configuration in
            configuration.requestModifier = { request in
                if request.url.host == "cdn.example" { try? request.headers.set("Cookie", "session=1") }
            }
        }
        var request = try authorized(url, "t")
        try request.headers.set("X-Trace", "7")
        _ = try await pipeline.image(for: request)
        let sent = try #require(loader.headers(url).first)
        #expect(sent["Authorization"] == "Bearer t" && sent["cookie"] == "session=1" && sent["X-Trace"] == "7")
    }

    @Test func aRequestWithCredentialsSharesNothingWithOneWithout() async throws {
        let url = image("account.png")
        let pipeline = pipeline()
        loader.suspend()
        let withKey = Task { try await pipeline.image(for: try authorized(url, "alice")) }
        let without = Task { try await pipeline.image(for: ImageRequest(url: url)) }
        #expect(await loader.until { $0.held == 2 })  // two transfers: no coalescing across credentials
        loader.resume()
        _ = try await (withKey.value, without.value)
        #expect(pipeline.cachedImage(for: try authorized(url, "bob")) == nil)  // another credential: another entry
        #expect(pipeline.cachedImage(for: try authorized(url, "alice")) != nil)
        #expect(loader.headers(url).map { $0["Authorization"] }.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "Bearer alice"])
    }

    @Test func theDiskCacheKeepsCredentialedEntriesApart() async throws {
        let url = image("disk.png")
        let cache = try DiskCache(storage: FileCacheStorage(directory: folder), sizeLimit: 50 << 20)
        _ = try await pipeline { $0.diskCache = cache }.image(for: try authorized(url, "alice"))
        await cache.flush()
        // Fresh pipelines (empty memory) over the same disk: only the same credential is served from it.
        let anonymous = try await pipeline { $0.diskCache = cache }.response(for: ImageRequest(url: url))
        #expect(anonymous.source == .network)
        let alice = try await pipeline { $0.diskCache = cache }.response(for: try authorized(url, "alice"))
        #expect(alice.source == .disk)
        #expect(loader.loadCount(url) == 2)
    }

    @Test func sharingAcrossCredentialsIsAnExplicitOptIn() async throws {
        let url = image("public.png")
        let pipeline = pipeline()
        var shared = try authorized(url, "alice")
        shared.credentialCaching = .sharedAcrossCredentials
        _ = try await pipeline.image(for: shared)
        #expect(pipeline.cachedImage(for: ImageRequest(url: url)) != nil)
        #expect(loader.loadCount(url) == 1)
    }

    @Test func twoSignedURLsDifferingOnlyInSignatureFetchOnce() async throws {
        let signed = (1...3).map { URL(string: "https://cdn.example/o.png?w=1&X-Amz-Date=\($0)&X-Amz-Signature=s\($0)")! }
        for url in signed { loader.reply(url, .data(Self.png, headers: ["cache-control": "max-age=3600"])) }
        let cache = try DiskCache(storage: FileCacheStorage(directory: folder), sizeLimit: 50 << 20)
        let pipeline = pipeline {
            $0.cacheKeyTransform = .ignoringCloudSignatures
            $0.diskCache = cache
        }
        // Coalescing: two signatures in flight at once share one job, and the first one's transfer.
        loader.suspend()
        let first = Task { try await pipeline.image(for: ImageRequest(url: signed[0])) }
        #expect(await loader.until { $0.held == 1 })
        let second = Task { try await pipeline.image(for: ImageRequest(url: signed[1])) }
        #expect(await pipeline.until { pipeline.waiterCount(for: ImageRequest(url: signed[1])) == 2 })
        loader.resume()
        _ = try await (first.value, second.value)
        // The memory cache: a third signature is a synchronous hit.
        #expect(pipeline.cachedImage(for: ImageRequest(url: signed[2])) != nil)
        #expect(pipeline.cache.containsImage(for: ImageRequest(url: signed[2])))
        await cache.flush()
        // The disk cache: a fresh pipeline finds it under the same key.
        let restarted = self.pipeline {
            $0.cacheKeyTransform = .ignoringCloudSignatures
            $0.diskCache = cache
        }
        #expect(try await restarted.response(for: ImageRequest(url: signed[2])).source == .disk)
        #expect(loader.totalLoads == 1 && loader.loadCount(signed[0]) == 1)
    }
}
