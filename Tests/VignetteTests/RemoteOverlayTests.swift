import Foundation
import Testing
import VignetteTestSupport
import VignetteTesting

@testable import Vignette

/// A remote descriptor's overlays are resolved once, when it is applied, at
/// the surface's scale — on a memory hit and for a load alike — and one that
/// cannot be resolved is left out.
@Suite(.timeLimit(.minutes(30))) struct RemoteOverlayTests {
    static let url = URL(string: "https://example.test/p/overlay.png")!
    static let photo = TestImages.gradient(40, 30)

    /// A reference that records each scale it is resolved at.
    struct CountingReference: LocalImageReference {
        let scales = Locked<[Double]>([])
        func bitmap(forScale scale: Double) throws(ImageResourceError) -> Bitmap {
            scales.withLock { $0.append(scale) }
            return Bitmap(width: 4, height: 4, fill: .white)
        }
    }

    static func remote(_ reference: CountingReference) -> ImageDescriptor<URL> {
        // In a folder that does not exist: no file left in the temporary folder can answer to the name.
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-none-\(UUID().uuidString)")
        let missing = NamedImage("no-such-badge", in: ImageBundle(directory: nowhere))
        return ImageDescriptor(url, contentMode: .aspectFill)
            .overlays([ImageOverlay(ImageDescriptor(reference).erased), ImageOverlay(ImageDescriptor(missing).erased)])
    }

    static func expectResolved(_ surface: ImageSurface, sourceLocation: SourceLocation = #_sourceLocation) {
        let overlays = surface.descriptor?.overlays ?? []
        #expect(overlays.count == 1 && overlays.allSatisfy { $0.descriptor.reference.base is Bitmap }, sourceLocation: sourceLocation)
    }

    @Test func aMemoryHitShowsResolvedOverlays() throws {
        let (loader, reference) = (FixtureLoader(), CountingReference())
        loader.cache(Self.photo, for: Self.url)
        let surface = try ImageSurface(size: Size(width: 20, height: 20), scale: 2)
        #expect(surface.apply(Self.remote(reference), using: loader) == nil)
        Self.expectResolved(surface)
        _ = surface.render()
        #expect(reference.scales.withLock { $0 } == [2])
    }

    @Test func aLoadedImageShowsOverlaysResolvedWhenApplied() async throws {
        let (loader, reference) = (FixtureLoader([Self.url: .image(Self.photo).delayed(by: .seconds(1))]), CountingReference())
        let surface = try ImageSurface(size: Size(width: 20, height: 20), scale: 3)
        let task = try #require(surface.apply(Self.remote(reference), using: loader))
        await loader.clock.waitForSleepers(1)
        loader.clock.advance(by: .seconds(1))
        guard case .loaded = await task.value else {
            Issue.record("not loaded")
            return
        }
        Self.expectResolved(surface)
        _ = surface.render()
        #expect(reference.scales.withLock { $0 } == [3])
    }
}
