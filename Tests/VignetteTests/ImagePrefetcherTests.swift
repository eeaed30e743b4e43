import Foundation
import Testing
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

@Suite(.timeLimit(.minutes(30))) struct ImagePrefetcherTests {
    @Test func prefetchedImagesAreInMemoryAfterward() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline()
        let prefetcher = ImagePrefetcher(loader: pipeline)
        let urls = (0..<4).map { server.url("/ok.png/p\($0)") }
        prefetcher.startPrefetching(with: urls + urls)  // equivalent requests join one load
        await prefetcher.waitUntilIdle()
        for (i, url) in urls.enumerated() {
            #expect(pipeline.cachedImage(for: ImageRequest(url: url)) != nil)
            #expect(server.requests(to: "/ok.png/p\(i)") == 1)
        }
        #expect(prefetcher.completedCount == 4)
        prefetcher.startPrefetching(with: urls)  // all cached: nothing to do
        #expect(prefetcher.pendingCount == (0, 0))
    }

    @Test func itsOwnConcurrencyLimitHolds() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline(limit: 6)
        let prefetcher = ImagePrefetcher(loader: pipeline, maxConcurrentLoads: 2)
        // Each answer waits until two are in flight: the slots are filled, never exceeded.
        prefetcher.startPrefetching(with: (0..<8).map { server.url("/together/2/c\($0)") })
        #expect(prefetcher.pendingCount.running == 2)
        await prefetcher.waitUntilIdle()
        #expect(server.peakConcurrency == 2)
        #expect(prefetcher.completedCount == 8)
    }

    @Test func itStaysBelowThePipelinesLimit() {
        let pipeline = ImagePipelineTests.pipeline(limit: 3)
        #expect(ImagePrefetcher(loader: pipeline, maxConcurrentLoads: 8).maxConcurrentLoads == 2)
        #expect(ImagePrefetcher(loader: ImagePipelineTests.pipeline(limit: 1)).maxConcurrentLoads == 1)
    }

    @Test func visibleLoadsAreNeverDelayed() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline(limit: 2, timeout: .seconds(120))
        let prefetcher = ImagePrefetcher(loader: pipeline)  // 1 slot of the pipeline's 2
        let ahead = (0..<6).map { server.url("/gate/ahead?\($0)") }  // held at the origin until the end
        defer { server.open(gate: "ahead") }
        prefetcher.startPrefetching(with: ahead)
        #expect(await server.until { server.requestOrder.count == 1 })
        let image = try await pipeline.image(for: ImageRequest(url: server.url("/ok.png/visible")))
        #expect(image.width == 32)
        // The visible request reached the server second — right after the one
        // prefetch already running, which still holds the prefetcher's slot.
        let order = server.requestOrder
        #expect(order == ["/gate/ahead?0", "/ok.png/visible"], "\(order)")
        prefetcher.stopPrefetching()
    }

    @Test func stoppingCancelsWorkNobodyElseWaitsFor() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline(timeout: .seconds(120))
        let prefetcher = ImagePrefetcher(loader: pipeline)
        // Both held open by gates until the test says so.
        let slow = server.url("/gate/stopped")
        let queued = server.url("/ok.png/queued")
        let shared = server.url("/gate/shared")
        prefetcher.startPrefetching(with: [slow, shared, queued])
        #expect(await server.until { server.requests(to: "/gate/stopped") == 1 && server.requests(to: "/gate/shared") == 1 })
        let visible = Task { try await pipeline.image(for: ImageRequest(url: shared)) }
        #expect(await pipeline.until { pipeline.waiterCount(for: ImageRequest(url: shared)) == 2 })
        prefetcher.stopPrefetching(with: [slow, shared, queued])
        #expect(prefetcher.pendingCount == (0, 0))
        server.open(gate: "shared")
        server.open(gate: "stopped")
        // The visible waiter keeps the shared transfer alive; the other was aborted.
        #expect(try await visible.value.width == 32)
        #expect(pipeline.cachedImage(for: ImageRequest(url: slow)) == nil)
        #expect(server.requests(to: "/ok.png/queued") == 0)
        #expect(prefetcher.completedCount == 0)
    }

    @Test func restartsWork() async throws {
        let url = URL(string: "https://example.test/a.png")!
        let loader = FixtureLoader([url: .image(Bitmap(width: 1, height: 1)).delayed(by: .seconds(1))])
        let prefetcher = ImagePrefetcher(loader: loader, maxConcurrentLoads: 1)
        prefetcher.startPrefetching(with: [url])
        await loader.clock.waitForSleepers(1)
        prefetcher.stopPrefetching(with: [url])  // the load's sleep ends at once, cancelled
        #expect(loader.clock.sleeperCount == 0)
        prefetcher.startPrefetching(with: [url])  // a restart is a new load; the old one's end must not remove it
        await loader.clock.waitForSleepers(1)
        #expect(loader.requests(for: url).count == 2)
        #expect(prefetcher.pendingCount == (0, 1))
        loader.clock.advance(by: .seconds(1))
        await prefetcher.waitUntilIdle()
        #expect(prefetcher.completedCount == 1)
    }
}
