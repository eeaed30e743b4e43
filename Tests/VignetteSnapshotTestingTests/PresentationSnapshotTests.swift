import Foundation
import SnapshotTesting
import Testing
import VignetteSnapshotTesting
import VignetteTestSupport

@testable import VignetteCatalog
@testable import VignetteCore

/// The catalog's presentation page pinned as PNG references under
/// `Snapshots/PresentationSnapshotTests/`: focus, shape, border, overlays,
/// effects, backdrop and sizing alone, then combined (a circle avatar with a
/// border and a badge, a product card with a focal point and a sale ribbon,
/// a blurred-fill letterbox). Rendered at 1x to keep the references small.
@Suite(.timeLimit(.minutes(30))) struct PresentationSnapshotTests {
    static let entries: [CatalogEntry] = (try? Catalog.entries().filter { $0.page == .presentation }) ?? []

    @Test func thereIsAnEntryForEveryProperty() {
        #expect(Self.entries.count >= 20)
    }

    @Test(arguments: Self.entries.map(\.identifier))
    func presentation(identifier: String) async throws {
        let entry = try #require(Self.entries.first { $0.identifier == identifier })
        let surface = try ImageSurface(size: entry.size, scale: 1)
        surface.apply(entry.descriptor)
        let name = identifier.replacingOccurrences(of: "presentation-", with: "").replacingOccurrences(of: "@2x", with: "")
        await assertImageSnapshot(of: surface, as: .image, named: name)
    }
}
