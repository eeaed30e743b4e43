import Foundation
import SnapshotTesting
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// `ignoring:` and `antiAliasing:` through the snapshot strategies.
@Suite struct SnapshotMaskTests {
    typealias Sandbox = SnapshotRecordingTests.Sandbox
    static let never = ["SNAPSHOT_TESTING_RECORD": "never"]

    /// A 30×20 pt @2x surface showing `bitmap` scaled to fill it.
    static func surface(_ bitmap: Bitmap) throws -> ImageSurface {
        let surface = try ImageSurface(size: Size(width: 30, height: 20), scale: 2)
        surface.apply(ImageDescriptor(bitmap, contentMode: .scaleToFill))
        return surface
    }

    static func verify(
        _ surface: ImageSurface, as strategy: Snapshotting<ImageSurface, Bitmap>, in box: Sandbox,
        env: [String: String] = [:]
    ) -> String? {
        var environment = env
        environment["SNAPSHOT_ARTIFACTS"] = box.artifacts.path
        return verifyImageSnapshot(
            of: surface, as: strategy, named: "tile", record: nil, filePath: box.testFile,
            testName: "tile()", environment: environment)
    }

    @Test func ignoringARegionInPointsPassesWhereTheSnapshotOtherwiseFails() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let base = TestImages.gradient(60, 40)
        _ = Self.verify(try Self.surface(base), as: .image, in: box)
        // A "clock" that changes on every run: 12×4 px in the top-right corner = 6×2 pt.
        var ticked = base
        ticked.fill(PixelRect(minX: 48, minY: 0, maxX: 60, maxY: 4), with: .black)
        let surface = try Self.surface(ticked)
        let failure = try #require(Self.verify(surface, as: .image, in: box, env: Self.never))
        #expect(failure.contains("48 of 2400 pixels differ"))
        let clock = ImageComparison.IgnoredRegion.rect(Rect(x: 24, y: 0, width: 6, height: 2))
        #expect(Self.verify(surface, as: .image(ignoring: [clock]), in: box, env: Self.never) == nil)
        // The same through the Bitmap strategy and a mask bitmap.
        var mask = Bitmap(width: 60, height: 40)
        mask.fill(PixelRect(minX: 48, minY: 0, maxX: 60, maxY: 4), with: .black)
        #expect(
            box.verify(
                surface.render(), as: .image(ignoring: [.mask(mask)]), named: "tile",
                env: Self.never) == nil)
        // A mask of the wrong size fails with the reason, never passes silently.
        let wrong = try #require(
            Self.verify(
                surface, as: .image(ignoring: [.mask(Bitmap(width: 30, height: 20))]),
                in: box, env: Self.never))
        #expect(wrong.contains("the ignoring mask is 30x20 px but the images are 60x40 px"))
    }

    @Test func antiAliasingModeThroughTheStrategy() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.disc(centerX: 20, centerY: 20))
        let shifted = TestImages.disc(centerX: 20.3, centerY: 19.8)
        let strict = try #require(box.verify(shifted, as: .image(perceptualPrecision: 0.98), env: Self.never))
        #expect(strict.contains("ΔE: CIE94 on 8-bit sRGB") && !strict.contains("look like anti-aliasing"))
        let reported = try #require(
            box.verify(
                shifted, as: .image(perceptualPrecision: 0.98, antiAliasing: .reported),
                env: Self.never))
        #expect(reported.contains("look like anti-aliasing"))
        #expect(box.verify(shifted, as: .image(perceptualPrecision: 0.98, antiAliasing: .forgiven), env: Self.never) == nil)
    }

    /// The call forms that existed before `ignoring:` still compile and mean the same.
    @Test func earlierCallFormsStillWork() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let photo = try TestImages.photo()
        _ = box.verify(photo)
        let noisy = TestImages.noisy(photo)
        let strategies: [Snapshotting<Bitmap, Bitmap>] = [
            .image, .image(perceptualPrecision: 0.98),
            .image(precision: 1, perceptualPrecision: 0.98)
        ]
        #expect(strategies.map { box.verify(noisy, as: $0, env: Self.never) == nil } == [false, true, true])
        let surfaceStrategies: [Snapshotting<ImageSurface, Bitmap>] = [.image, .image(precision: 0.9)]
        #expect(surfaceStrategies.count == 2)
    }
}
