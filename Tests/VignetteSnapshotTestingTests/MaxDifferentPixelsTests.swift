import Foundation
import SnapshotTesting
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// `maxDifferentPixels` on the strategies: alone it replaces the share;
/// with `precision` below 1 both must hold.
@Suite struct MaxDifferentPixelsTests {
    typealias Sandbox = SnapshotRecordingTests.Sandbox
    static let never = ["SNAPSHOT_TESTING_RECORD": "never"]

    /// A 40×30 gradient recorded, and the same with 8 pixels blackened.
    static func recorded(_ box: Sandbox) -> Bitmap {
        let image = TestImages.gradient(40, 30)
        _ = box.verify(image)
        var changed = image
        changed.fill(PixelRect(minX: 5, minY: 6, maxX: 9, maxY: 8), with: .black)
        return changed
    }

    @Test func aloneItReplacesTheShare() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let changed = Self.recorded(box)
        #expect(box.verify(changed, as: .image(maxDifferentPixels: 8), env: Self.never) == nil)
        let message = try #require(box.verify(changed, as: .image(maxDifferentPixels: 7), env: Self.never))
        #expect(message.contains("8 of 1200 pixels differ") && message.contains("allowed at most 7 failing pixels"))
    }

    @Test func withAShareBothMustHold() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let changed = Self.recorded(box)
        // 1% of 1200 is 12 pixels: the share allows 8, the absolute limit of 5 does not.
        #expect(box.verify(changed, as: .image(precision: 0.99), env: Self.never) == nil)
        #expect(box.verify(changed, as: .image(precision: 0.99, maxDifferentPixels: 5), env: Self.never) != nil)
        // 0.1% is 1.2 pixels: the absolute limit of 10 allows 8, the share does not.
        #expect(box.verify(changed, as: .image(precision: 0.999, maxDifferentPixels: 10), env: Self.never) != nil)
        #expect(box.verify(changed, as: .image(precision: 0.99, maxDifferentPixels: 8), env: Self.never) == nil)
    }

    @Test func surfacesStatesAndFramesTakeItToo() throws {
        let surface = Snapshotting<ImageSurface, Bitmap>.image(maxDifferentPixels: 4)
        let states = DescriptorStates(sizes: [], loader: FixtureLoader([:]), maxDifferentPixels: 4)
        #expect(states.maxDifferentPixels == 4)
        let box = try Sandbox()
        defer { box.remove() }
        let changed = Self.recorded(box)
        let viaSurface = Snapshotting<Bitmap, Bitmap>(pathExtension: "png", diffing: surface.diffing)
        #expect(box.verify(changed, as: viaSurface, env: Self.never) != nil)
        let frames = Snapshotting<AnimatedImage, Bitmap>.frames(maxDifferentPixels: 8)
        let viaFrames = Snapshotting<Bitmap, Bitmap>(pathExtension: "png", diffing: frames.diffing)
        #expect(box.verify(changed, as: viaFrames, env: Self.never) == nil)
    }

    @Test func theAssertionTakesItFromTheScope() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let changed = Self.recorded(box)
        withImageSnapshotDefaults(maxDifferentPixels: 8) {
            #expect(box.verify(changed, as: .image, env: Self.never) == nil)
        }
        #expect(box.verify(changed, as: .image, env: Self.never) != nil)
    }
}
