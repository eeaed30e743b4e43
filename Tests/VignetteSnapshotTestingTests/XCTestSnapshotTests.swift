import SnapshotTesting
import VignetteCatalog
import VignetteCore
import VignetteSnapshotTesting
import VignetteTestSupport
import XCTest

/// The same strategy and helper under XCTest.
final class XCTestSnapshotTests: XCTestCase {
    func testFailurePlaceholder() async throws {
        let surface = try ImageSurface(size: Size(width: 32, height: 32), scale: 2)
        try surface.apply(DemoImages.failure)
        await assertImageSnapshot(of: surface, as: .image)
        await assertImageSnapshot(of: surface, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    }

    // Unnamed snapshots count from 1 in every test case: these two name
    // their snapshots alike, and whichever runs second still gets 1 and 2.
    func testNumberingRestartsForEachTestCase() async {
        let numbers = await SnapshotNumberingTests.twoUnnamedNumbers()
        XCTAssertEqual(numbers, ["1", "2"])
    }

    func testNumberingRestartsForTheNextTestCaseToo() async {
        let numbers = await SnapshotNumberingTests.twoUnnamedNumbers()
        XCTAssertEqual(numbers, ["1", "2"])
    }
}
