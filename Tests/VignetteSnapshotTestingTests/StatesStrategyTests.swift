import Foundation
import SnapshotTesting
import Testing
import VignetteCatalog
import VignetteCore
import VignetteSnapshotTesting
import VignetteTestSupport
import VignetteTesting

/// `.states` is a `Snapshotting` like any other: it pulls back to the
/// caller's own values, the entry points await it, a sheet that cannot be
/// made fails with the reason, and
/// swift-snapshot-testing's own `verifySnapshot` can run it too.
@Suite(.timeLimit(.minutes(30))) struct StatesStrategyTests {
    struct Product {
        var name: String
        var photo: URL
    }

    let url = URL(string: "https://shop.example/products/parrots.jpg")!
    let placeholders = ImageSurface.Placeholders(loading: DemoImages.loading, failure: DemoImages.failure)

    func fixtures() -> FixtureLoader {
        FixtureLoader([url: .image(Bitmap(width: 80, height: 60, fill: Color(red: 200, green: 90, blue: 40)))])
    }

    func states() -> DescriptorStates {
        DescriptorStates(sizes: [Size(width: 40, height: 30)], scales: [1, 2], loader: fixtures(), placeholders: placeholders)
    }

    /// A throwaway package whose `Snapshots/FakeTests/states.sheet.png` is `sheet`.
    func sandbox(holding sheet: Bitmap) throws -> (root: URL, testFile: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-strategy-\(UUID().uuidString)")
        let file = root.appendingPathComponent("Snapshots/FakeTests/states.sheet.png")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Fake"), withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try PNGCodec.encode(sheet).write(to: file)
        return (root, root.appendingPathComponent("Tests/Fake/FakeTests.swift").path)
    }

    @Test func pullsBackToTheCallersOwnValues() async throws {
        let sheet = try await states().sheet(of: DemoImages.productImage(url))
        let (root, testFile) = try sandbox(holding: sheet)
        defer { try? FileManager.default.removeItem(at: root) }
        let strategy: Snapshotting<Product, Bitmap> = Snapshotting.states(
            sizes: [Size(width: 40, height: 30)], scales: [1, 2], loader: fixtures(), placeholders: placeholders
        )
        .pullback { product in DemoImages.productImage(product.photo) }
        let parrots = Product(name: "Parrots", photo: url)
        #expect(await verifyImageSnapshot(of: parrots, as: strategy, named: "sheet", record: .never, filePath: testFile, testName: "states()") == nil)
        // Another presentation of the loading placeholder no longer matches.
        var buggy = states()
        buggy.placeholders = placeholders.loading(DemoImages.loading.contentMode(.aspectFill))
        let message = try #require(
            await verifyImageSnapshot(
                of: parrots, as: Snapshotting.states(buggy).pullback { DemoImages.productImage($0.photo) }, named: "sheet",
                record: .never, filePath: testFile, testName: "states()"))
        #expect(message.contains("Snapshot does not match the reference"))
    }

    @Test func aSheetThatCannotBeMadeFailsWithTheReason() async throws {
        let remote = DemoImages.productImage(url)
        let broken = Snapshotting.states(sizes: [Size(width: 40, height: 30)], loader: FixtureLoader([url: .httpStatus(500)]))
        // No package above the file: the run's bookkeeping goes to a folder of the test's own.
        let message = try #require(
            await SnapshotNumberingTests.withOwnArtifacts {
                await verifyImageSnapshot(of: remote, as: broken, record: .never, filePath: "/nowhere/FakeTests.swift", testName: "states()")
            })
        #expect(message.hasPrefix("could not render the states of \(url.absoluteString): the loader did not deliver"))
        #expect(message.contains("HTTP 500"))
        let empty = Snapshotting.states(sizes: [], loader: fixtures())
        let nothing = await SnapshotNumberingTests.withOwnArtifacts {
            await verifyImageSnapshot(of: remote, as: empty, record: .never, filePath: "/nowhere/FakeTests.swift", testName: "states()")
        }
        #expect(nothing == "could not render the states of \(url.absoluteString): \(DescriptorStates.Error.nothingToRender)")
    }

    /// Run by anyone else (swift-snapshot-testing's `assertSnapshot` calls
    /// `snapshot(_:).run` the same way), a sheet that cannot be made is
    /// recorded as an issue of the running test, and an empty image follows.
    @Test func elsewhereAFailedSheetIsRecordedAsAnIssue() async {
        let broken = Snapshotting.states(sizes: [Size(width: 40, height: 30)], loader: FixtureLoader([url: .httpStatus(500)]))
        let remote = DemoImages.productImage(url)
        await withKnownIssue {
            let image: Bitmap = await withCheckedContinuation { continuation in
                broken.snapshot(remote).run { continuation.resume(returning: $0) }
            }
            #expect(image.width == 0 && image.height == 0)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("could not render the states of \(url.absoluteString): ")
        }
    }

    /// swift-snapshot-testing waits for an asynchronous strategy by blocking
    /// its thread (within `timeout:`), so it runs on a thread of its own here,
    /// leaving the cooperative pool free to render the sheet.
    @Test func swiftSnapshotTestingsOwnVerifySnapshotRunsItToo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-upstream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = DemoImages.productImage(url)
        let states = states()
        @Sendable func verify() async -> String? {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(
                        returning: verifySnapshot(
                            of: remote, as: .states(states), named: "sheet", record: .missing, snapshotDirectory: folder.path,
                            timeout: 600, testName: "states()"))
                }
                .start()
            }
        }
        let first = try #require(await verify())
        #expect(first.contains("No reference was found on disk"))
        let recorded = try PNGCodec.decode(Data(contentsOf: folder.appendingPathComponent("states.sheet.png")))
        #expect(try await states.sheet(of: remote) == recorded)
        #expect(await verify() == nil)
    }
}
