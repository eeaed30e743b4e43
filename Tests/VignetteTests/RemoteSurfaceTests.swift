import Foundation
import Testing
import VignetteCatalog
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

@Suite(.timeLimit(.minutes(30))) struct RemoteSurfaceTests {
    static let url = URL(string: "https://example.test/p/1.png")!
    static let remote = ImageDescriptor<URL>.productImage(url)
    static let photo = TestImages.gradient(40, 30)

    /// Answers `url` with `response` once the test moves the clock a second on.
    static func held(_ response: FixtureLoader.Response = .image(photo), for url: URL = url, ignoresCancellation: Bool = false) -> FixtureLoader {
        FixtureLoader([url: response.delayed(by: .seconds(1))], ignoresCancellation: ignoresCancellation)
    }

    @Test func showsLoadingThenTheImageWithTheRemotePresentation() async throws {
        let loader = Self.held()
        let surface = try ImageSurface(size: Size(width: 20, height: 20), scale: 2)
        let task = try #require(surface.apply(Self.remote, placeholders: .init(loading: .loading, failure: .failure), using: loader))
        #expect(surface.accessibilityIdentifier == "loadingImage")
        guard case .loading(Self.url) = surface.loadState else {
            Issue.record("\(surface.loadState)")
            return
        }
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        guard case .loaded(Self.url) = await task.value else {
            Issue.record("not loaded")
            return
        }
        #expect(surface.accessibilityIdentifier == "productImage")
        #expect(surface.contentMode == .aspectFill && surface.image == Self.photo)
    }

    @Test func failureShowsTheFailurePlaceholderAndTheReason() async throws {
        let loader = Self.held(.httpStatus(404))
        let surface = try ImageSurface(size: Size(width: 20, height: 20))
        let task = try #require(surface.apply(Self.remote, placeholders: .init(loading: .loading, failure: .failure), using: loader))
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        guard case .failed(Self.url, let error) = await task.value else {
            Issue.record("not failed")
            return
        }
        #expect("\(error)" == "\(Self.url.absoluteString): HTTP 404")
        #expect(surface.accessibilityIdentifier == "failureImage")
    }

    @Test func memoryCacheHitIsFinalAtOnce() throws {
        let loader = FixtureLoader()
        loader.cache(Self.photo, for: Self.url)
        let surface = try ImageSurface(size: Size(width: 20, height: 20))
        #expect(surface.apply(Self.remote, placeholders: .init(loading: .loading, failure: .failure), using: loader) == nil)
        #expect(surface.accessibilityIdentifier == "productImage" && surface.image == Self.photo)
        guard case .loaded = surface.loadState else {
            Issue.record("\(surface.loadState)")
            return
        }
        #expect(loader.requests.isEmpty)
        #expect(surface.response?.source == .memory && surface.response?.image == Self.photo)
        surface.apply(ImageDescriptor(Self.photo))  // anything shown next drops the response
        #expect(surface.response == nil)
    }

    @Test func reapplyingCancelsAndAStaleResultNeverLands() async throws {
        // This loader ignores cancellation, so the first result really arrives late.
        let loader = Self.held(ignoresCancellation: true)
        let surface = try ImageSurface(size: Size(width: 20, height: 20))
        let other = URL(string: "https://example.test/p/2.png")!
        let first = try #require(surface.apply(Self.remote, using: loader))
        await loader.clock.waitForSleepers(1)
        try surface.apply(ImageDescriptor<NamedImage>.failure.accessibilityIdentifier("local"))
        #expect(surface.accessibilityIdentifier == "local")
        #expect(loader.clock.advance(by: .seconds(1)) == 1)  // stale: must not land
        _ = await first.value
        #expect(surface.accessibilityIdentifier == "local" && surface.image != Self.photo)
        loader.respond(to: other, with: .image(Self.photo).delayed(by: .seconds(1)))
        let second = try #require(surface.apply(ImageDescriptor<URL>.productImage(other).accessibilityIdentifier("second"), using: loader))
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = await second.value
        #expect(surface.accessibilityIdentifier == "second")
    }

    @Test func thousandRapidReappliesEndShowingTheLast() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline(limit: 4)
        let surface = try ImageSurface(size: Size(width: 16, height: 16))
        var last: Task<ImageSurface.LoadState, Never>?
        for i in 0..<1000 {
            let descriptor = ImageDescriptor<URL>(server.url("/ok.png?\(i % 50)"), accessibilityIdentifier: "image-\(i)")
            last = surface.apply(descriptor, using: pipeline) ?? last
        }
        _ = await last?.value  // the last load commits before its task ends
        #expect(surface.loadState.isFinal)
        #expect(surface.accessibilityIdentifier == "image-999")
        guard case .loaded = surface.loadState else {
            Issue.record("\(surface.loadState)")
            return
        }
    }

    @Test func asyncFormReturnsWhenFinalWithTheRealPipeline() async throws {
        let server = try ImagePipelineTests.server()
        let pipeline = ImagePipelineTests.pipeline()
        let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: 2)
        let loaded = await surface.load(ImageDescriptor<URL>.productImage(server.url("/ok.png")), using: pipeline)
        guard case .loaded = loaded else {
            Issue.record("\(loaded)")
            return
        }
        #expect(surface.image?.width == 32)
        #expect(surface.response?.source == .network)
        let failed = await surface.load(
            ImageDescriptor<URL>.productImage(server.url("/status/404")),
            placeholders: .init(loading: .loading, failure: .failure), using: pipeline)
        guard case .failed(_, let error) = failed else {
            Issue.record("\(failed)")
            return
        }
        #expect(error.statusCode == 404)
        #expect(surface.accessibilityIdentifier == "failureImage")
        #expect(surface.response == nil)
        // A second surface gets the now-cached image synchronously.
        let other = try ImageSurface(size: Size(width: 8, height: 8))
        #expect(other.apply(ImageDescriptor<URL>(server.url("/ok.png")), using: pipeline) == nil)
        #expect(other.response?.source == .memory)
    }

    @Test func standaloneMappingKeepsPresentation() async throws {
        let loader = Self.held()
        loader.cache(Self.photo, for: Self.url)
        let task = Task { try await Self.remote.resolved(using: loader) }
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        let local = try await task.value
        #expect(local.reference == Self.photo && local.contentMode == .aspectFill && local.accessibilityIdentifier == "productImage")
    }
}
