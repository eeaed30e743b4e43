import Foundation
import Testing

@testable import VignetteCore

/// Overlays are local references resolved once at the canvas's scale: the
/// throwing renderer names an overlay it cannot resolve or that is too large,
/// a surface resolves at `apply` and leaves out what it cannot, and budgets
/// count the largest overlay render.
@Suite struct OverlayResolutionTests {
    /// A reference that counts how often, and at which scales, it is resolved.
    struct CountingReference: LocalImageReference {
        let scales = Locked<[Double]>([])
        func bitmap(forScale scale: Double) throws(ImageResourceError) -> Bitmap {
            scales.withLock { $0.append(scale) }
            return Bitmap(width: 8, height: 8, scale: 2, fill: OverlayTests.red)
        }
    }

    /// In a folder that does not exist: no file left in the temporary folder can answer to the name.
    static let missing = NamedImage(
        "no-such-badge", in: ImageBundle(directory: FileManager.default.temporaryDirectory.appendingPathComponent("vignette-none-\(UUID().uuidString)")))

    static func canvas(_ overlays: [ImageOverlay]) -> ImageDescriptor<Bitmap> {
        ImageDescriptor(Bitmap(width: 20, height: 20, fill: OverlayTests.blue)).overlays(overlays)
    }

    @Test func anUnresolvableOverlayThrowsWithItsIndex() throws {
        let badge = OverlayTests.overlay(Bitmap(width: 4, height: 4, fill: OverlayTests.red))
        let descriptor = Self.canvas([badge, ImageOverlay(ImageDescriptor(Self.missing).erased)])
        #expect {
            try ImageRenderer.render(descriptor, size: Size(width: 20, height: 20), scale: 1)
        } throws: { error in
            guard case .overlayUnavailable(1, .notFound(name: "no-such-badge", _)) = error as? ImageRenderer.Error else { return false }
            return "\(error)".contains("overlays[1]") && "\(error)".contains("no-such-badge")
        }
        // A surface leaves it out and draws the rest.
        let surface = try ImageSurface(size: Size(width: 20, height: 20))
        surface.apply(descriptor)
        #expect(surface.render() == (try ImageRenderer.render(Self.canvas([badge]), size: Size(width: 20, height: 20), scale: 1)))
    }

    @Test func anOverlayLargerThanASurfaceMayBeIsRefused() throws {
        let huge = OverlayTests.overlay(Bitmap(width: 1, height: 1), size: Size(width: 20_000, height: 20_000))
        #expect(throws: ImageRenderer.Error.overlayTooLarge(index: 0, size: Size(width: 20_000, height: 20_000), scale: 1)) {
            try ImageRenderer.render(Self.canvas([huge]), size: Size(width: 20, height: 20), scale: 1)
        }
        // The surface path draws what it can: nothing for it.
        let surface = try ImageSurface(size: Size(width: 20, height: 20))
        surface.apply(Self.canvas([huge]))
        #expect(surface.render() == (try ImageRenderer.render(Self.canvas([]), size: Size(width: 20, height: 20), scale: 1)))
    }

    @Test func anOverlaysOwnPresentationIsValidatedUnderItsName() throws {
        let bad = ImageOverlay(ImageDescriptor(Bitmap(width: 2, height: 2)).shape(.roundedRect(cornerRadius: -1)).erased)
        #expect(throws: ImageRenderer.Error.invalidPresentation(property: "overlays[0] shape", value: "rounded:-1", allowed: "a corner radius ≥ 0")) {
            try ImageRenderer.validatePresentation(Self.canvas([bad]))
        }
    }

    @Test func aSurfaceResolvesEachOverlayOnceAtItsScale() throws {
        let reference = CountingReference()
        let surface = try ImageSurface(size: Size(width: 10, height: 10), scale: 3)
        surface.apply(Self.canvas([ImageOverlay(ImageDescriptor(reference).erased, anchor: .topLeft)]))
        #expect(reference.scales.withLock { $0 } == [3], "resolved by apply")
        let first = surface.render()
        _ = try surface.render(within: .standard)
        #expect(reference.scales.withLock { $0 } == [3], "not again to render or to plan")
        // 8 px @2x = 4 pt = 12 px at 3x.
        #expect(OverlayTests.region(of: OverlayTests.red, in: first).bounds == PixelRect(minX: 0, minY: 0, maxX: 12, maxY: 12))
    }

    @Test func theBudgetCountsTheLargestOverlayRender() throws {
        let size = Size(width: 20, height: 20)
        let none = ImageRenderer.plannedBytes(Self.canvas([]), size: size, scale: 1)
        let small = OverlayTests.overlay(Bitmap(width: 10, height: 10, fill: OverlayTests.red))
        let large = OverlayTests.overlay(Bitmap(width: 10, height: 10, fill: OverlayTests.red), size: Size(width: 100, height: 50), tiled: true)
        let withLarge = ImageRenderer.plannedBytes(Self.canvas([large]), size: size, scale: 1)
        // The overlay's canvas (100×50×4) and its resampling of a 10×10 image to 100×50.
        #expect(withLarge >= none + 100 * 50 * 4)
        #expect(ImageRenderer.plannedBytes(Self.canvas([small, large, small]), size: size, scale: 1) == withLarge)
        let alone = ImageRenderer.plannedBytes(ImageDescriptor(Bitmap(width: 10, height: 10)), size: Size(width: 10, height: 10), scale: 1)
        #expect(alone >= 10 * 10 * 4 && ImageRenderer.plannedBytes(Self.canvas([small]), size: size, scale: 1) == none + alone)
        let budget = MemoryBudget(bytes: none + 1000)
        #expect(throws: ImageRenderer.Error.self) {
            try ImageRenderer.render(Self.canvas([large]), size: size, scale: 1, budget: budget)
        }
        _ = try ImageRenderer.render(Self.canvas([]), size: size, scale: 1, budget: budget)
    }
}
