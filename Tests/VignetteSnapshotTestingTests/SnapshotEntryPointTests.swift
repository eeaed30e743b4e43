import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

@testable import VignetteSnapshotTesting

/// `assertImageSnapshot`, called with each of its arguments: every
/// reference lands in the same `Snapshots/<TestSuite>/` folder, a missing
/// one is recorded locally and never under `CI=true`.
/// (swift-snapshot-testing's `assertSnapshot` has another name, so no
/// argument can switch a call over to its folder and rules.)
@Suite struct SnapshotEntryPointTests {
    /// What each call of `callEach` names, relative to the snapshot root.
    static let paths = [
        "SnapshotEntryPointTests/callEach.1.png",  // no argument
        "SnapshotEntryPointTests/callEach.named-one.png",  // named:
        "SnapshotEntryPointTests/callEach.2.png",  // record: .all
        "SnapshotEntryPointTests/callEach.3.png",  // fileID:, line:, column:
        "ProductTests/callEach.1.png",  // file:
        "SnapshotEntryPointTests/custom-name.1.png"  // testName:
    ]

    static func callEach(_ image: Bitmap) async {
        await assertImageSnapshot(of: image, as: .image)
        await assertImageSnapshot(of: image, as: .image, named: "named one")
        await assertImageSnapshot(of: image, as: .image, record: .all)
        await assertImageSnapshot(of: image, as: .image, fileID: "Elsewhere/Place.swift", line: 4242, column: 7)
        await assertImageSnapshot(of: image, as: .image, file: "/nowhere/Tests/AppTests/ProductTests.swift")
        await assertImageSnapshot(of: image, as: .image, testName: "custom name()")
    }

    /// The messages of the issues `body` records (expected: they do not fail this test).
    static func issues(_ environment: [String: String], _ body: () async -> Void) async -> [(message: String, line: Int?)] {
        let seen = Locked<[(message: String, line: Int?)]>([])
        // The run's artifacts go to a folder of their own, not the package's (which `vignette snapshots` reads).
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-entry-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let environment = environment.merging(["SNAPSHOT_ARTIFACTS": artifacts.path]) { old, _ in old }
        await withKnownIssue(isIntermittent: true) {
            await SnapshotEnvironment.$override.withValue(environment) { await body() }
        } matching: { issue in
            seen.withLock { $0.append((issue.comments.map(\.rawValue).joined(), issue.sourceLocation?.line)) }
            return true
        }
        return seen.withLock { $0 }
    }

    static func files(under root: URL) -> [String] {
        let found = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test func everyArgumentRecordsAMissingReferenceInTheSameFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-entry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let image = TestImages.gradient(6, 4)
        let local = ["VIGNETTE_SNAPSHOTS": root.path]
        let found = await Self.issues(local) { await Self.callEach(image) }
        let paths = Self.paths
        #expect(found.count == paths.count)
        for (issue, path) in zip(found, paths) {
            let file = root.appendingPathComponent(path).path
            #expect(issue.message.hasPrefix("no reference at \(file); recorded \(file)."), "\(issue.message)")
            #expect(try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: file))) == image)
        }
        #expect(Self.files(under: root) == paths.sorted())
        #expect(found[3].line == 4242)
        // Recorded: the same calls now pass.
        let again = await Self.issues(local) {
            await assertImageSnapshot(of: image, as: .image, named: "named one", testName: "callEach()")
        }
        #expect(again.isEmpty)
    }

    @Test func noArgumentRecordsUnderCI() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-entry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let image = TestImages.gradient(6, 4)
        let ci = ["VIGNETTE_SNAPSHOTS": root.path, "CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]
        let found = await Self.issues(ci) { await Self.callEach(image) }
        let paths = Self.paths
        #expect(found.count == paths.count)
        for (issue, path) in zip(found, paths) {
            let file = root.appendingPathComponent(path).path
            #expect(issue.message == "no reference at \(file) (CI=true: references are never recorded on CI; record locally and commit it)")
        }
        #expect(Self.files(under: root).isEmpty)
    }
}
