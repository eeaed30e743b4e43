import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// The pipeline's own behaviour — coalescing, bounded concurrency,
/// priorities, retries, cancellation — over `MockDataLoader`: no socket, and
/// the test holds and releases loads instead of sleeping. (The libcurl
/// loader through the pipeline: `CurlPipelineIntegrationTests`.)
@Suite(.timeLimit(.minutes(30))) struct ImagePipelineTests {
    /// A 32×32 PNG.
    static let png = Fixtures.iconPNG
    /// Backoff in milliseconds, so retry tests stay fast.
    static let fastRetry = RetryPolicy(maxRetries: 2, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5))

    let loader = MockDataLoader()

    /// `https://cdn.example/<name>.png`, answered with the test image.
    func image(_ name: String) -> URL {
        let url = URL(string: "https://cdn.example/\(name).png")!
        loader.reply(url, .data(Self.png))
        return url
    }

    func makePipeline(limit: Int = 6, retry: RetryPolicy = fastRetry, loader: MockDataLoader? = nil) -> ImagePipeline {
        ImagePipeline(loader: loader ?? self.loader, configuration: .init(maxConcurrentLoads: limit, retry: retry))
    }

    // MARK: Coalescing

    @Test func equivalentRequestsShareOneTransfer() async throws {
        let pipeline = makePipeline()
        let url = image("shared")
        let request = ImageRequest(url: url)
        loader.suspend()
        let waiters = (0..<20).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await loader.until { $0.held == 1 })
        #expect(await pipeline.until { pipeline.waiterCount(for: request) == 20 })
        loader.resume()
        var widths: Set<Int> = []
        for waiter in waiters { widths.insert(try await waiter.value().width) }
        #expect(widths == [32] && loader.loadCount(url) == 1)
        // Now a memory-cache hit, answered without suspending or a load.
        #expect(pipeline.cachedImage(for: request)?.width == 32)
        #expect(try await pipeline.response(for: request).source == .memory)
        #expect(loader.loadCount(url) == 1)
    }

    @Test func aReloadDoesNotJoinATransferThatMayAnswerFromACache() async throws {
        let pipeline = makePipeline()
        let url = image("policies")
        loader.suspend()
        let normal = Task { try await pipeline.image(for: ImageRequest(url: url)) }
        let reload = Task { try await pipeline.response(for: ImageRequest(url: url, cachePolicy: .reloadIgnoringCaches)) }
        #expect(await loader.until { $0.held == 2 })
        loader.resume()
        _ = try await normal.value()
        #expect(try await reload.value().source == .network)
        #expect(loader.loadCount(url) == 2)
        // A reload bypasses the memory cache too.
        #expect(pipeline.cachedImage(for: ImageRequest(url: url, cachePolicy: .reloadIgnoringCaches)) == nil)
        #expect(try await pipeline.response(for: ImageRequest(url: url, cachePolicy: .reloadIgnoringCaches)).source == .network)
        #expect(loader.loadCount(url) == 3)
    }

    // MARK: Bounded concurrency and priorities

    @Test func concurrencyIsBounded() async throws {
        let pipeline = makePipeline(limit: 2)
        let urls = (0..<8).map { image("bounded-\($0)") }
        loader.suspend()
        let tasks = urls.map { url in Task { try await pipeline.image(for: ImageRequest(url: url)) } }
        #expect(await loader.until { $0.held == 2 })
        #expect(await pipeline.until { pipeline.scheduler.waitingCount == 6 })
        // Every request is either loading or queued: none got past the limit.
        #expect(loader.totalLoads == 2)
        loader.resume()
        for task in tasks { _ = try await task.value() }
        #expect(loader.totalLoads == 8 && loader.peakConcurrency == 2)
        #expect(pipeline.scheduler.peakRunning == 2)
    }

    @Test func slotsGoByPriorityThenFirstCome() async throws {
        let pipeline = makePipeline(limit: 1)
        let blocker = image("blocker")
        let queued: [(URL, ImagePriority)] = [
            (image("low"), .low), (image("normal"), .normal),
            (image("high"), .high), (image("normal2"), .normal)
        ]
        // The blocker holds the only slot while the others queue up.
        loader.hold(blocker)
        var tasks = [Task { try await pipeline.image(for: ImageRequest(url: blocker)) }]
        #expect(await loader.until { $0.held == 1 })
        for (url, priority) in queued {
            tasks.append(Task { try await pipeline.image(for: ImageRequest(url: url), priority: priority) })
            let expected = tasks.count - 1
            #expect(await pipeline.until { pipeline.scheduler.waitingCount == expected })
        }
        #expect(loader.totalLoads == 1)
        loader.resume(blocker)
        for task in tasks { _ = try await task.value() }
        let order = loader.startOrder.map(\.lastPathComponent)
        #expect(order == ["blocker.png", "high.png", "normal.png", "normal2.png", "low.png"])
    }

    /// A visible request joining a queued prefetch lifts it above the other
    /// prefetches, whether it joins the decode (same scale) or only the
    /// transfer (another scale).
    @Test(arguments: [1.0, 2.0])
    func aVisibleWaiterJoiningAQueuedPrefetchRaisesItsPriority(visibleScale: Double) async throws {
        let pipeline = makePipeline(limit: 1)
        let blocker = image("blocker")
        let lowA = image("lowA")
        let lowB = image("lowB")
        loader.hold(blocker)
        let blocking = Task { try await pipeline.image(for: ImageRequest(url: blocker)) }
        #expect(await loader.until { $0.held == 1 })
        let prefetchA = Task { try await pipeline.image(for: ImageRequest(url: lowA, scale: 1), priority: .low) }
        #expect(await pipeline.until { pipeline.scheduler.waitingCount == 1 })
        let prefetchB = Task { try await pipeline.image(for: ImageRequest(url: lowB, scale: 1), priority: .low) }
        #expect(await pipeline.until { pipeline.scheduler.waitingCount == 2 })
        let wanted = ImageRequest(url: lowB, scale: visibleScale)
        let visible = Task { try await pipeline.image(for: wanted, priority: .normal) }
        let sameDecode = visibleScale == 1
        #expect(
            await pipeline.until {
                pipeline.waiterCount(for: wanted) == (sameDecode ? 2 : 1)
                    && pipeline.transferWaiterCount(for: wanted) == (sameDecode ? 1 : 2)
            })
        loader.resume(blocker)
        _ = try await (blocking.value(), prefetchA.value(), prefetchB.value())
        #expect(try await visible.value().scale == visibleScale)
        #expect(loader.startOrder == [blocker, lowB, lowA])
        #expect(loader.loadCount(lowB) == 1)
    }

    @Test func aVisibleWaiterThatLeavesTakesItsRaiseWithIt() async throws {
        let pipeline = makePipeline(limit: 1)
        let blocker = image("blocker")
        let prefetched = image("prefetched")
        let visibleLater = image("visible")
        loader.hold(blocker)
        let blocking = Task { try await pipeline.image(for: ImageRequest(url: blocker)) }
        #expect(await loader.until { $0.held == 1 })
        let prefetch = Task { try await pipeline.image(for: ImageRequest(url: prefetched), priority: .low) }
        #expect(await pipeline.until { pipeline.scheduler.waitingCount == 1 })
        // Visible work wants the prefetched image, then scrolls away.
        let fleeting = Task { try await pipeline.image(for: ImageRequest(url: prefetched), priority: .normal) }
        #expect(await pipeline.until { pipeline.waiterCount(for: ImageRequest(url: prefetched)) == 2 })
        fleeting.cancel()
        #expect(await pipelineError(of: fleeting) == .cancelled(prefetched))
        let visible = Task { try await pipeline.image(for: ImageRequest(url: visibleLater)) }
        #expect(await pipeline.until { pipeline.scheduler.waitingCount == 2 })
        loader.resume(blocker)
        _ = try await (blocking.value(), prefetch.value(), visible.value())
        // Prefetching must not delay visible work; the raise outlives the waiter that asked for it.
        #expect(loader.startOrder == [blocker, visibleLater, prefetched])
    }

    // MARK: Retries

    static let flaky = URL(string: "https://cdn.example/flaky.png")!
    static let transientFailures: [ImageRequest.TransferError] = [
        .httpStatus(flaky, status: 503, retryAfter: nil), .httpStatus(flaky, status: 500, retryAfter: nil),
        .httpStatus(flaky, status: 429, retryAfter: nil), .httpStatus(flaky, status: 408, retryAfter: nil),
        .timedOut(flaky, limit: .load(.seconds(30))), .connectionFailed(flaky, cause: .lost)
    ]

    @Test(arguments: transientFailures)
    func transientFailuresAreRetried(failure: ImageRequest.TransferError) async throws {
        let pipeline = makePipeline()
        loader.reply(Self.flaky, .failure(failure), .failure(failure), .data(Self.png))
        #expect(try await pipeline.image(for: ImageRequest(url: Self.flaky)).width == 32)
        #expect(loader.loadCount(Self.flaky) == 3)
        // Failing every time: two retries, then the last failure with the attempts made.
        let down = URL(string: "https://cdn.example/down.png")!
        loader.reply(down, .failure(failure))
        do {
            _ = try await pipeline.image(for: ImageRequest(url: down))
            Issue.record("expected failure")
        } catch {
            #expect(error == .loadingFailed(failure, attempts: 3))
            #expect("\(error)".contains("after 3 attempts"))
        }
        #expect(loader.loadCount(down) == 3)
    }

    @Test func retryAfterIsHonouredUpToTheMaximumDelay() async throws {
        // The server's Retry-After, not the 1 ms backoff, sets the wait.
        let busy = URL(string: "https://cdn.example/busy.png")!
        loader.reply(busy, .failure(.httpStatus(busy, status: 503, retryAfter: .milliseconds(60))), .data(Self.png))
        let patient = RecordedSleeps()
        var configuration = ImagePipeline.Configuration(
            retry: RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(1), maximumDelay: .seconds(5)))
        configuration.sleep = patient.sleep
        _ = try await ImagePipeline(loader: loader, configuration: configuration).image(for: ImageRequest(url: busy))
        #expect(loader.loadCount(busy) == 2)
        #expect(patient.requested == [.milliseconds(60)])
        // An hour's Retry-After waits `maximumDelay` instead.
        let busier = URL(string: "https://cdn.example/busier.png")!
        loader.reply(busier, .failure(.httpStatus(busier, status: 429, retryAfter: .seconds(3600))), .data(Self.png))
        let capped = RecordedSleeps()
        configuration.retry.maximumDelay = .milliseconds(10)
        configuration.sleep = capped.sleep
        _ = try await ImagePipeline(loader: loader, configuration: configuration).image(for: ImageRequest(url: busier))
        #expect(loader.loadCount(busier) == 2)
        #expect(capped.requested == [.milliseconds(10)])
    }

    @Test func cancellingDuringTheBackoffEndsTheJob() async throws {
        let url = URL(string: "https://cdn.example/backoff.png")!
        loader.reply(url, .failure(.httpStatus(url, status: 503, retryAfter: .seconds(3600))), .data(Self.png))
        let pipeline = makePipeline(retry: RetryPolicy(maxRetries: 3, initialDelay: .milliseconds(1), maximumDelay: .seconds(3600)))
        let waiter = Task { try await pipeline.image(for: ImageRequest(url: url)) }
        #expect(await loader.until { $0.finished == 1 })
        waiter.cancel()
        #expect(await pipelineError(of: waiter) == .cancelled(url))
        #expect(await pipeline.until { pipeline.transferWaiterCount(for: ImageRequest(url: url)) == 0 })
        // The next request starts a new transfer instead of joining the sleeping job.
        #expect(try await pipeline.image(for: ImageRequest(url: url)).width == 32)
        #expect(loader.loadCount(url) == 2)
    }

    static let permanentFailures: [ImageRequest.TransferError] = [
        .httpStatus(flaky, status: 404, retryAfter: nil), .httpStatus(flaky, status: 410, retryAfter: nil),
        .httpStatus(flaky, status: 403, retryAfter: nil), .tooLarge(flaky, limit: 1024),
        .tooManyRedirects(flaky, limit: 5), .disallowedScheme(flaky, scheme: "file"),
        .tlsFailure(flaky, cause: .untrustedCertificate)
    ]

    @Test(arguments: permanentFailures)
    func permanentFailuresAreNotRetried(failure: ImageRequest.TransferError) async throws {
        // One slot: a failure must give it back for the next request.
        let pipeline = makePipeline(limit: 1, retry: RetryPolicy(maxRetries: 3, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5)))
        loader.reply(Self.flaky, .failure(failure))
        await #expect(throws: ImageRequest.Error.loadingFailed(failure, attempts: 1)) {
            try await pipeline.image(for: ImageRequest(url: Self.flaky))
        }
        #expect(loader.loadCount(Self.flaky) == 1)
        // Failures are not cached: asking again asks the loader again.
        await #expect(throws: ImageRequest.Error.self) { try await pipeline.image(for: ImageRequest(url: Self.flaky)) }
        #expect(loader.loadCount(Self.flaky) == 2)
        #expect(try await pipeline.image(for: ImageRequest(url: image("after"))).width == 32)
    }

    @Test func undecodableBytesAreNotRetried() async throws {
        let pipeline = makePipeline(retry: RetryPolicy(maxRetries: 3, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5)))
        let garbage = URL(string: "https://cdn.example/garbage.png")!
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        loader.reply(garbage, .data(bytes))
        await #expect(throws: ImageRequest.Error.decodingFailed(garbage, ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: 4096)))) {
            try await pipeline.image(for: ImageRequest(url: garbage))
        }
        #expect(loader.loadCount(garbage) == 1)
        let missing = URL(string: "https://cdn.example/missing.png")!  // no reply: 404
        do {
            _ = try await pipeline.image(for: ImageRequest(url: missing))
            Issue.record("expected failure")
        } catch {
            #expect(error.statusCode == 404 && error.url == missing)
        }
    }

    // MARK: Cancellation

    @Test func oneWaiterCancellingLeavesTheOthers() async throws {
        let pipeline = makePipeline()
        let url = image("partial")
        let request = ImageRequest(url: url)
        loader.suspend()
        let quitter = Task { try await pipeline.image(for: request) }
        let stayer = Task { try await pipeline.image(for: request) }
        #expect(await loader.until { $0.held == 1 })
        #expect(await pipeline.until { pipeline.waiterCount(for: request) == 2 })
        quitter.cancel()
        #expect(await pipelineError(of: quitter) == .cancelled(url))
        #expect(loader.heldCount == 1)  // the transfer goes on for the stayer
        loader.resume()
        #expect(try await stayer.value().width == 32)
        #expect(loader.loadCount(url) == 1 && loader.cancelledCount == 0)
    }

    @Test func allWaitersCancellingAbortsTheTransfer() async throws {
        let pipeline = makePipeline()
        let url = image("abort")
        let request = ImageRequest(url: url)
        loader.suspend()
        let waiters = (0..<3).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await loader.until { $0.held == 1 })
        #expect(await pipeline.until { pipeline.waiterCount(for: request) == 3 })
        for waiter in waiters { waiter.cancel() }
        for waiter in waiters { #expect(await pipelineError(of: waiter) == .cancelled(url)) }
        // The load itself was cancelled, not just abandoned.
        #expect(await loader.until { $0.cancelled == 1 })
        // The job is gone: a new request starts a new transfer rather than joining a dead one.
        #expect(pipeline.cachedImage(for: request) == nil)
        loader.resume()
        #expect(try await pipeline.image(for: request).width == 32)
        #expect(loader.loadCount(url) == 2)
    }

    @Test func aCancelledJobNeverTakesTheWaitersOfItsSuccessor() async throws {
        // A transport slow to notice cancellation, and one slot: the old
        // transfer ends only when the test says, after the new job queued.
        let slow = MockDataLoader(ignoresCancellation: true)
        let pipeline = makePipeline(limit: 1, loader: slow)
        let url = URL(string: "https://cdn.example/again.png")!
        let request = ImageRequest(url: url)
        slow.reply(url, .data(Self.png))
        slow.suspend()
        let first = Task { try await pipeline.image(for: request) }
        #expect(await slow.until { $0.held == 1 })
        first.cancel()
        #expect(await pipelineError(of: first) == .cancelled(url))
        let second = Task { try await pipeline.image(for: request) }
        #expect(await pipeline.until { pipeline.transferWaiterCount(for: request) == 1 && pipeline.scheduler.waitingCount == 1 })
        // The old load ends (cancelled) and frees the slot; its job's late
        // "cancelled" must not reach the new job's waiter.
        slow.resume(url, load: 1)
        #expect(await slow.until { $0.cancelled == 1 && $0.loadCount(url) == 2 })
        slow.resume()
        #expect(try await second.value().width == 32)
    }

    // MARK: Other loaders

    @Test func fileAndDataURLsGoThroughThePipeline() async throws {
        // The default loader: file: and data: never touch a socket.
        let pipeline = ImagePipeline(configuration: .init(retry: .none))
        let file = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png")
        let image = try await pipeline.image(for: ImageRequest(url: file))
        #expect(image.width == 32 && image.scale == 2)  // @2x from the URL
        let data = URL(string: "data:image/png;base64," + Self.png.base64EncodedString())!
        #expect(try await pipeline.image(for: ImageRequest(url: data)).width == 32)
    }
}

final class Recorder: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ name: String) { storage.withLock { $0.append(name) } }
    var names: [String] { storage.withLock { $0 } }
}

@Suite struct RetryPolicyTests {
    @Test func backoffDoublesWithJitterUpToTheMaximum() {
        let policy = RetryPolicy(maxRetries: 5, initialDelay: .milliseconds(100), maximumDelay: .milliseconds(500))
        for (attempt, ceiling) in [100, 200, 400, 500, 500].map({ Duration.milliseconds($0) }).enumerated() {
            for _ in 0..<50 {
                let delay = policy.delay(beforeRetry: attempt, retryAfter: nil)
                // (A microsecond of slack for the Double arithmetic of the jitter.)
                #expect(delay >= ceiling / 2 - .microseconds(1) && delay <= ceiling + .microseconds(1), "attempt \(attempt): \(delay)")
            }
        }
    }

    @Test func retryAfterIsObeyedButCapped() {
        let policy = RetryPolicy(maxRetries: 2, initialDelay: .milliseconds(100), maximumDelay: .seconds(10))
        #expect(policy.delay(beforeRetry: 0, retryAfter: .seconds(3)) == .seconds(3))
        #expect(policy.delay(beforeRetry: 1, retryAfter: .seconds(3600)) == .seconds(10))
        #expect(RetryPolicy(maxRetries: -1).maxRetries == 0 && RetryPolicy.none.maxRetries == 0)
    }
}

@Suite struct MemoryCacheTests {
    @Test func evictsLeastRecentlyUsedByCost() {
        let cache = MemoryCache<String, Int>(totalCostLimit: 10, entryCostLimit: 6)
        cache.set(1, for: "a", cost: 4)
        cache.set(2, for: "b", cost: 4)
        #expect(cache["a"] == 1)  // a is now the most recent
        cache.set(3, for: "c", cost: 4)  // 12 > 10: evicts b, the least recent
        #expect(cache["b"] == nil && cache["a"] == 1 && cache["c"] == 3)
        #expect(cache.totalCost == 8 && cache.keysByRecency == ["c", "a"])
        #expect(!cache.set(9, for: "big", cost: 7))  // over the per-entry limit: not stored
        #expect(cache["big"] == nil && cache.count == 2)
        cache.set(4, for: "a", cost: 6)  // replace re-costs: 6 + 4 = 10 fits
        #expect(cache.totalCost == 10 && cache["a"] == 4)
        cache.removeValue(for: "c")
        #expect(cache.keysByRecency == ["a"] && cache.totalCost == 6)
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalCost == 0)
    }

    @Test func manyEntriesStayConsistent() {
        let cache = MemoryCache<Int, Int>(totalCostLimit: 100)
        for i in 0..<10_000 { cache.set(i, for: i % 257, cost: 1 + i % 7) }
        #expect(cache.totalCost <= 100)
        #expect(cache.keysByRecency.count == cache.count)
        #expect(cache.keysByRecency.first == 9_999 % 257)
    }

    @Test func thePipelineKeepsDecodedImagesWithinItsBudget() async throws {
        // Room for one 32×32 bitmap (4 KiB): the second evicts the first.
        let loader = MockDataLoader()
        let a = URL(string: "https://cdn.example/a.png")!
        let b = URL(string: "https://cdn.example/b.png")!
        loader.reply(a, .data(Fixtures.iconPNG))
        loader.reply(b, .data(Fixtures.iconPNG))
        let pipeline = ImagePipeline(loader: loader, configuration: .init(retry: .none, memoryCacheBytes: 6 << 10, dataCacheBytes: 0))
        _ = try await pipeline.image(for: ImageRequest(url: a))
        _ = try await pipeline.image(for: ImageRequest(url: b))
        #expect(pipeline.cachedImage(for: ImageRequest(url: a)) == nil && pipeline.cachedImage(for: ImageRequest(url: b)) != nil)
        #expect(pipeline.memoryCache.totalCost == 32 * 32 * 4)
        #expect(try await pipeline.response(for: ImageRequest(url: a)).source == .network)
        #expect(loader.loadCount(a) == 2 && loader.loadCount(b) == 1)
    }
}
