import Foundation
import Vignette
import Testing
import VignetteTestSupport
@testable import Vignette

/// Polls `condition` every 10 ms for up to 10 s: robust against a loaded
/// test run where fixed sleeps are not.
func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

@Suite struct ImagePipelineTests {
    /// Each test gets its own server so request counts are its own.
    static func server() throws -> LoopbackServer { try LoopbackServer(png: DataLoadingTests.png) }

    /// `timeout` is per attempt; tests that hold a transfer open with a gate
    /// pass a long one, so a slow (e.g. thread-sanitized) run cannot time out
    /// the held transfer and reorder the queue.
    static func pipeline(limit: Int = 6, retries: Int = 2, timeout: Duration = .seconds(10)) -> ImagePipeline {
        ImagePipeline(
            loader: DefaultDataLoader(options: LoadingOptions(timeout: timeout)),
            configuration: .init(maxConcurrentLoads: limit,
                                 retry: RetryPolicy(maxRetries: retries, initialDelay: .milliseconds(20))))
    }

    @Test func equivalentRequestsShareOneTransfer() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline()
        let request = ImageRequest(url: server.url("/slow-ok.png/shared"))
        let images = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<20 { group.addTask { try await pipeline.image(for: request) } }
            return try await group.reduce(into: [Bitmap]()) { $0.append($1) }
        }
        #expect(images.count == 20 && Set(images.map(\.width)) == [32])
        #expect(server.requests(to: "/slow-ok.png/shared") == 1)
        // Now a memory-cache hit, answered without suspending or a request.
        #expect(pipeline.cachedImage(for: request)?.width == 32)
        _ = try await pipeline.image(for: request)
        #expect(server.requests(to: "/slow-ok.png/shared") == 1)
    }

    @Test func concurrencyIsBounded() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline(limit: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<8 {
                group.addTask { _ = try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/\(i)"))) }
            }
            try await group.waitForAll()
        }
        #expect(server.peakConcurrency <= 2)
        #expect(pipeline.scheduler.peakRunning == 2)
    }

    @Test func lowPriorityWaitsForNormalWork() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline(limit: 1, timeout: .seconds(120))
        // The blocker holds the only slot until the gate opens, while the others queue up.
        let blocker = Task { try? await pipeline.image(for: ImageRequest(url: server.url("/gate/blocker"))) }
        #expect(await eventually { server.requests(to: "/gate/blocker") == 1 })
        let low = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/low")), priority: .low) }
        #expect(await eventually { pipeline.scheduler.waitingCount == 1 })
        let normal = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/normal"))) }
        #expect(await eventually { pipeline.scheduler.waitingCount == 2 })
        let high = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/high")), priority: .high) }
        #expect(await eventually { pipeline.scheduler.waitingCount == 3 })
        server.open(gate: "blocker")
        _ = await blocker.value
        _ = try await (low.value, normal.value, high.value)
        #expect(server.requestOrder == ["/gate/blocker", "/slow-ok.png/high", "/slow-ok.png/normal", "/slow-ok.png/low"])
    }

    @Test func aVisibleWaiterJoiningAQueuedPrefetchRaisesItsPriority() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline(limit: 1, timeout: .seconds(120))
        let blocker = Task { try? await pipeline.image(for: ImageRequest(url: server.url("/gate/raise"))) }
        #expect(await eventually { server.requests(to: "/gate/raise") == 1 })
        let lowA = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/lowA")), priority: .low) }
        #expect(await eventually { pipeline.scheduler.waitingCount == 1 })
        let lowB = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/lowB")), priority: .low) }
        #expect(await eventually { pipeline.scheduler.waitingCount == 2 })
        // Visible work now wants lowB: it joins the queued job and lifts it above lowA.
        let visible = Task { try await pipeline.image(for: ImageRequest(url: server.url("/slow-ok.png/lowB")), priority: .normal) }
        #expect(await eventually { pipeline.waiterCount(for: ImageRequest(url: server.url("/slow-ok.png/lowB"))) == 2 })
        server.open(gate: "raise")
        _ = await blocker.value
        _ = try await (lowA.value, lowB.value, visible.value)
        #expect(server.requestOrder == ["/gate/raise", "/slow-ok.png/lowB", "/slow-ok.png/lowA"])
        #expect(server.requests(to: "/slow-ok.png/lowB") == 1)
    }

    @Test func transientFailuresAreRetried() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline(retries: 2)
        let image = try await pipeline.image(for: ImageRequest(url: server.url("/flaky/2/a")))
        #expect(image.width == 32 && server.requests(to: "/flaky/2/a") == 3)
        do {
            _ = try await pipeline.image(for: ImageRequest(url: server.url("/flaky/5/b")))
            Issue.record("expected failure")
        } catch {
            #expect(error.statusCode == 503 && "\(error)".contains("after 3 attempts"))
        }
        #expect(server.requests(to: "/flaky/5/b") == 3)
    }

    @Test func permanentFailuresAreNot() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline(retries: 3)
        do {
            _ = try await pipeline.image(for: ImageRequest(url: server.url("/status/404")))
            Issue.record("expected failure")
        } catch {
            #expect(error.statusCode == 404 && error.url == server.url("/status/404"))
        }
        do {
            _ = try await pipeline.image(for: ImageRequest(url: server.url("/garbage")))
            Issue.record("expected failure")
        } catch {
            guard case .decodingFailed(_, let cause) = error, case .unrecognizedFormat = cause.reason else { Issue.record("unexpected \(error)"); return }
        }
        #expect(server.requests(to: "/status/404") == 1 && server.requests(to: "/garbage") == 1)
    }

    @Test func oneWaiterCancellingLeavesTheOthers() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline()
        let request = ImageRequest(url: server.url("/slow-ok.png/partial"))
        let quitter = Task { try await pipeline.image(for: request) }
        let stayer = Task { try await pipeline.image(for: request) }
        #expect(await eventually { server.requests(to: "/slow-ok.png/partial") == 1 })
        quitter.cancel()
        guard case .failure(ImagePipeline.Error.cancelled) = await quitter.result else {
            Issue.record("the cancelled waiter should get .cancelled")
            return
        }
        #expect(try await stayer.value.width == 32)
        #expect(server.requests(to: "/slow-ok.png/partial") == 1)
    }

    @Test func allWaitersCancellingAbortsTheTransfer() async throws {
        let server = try Self.server()
        let pipeline = Self.pipeline()
        let request = ImageRequest(url: server.url("/slow-body/abort"))
        let waiters = (0..<3).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await eventually { server.requests(to: "/slow-body/abort") == 1 })
        waiters.forEach { $0.cancel() }
        for waiter in waiters {
            guard case .failure(ImagePipeline.Error.cancelled) = await waiter.result else {
                Issue.record("expected cancellation")
                return
            }
        }
        // The job is gone: a new request starts a new transfer rather than joining a dead one.
        #expect(pipeline.cachedImage(for: request) == nil)
        let again = Task { try await pipeline.image(for: request) }
        #expect(await eventually { server.requests(to: "/slow-body/abort") == 2 })
        again.cancel()
        _ = await again.result
    }

    @Test func fileAndDataURLsGoThroughThePipeline() async throws {
        let pipeline = Self.pipeline()
        let file = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/address-book@2x.png")
        let image = try await pipeline.image(for: ImageRequest(url: file))
        #expect(image.width == 32 && image.scale == 2)  // @2x from the URL
        let data = URL(string: "data:image/png;base64," + DataLoadingTests.png.base64EncodedString())!
        #expect(try await pipeline.image(for: ImageRequest(url: data)).width == 32)
    }
}

final class Recorder: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ name: String) { storage.withLock { $0.append(name) } }
    var names: [String] { storage.withLock { $0 } }
}

@Suite struct LoadSchedulerTests {
    @Test func slotsGoToTheHighestPriorityThenFirstCome() async throws {
        let scheduler = LoadScheduler(limit: 1)
        try await scheduler.acquire(.normal)
        let order = Recorder()
        var tasks: [Task<Void, any Error>] = []
        for (name, priority) in [("low1", ImagePriority.low), ("normal1", .normal), ("low2", .low), ("high", .high), ("normal2", .normal)] {
            tasks.append(Task {
                try await scheduler.acquire(priority)
                order.append(name)
                scheduler.release()
            })
            let expected = tasks.count
            #expect(await eventually { scheduler.waitingCount == expected })
        }
        scheduler.release()
        for task in tasks { try await task.value }
        #expect(order.names == ["high", "normal1", "normal2", "low1", "low2"])
        #expect(scheduler.peakRunning == 1)
    }

    @Test func cancelledWaitersLeaveTheQueue() async throws {
        let scheduler = LoadScheduler(limit: 1)
        try await scheduler.acquire(.normal)
        let waiter = Task { try await scheduler.acquire(.normal) }
        #expect(await eventually { scheduler.waitingCount == 1 })
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(scheduler.waitingCount == 0)
        scheduler.release()
        try await scheduler.acquire(.low)  // the slot is free again
    }
}

@Suite struct MemoryCacheTests {
    @Test func evictsLeastRecentlyUsedByCost() {
        let cache = MemoryCache<String, Int>(totalCostLimit: 10, entryCostLimit: 6)
        cache.set(1, for: "a", cost: 4)
        cache.set(2, for: "b", cost: 4)
        #expect(cache["a"] == 1)                 // a is now the most recent
        cache.set(3, for: "c", cost: 4)          // 12 > 10: evicts b, the least recent
        #expect(cache["b"] == nil && cache["a"] == 1 && cache["c"] == 3)
        #expect(cache.totalCost == 8 && cache.keysByRecency == ["c", "a"])
        #expect(!cache.set(9, for: "big", cost: 7)) // over the per-entry limit: not stored
        #expect(cache["big"] == nil && cache.count == 2)
        cache.set(4, for: "a", cost: 6)          // replace re-costs: 6 + 4 = 10 fits
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

    @Test func aCancelledJobNeverTakesTheWaitersOfItsSuccessor() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline()
        let request = ImageRequest(url: server.url("/slow-ok.png/again"))
        let first = Task { try await pipeline.image(for: request) }
        #expect(await eventually { server.requests(to: "/slow-ok.png/again") == 1 })
        first.cancel()
        // A new waiter right away starts a new job; the old task's late end
        // must not deliver "cancelled" to it.
        let image = try await pipeline.image(for: request)
        #expect(image.width == 32)
        await #expect(throws: ImagePipeline.Error.self) { try await first.value }
    }
}
