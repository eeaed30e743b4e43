import Foundation
import Testing
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

@Suite(.timeLimit(.minutes(30))) struct ImageFutureTests {
    let url = URL(string: "https://example.test/photo.png")!
    let photo = Bitmap(width: 4, height: 3, fill: Color(red: 10, green: 20, blue: 30))

    func surface() throws -> ImageSurface { try ImageSurface(size: Size(width: 8, height: 6), scale: 1) }

    /// A loader whose load of `url` answers `response` once the test moves
    /// its clock a second on: until then the load is in flight.
    func heldLoader(_ response: FixtureLoader.Response? = nil) -> FixtureLoader {
        FixtureLoader([url: (response ?? .image(photo)).delayed(by: .seconds(1))])
    }

    @Test func nothingLoadsUntilFirstUse() async throws {
        let loader = heldLoader()
        let future = ImageFuture(url: url, using: loader)
        // Idle means no load task exists: nothing to wait for.
        #expect(loader.requests.isEmpty)
        guard case .idle = future.phase else {
            Issue.record("expected idle, got \(future.phase)")
            return
        }
        future.start()
        await loader.clock.waitForSleepers(1)
        #expect(loader.requests.map(\.url) == [url])
    }

    @Test func loadsOnceForEveryWaiterAndSurface() async throws {
        let loader = heldLoader()
        let future = ImageFuture(ImageDescriptor(url, contentMode: .center, accessibilityIdentifier: "p"), using: loader)
        let first = try surface()
        let second = try surface()
        first.apply(future)
        #expect(first.loadState.description == "loading \(url.absoluteString)")
        first.apply(future)  // rebinding never restarts the load
        async let a = future.image()
        async let b = future.image()
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        #expect(try await a == photo)
        #expect(try await b == photo)
        #expect(loader.requests.count == 1)
        // The future tells bound surfaces before its waiters: final by now.
        #expect(first.loadState.isFinal)
        #expect(first.loadState.description == "loaded \(url.absoluteString)")
        #expect(first.accessibilityIdentifier == "p")
        // Bound after the image arrived: final at once, no placeholder frame, no new load.
        second.apply(future)
        #expect(second.loadState.description == "loaded \(url.absoluteString)")
        #expect(second.render() == first.render())
        #expect(loader.requests.count == 1)
    }

    /// A bound surface lands what `apply(_:using:)` lands: the response
    /// with where the image came from, a memory hit with no placeholder frame.
    @Test func boundSurfacesReportTheResponseAsARemoteApplyDoes() async throws {
        let loader = heldLoader()
        let future = ImageFuture(url: url, using: loader)
        let bound = try surface()
        bound.apply(future)
        #expect(bound.response == nil)
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = try await future.value()
        #expect(bound.response?.source == .network && bound.response?.image == photo)

        let cached = FixtureLoader([url: .pending])
        cached.cache(photo, for: url)
        let hit = ImageFuture(url: url, using: cached)
        let shown = try surface()
        shown.apply(hit)
        #expect(shown.loadState.description == "loaded \(url.absoluteString)")
        #expect(shown.response?.source == .memory)
        #expect(cached.requests.isEmpty)
    }

    @Test func aSurfaceAppliedSomethingElseNeverGetsTheLateImage() async throws {
        let loader = heldLoader()
        let future = ImageFuture(url: url, using: loader)
        let view = try surface()
        view.apply(future)
        let other = ImageDescriptor(Bitmap(width: 2, height: 2, fill: Color(red: 0, green: 0, blue: 255)))
        view.apply(other)
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = try await future.image()  // bound surfaces hear first: a late image would have landed
        #expect(view.loadState.description == "idle")
        #expect(view.descriptor?.reference == other.reference)
    }

    @Test func failureShowsThePlaceholderAndStaysFailed() async throws {
        let loader = heldLoader(.httpStatus(404))
        let future = ImageFuture(url: url, using: loader)
        let view = try surface()
        let failure = ImageDescriptor(
            Bitmap(width: 1, height: 1), background: Color(red: 255, green: 0, blue: 0),
            accessibilityIdentifier: "broken")
        view.apply(future, placeholders: .current.failure(failure))
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        await #expect(throws: ImageRequest.Error.self) { try await future.image() }
        #expect(view.loadState.isFinal)
        #expect(view.loadState.description == "failed: \(url.absoluteString): HTTP 404")
        #expect(view.accessibilityIdentifier == "broken")
        // A later value() or binding does not retry: the future loads once.
        await #expect(throws: ImageRequest.Error.self) { try await future.image() }
        try surface().apply(future, placeholders: .current.failure(failure))
        #expect(loader.requests.count == 1)
    }

    @Test func aMemoryHitFinishesWithoutLoading() async throws {
        let loader = FixtureLoader()
        loader.cache(photo, for: url)
        let future = ImageFuture(url: url, using: loader)
        let view = try surface()
        view.apply(future)
        #expect(view.loadState.description == "loaded \(url.absoluteString)")
        #expect(loader.requests.isEmpty)
    }

    @Test func cancellingAWaiterDoesNotCancelTheSharedLoad() async throws {
        let loader = heldLoader()
        let future = ImageFuture(url: url, using: loader)
        let impatient = Task { try await future.image() }
        await loader.clock.waitForSleepers(1)
        impatient.cancel()
        await #expect(throws: ImageRequest.Error.cancelled(url)) { try await impatient.value }
        #expect(loader.clock.sleeperCount == 1)
        loader.clock.advance(by: .seconds(1))
        #expect(try await future.image() == photo)
    }

    @Test func theCachePolicyAndRetriesAreThePipelines() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline()
        let offline = ImageFuture(url: server.url("/ok.png/never"), cachePolicy: .cacheOnly, using: pipeline)
        await #expect(throws: ImageRequest.Error.notCached(server.url("/ok.png/never"))) { try await offline.image() }
        #expect(server.requests(to: "/ok.png/never") == 0)
        let flaky = ImageFuture(url: server.url("/flaky/1/future"), using: pipeline)
        #expect(try await flaky.image().width == 32)
        #expect(server.requests(to: "/flaky/1/future") == 2)
    }

    @Test func modelsHoldingFuturesBecomeTheCache() async throws {
        final class Product: Sendable {
            let photo: ImageFuture
            init(url: URL, loader: any ImageLoading) { photo = ImageFuture(url: url, using: loader) }
        }
        let loader = heldLoader()
        let product = Product(url: url, loader: loader)
        let views = try (0..<5).map { _ in try surface() }
        for view in views { view.apply(product.photo) }
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = try await product.photo.image()
        #expect(views.allSatisfy { $0.loadState.isFinal })
        #expect(loader.requests.count == 1)
    }
}
