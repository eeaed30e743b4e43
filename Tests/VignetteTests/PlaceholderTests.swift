import Foundation
import Testing
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

/// Placeholders of any local reference, resolved per surface, and the
/// app-wide defaults in `ImageEnvironment`.
@Suite(.timeLimit(.minutes(30))) struct PlaceholderTests {
    let url = URL(string: "https://example.test/placeholder.png")!
    let bundle = ImageBundle(directory: Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources"))

    @Test(arguments: [1.0, 2, 3])
    func aBundledPlaceholderIsResolvedForTheSurfaceItLandsOn(scale: Double) async throws {
        let loader = FixtureLoader([url: .pending])
        let spinner = ImageDescriptor(
            NamedImage("address-book", in: bundle), contentMode: .center,
            background: .placeholderGray, accessibilityIdentifier: "spinner")
        let surface = try ImageSurface(size: Size(width: 64, height: 64), scale: scale)
        surface.apply(ImageDescriptor(url, contentMode: .aspectFill), placeholders: .current.loading(spinner), using: loader)
        #expect(surface.accessibilityIdentifier == "spinner" && surface.contentMode == .center)
        #expect(surface.image == (try NamedImage("address-book", in: bundle).bitmap(forScale: scale)))
        #expect(surface.background == .placeholderGray)
    }

    @Test func eachPlaceholderKeepsItsOwnPresentation() async throws {
        let loader = FixtureLoader([url: .httpStatus(404).delayed(by: .seconds(1))])
        let loading = ImageDescriptor(TestImages.solid(4, 4), contentMode: .center, tint: .white, accessibilityIdentifier: "l")
        let failure = ImageDescriptor(TestImages.solid(4, 4), contentMode: .topLeft, background: .black, accessibilityIdentifier: "f")
        let surface = try ImageSurface(size: Size(width: 10, height: 10))
        let task = try #require(
            surface.apply(
                ImageDescriptor(url, contentMode: .aspectFill, tint: .black),
                placeholders: .init(loading: loading, failure: failure), using: loader))
        #expect(surface.contentMode == .center && surface.tint == .white && surface.background == nil)
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = await task.value
        #expect(surface.contentMode == .topLeft && surface.tint == nil && surface.background == .black)
        #expect(surface.accessibilityIdentifier == "f")
    }

    @Test func aMissingPlaceholderResourceStillShowsItsPresentation() throws {
        let missing = ImageDescriptor(
            NamedImage("no-such-image", in: bundle), background: .placeholderRed,
            accessibilityIdentifier: "missing")
        let surface = try ImageSurface(size: Size(width: 8, height: 8))
        surface.apply(ImageDescriptor(url), placeholders: .current.loading(missing), using: FixtureLoader([url: .pending]))
        #expect(surface.accessibilityIdentifier == "missing")
        #expect(surface.render().color(x: 4, y: 4) == .placeholderRed)
        #expect(surface.resourceErrors == [.notFound(name: "no-such-image", directory: bundle.directory.path)])
    }

    /// The warning an app sees in its logs (`vignette.surface`), once per
    /// unresolved resource, naming the state and what is missing.
    @Test func anUnresolvedPlaceholderIsLoggedAsAWarning() throws {
        let log = LogCapture()
        let missing = ImageDescriptor(NamedImage("no-such-image", in: bundle), background: .placeholderRed)
        let surface = try ImageSurface(size: Size(width: 8, height: 8))
        surface.apply(
            ImageDescriptor(url), placeholders: .current.loading(missing), using: FixtureLoader([url: .pending]),
            reporting: ImageSurface.resourceLog(log.logger))
        #expect(
            log.records(atLeast: .warning).map(\.message) == [
                "surface (loading \(url)) left out a resource it cannot resolve: no image named 'no-such-image' (no-such-image.svg, no-such-image.png, no-such-image@2x.png or no-such-image@3x.png) in \(bundle.directory.path)"
            ])
    }

    /// The failure placeholder's error is reported when it is shown, not
    /// while loading; the image's landing clears it.
    @Test func aMissingFailurePlaceholderIsReportedWhenShown() async throws {
        let missing = ImageDescriptor(NamedImage("no-such-failure", in: bundle), accessibilityIdentifier: "gone")
        let loader = FixtureLoader([url: .httpStatus(404).delayed(by: .seconds(1))])
        let surface = try ImageSurface(size: Size(width: 8, height: 8))
        let task = try #require(surface.apply(ImageDescriptor(url), placeholders: .plain.failure(missing), using: loader))
        #expect(surface.resourceErrors.isEmpty)
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        _ = await task.value
        #expect(surface.accessibilityIdentifier == "gone")
        #expect(
            surface.resourceErrors.map(\.description) == [
                "no image named 'no-such-failure' (no-such-failure.svg, no-such-failure.png, no-such-failure@2x.png or no-such-failure@3x.png) in \(bundle.directory.path)"
            ])
        surface.apply(ImageDescriptor(TestImages.solid(2, 2)))
        #expect(surface.resourceErrors.isEmpty)
    }

    @Test func aTaskLocalEnvironmentOverridesTheProcessOneForThatTaskOnly() async throws {
        let loader = FixtureLoader([url: .pending])
        let local = ImageEnvironment(
            placeholders: .init(
                loading: ImageDescriptor(TestImages.solid(1, 1), accessibilityIdentifier: "task-loading"),
                failure: ImageDescriptor(TestImages.solid(1, 1), accessibilityIdentifier: "task-failure")),
            loader: loader)
        let surface = try ImageSurface(size: Size(width: 8, height: 8))
        ImageEnvironment.$override.withValue(local) {
            surface.apply(ImageDescriptor(url))
        }
        #expect(surface.accessibilityIdentifier == "task-loading")
        await loader.clock.waitForSleepers(1)
        #expect(loader.requests.map(\.url) == [url])
        let outside = try ImageSurface(size: Size(width: 8, height: 8))
        #expect(ImageEnvironment.current.loader == nil)
        outside.apply(ImageDescriptor(URL(string: "data:,")!), using: FixtureLoader([URL(string: "data:,")!: .pending]))
        #expect(outside.accessibilityIdentifier == "loadingImage")
    }
}
