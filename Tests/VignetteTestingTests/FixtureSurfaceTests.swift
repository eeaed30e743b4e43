import Foundation
import Testing
import VignetteCore
import VignetteTestSupport
import VignetteTesting

/// A surface driven by fixtures through its real remote path: loading,
/// loaded, failed, retried and superseded, with no network and no real time.
@Suite(.timeLimit(.minutes(30))) struct FixtureSurfaceTests {
    let url = URL(string: "https://img.example/products/7.png")!
    let image = TestImages.gradient(30, 20)
    let placeholders = ImageSurface.Placeholders.plain

    func surface() throws -> ImageSurface { try ImageSurface(size: Size(width: 30, height: 20)) }

    @Test func delayedLoadIsLoadingBeforeTheClockMovesAndLoadedAfter() async throws {
        let fixtures = FixtureLoader([url: .image(image).delayed(by: .seconds(2))])
        let surface = try surface()
        let task = try #require(surface.apply(ImageDescriptor(url), placeholders: placeholders, using: fixtures))
        await fixtures.clock.waitForSleepers(1)
        fixtures.clock.advance(by: .seconds(1))
        #expect(surface.loadState.description == "loading \(url.absoluteString)")
        #expect(surface.background == .placeholderGray)
        fixtures.clock.advance(by: .seconds(1))
        #expect(await task.value.description == "loaded \(url.absoluteString)")
        #expect(surface.render() == image)
    }

    @Test func httpFailureShowsTheFailurePlaceholderWithTheStatus() async throws {
        let fixtures = FixtureLoader([url: .httpStatus(404)])
        let surface = try surface()
        let state = await surface.load(ImageDescriptor(url), placeholders: placeholders, using: fixtures)
        guard case .failed(_, let error) = state else {
            Issue.record("expected a failure, got \(state)")
            return
        }
        #expect(error.statusCode == 404)
        #expect(surface.background == .placeholderRed)
    }

    @Test func retryAfterAFailureGetsTheNextResponse() async throws {
        let fixtures = FixtureLoader()
        fixtures.respond(to: url, with: .httpStatus(503), .image(image))
        let surface = try surface()
        #expect(await surface.load(ImageDescriptor(url), placeholders: placeholders, using: fixtures).isFailed)
        #expect(
            await surface.load(ImageDescriptor(url), placeholders: placeholders, using: fixtures).description
                == "loaded \(url.absoluteString)")
        #expect(surface.render() == image)
        #expect(fixtures.requests(for: url).count == 2)
    }

    @Test func reapplyingCancelsTheWaitingLoadAtOnce() async throws {
        let other = URL(string: "https://img.example/products/8.png")!
        let fixtures = FixtureLoader([url: .pending, other: .image(image)])
        let surface = try surface()
        let first = try #require(surface.apply(ImageDescriptor(url), placeholders: placeholders, using: fixtures))
        await fixtures.clock.waitForSleepers(1)
        let second = surface.apply(ImageDescriptor(other), placeholders: placeholders, using: fixtures)
        // The held load ended (cancelled) without the clock moving; the stale result never landed.
        _ = await first.value
        #expect(fixtures.clock.sleeperCount == 0)
        #expect(await second?.value.description == "loaded \(other.absoluteString)")
        #expect(fixtures.clock.now.offset == .zero)
    }

    @Test func surfaceRequestsCarryTheShrinkTargetAndPriority() async throws {
        let fixtures = FixtureLoader([url: .image(image)])
        let surface = try ImageSurface(size: Size(width: 30, height: 20), scale: 2)
        _ = await surface.load(
            ImageDescriptor(url, contentMode: .aspectFill), placeholders: placeholders,
            using: fixtures, priority: .high)
        let request = try #require(fixtures.requests.first)
        #expect(request.priority == .high)
        #expect(
            request.options.shrinkTarget
                == ShrinkTarget(
                    size: PixelSize(width: 60, height: 40),
                    contentMode: .aspectFill, cropsToVisible: true))
    }

    @Test func aCachedImageShowsWithNoLoadingFrameAndNoLoad() throws {
        let fixtures = FixtureLoader()
        fixtures.cache(image, for: url)
        let surface = try surface()
        #expect(surface.apply(ImageDescriptor(url), placeholders: placeholders, using: fixtures) == nil)
        #expect(surface.render() == image)
        #expect(fixtures.requests.isEmpty)
    }
}

extension ImageSurface.LoadState {
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
