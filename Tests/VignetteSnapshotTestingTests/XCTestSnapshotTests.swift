import SnapshotTesting
import VignetteCatalog
import VignetteCore
import VignetteSnapshotTesting
import XCTest

/// The same strategy and helper under XCTest.
final class XCTestSnapshotTests: XCTestCase {
    func testFailurePlaceholder() throws {
        let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: 2)
        surface.apply(DemoImages.failure)
        assertImageSnapshot(of: surface, as: .image)
        assertImageSnapshot(of: surface, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    }
}
