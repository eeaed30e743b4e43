import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

@testable import VignetteSnapshotTesting

/// Unnamed snapshots are numbered 1, 2, … within each test, and the
/// numbering restarts for every test, as swift-snapshot-testing's does:
/// two tests that snapshot under the same file and test name both count
/// from 1, whichever runs first (or beside the other). XCTest's side is in
/// `XCTestSnapshotTests`.
@Suite struct SnapshotNumberingTests {
    /// The numbers two unnamed snapshots of "shared()" get in the running test.
    /// No reference is written (`record: .never`, no package above the path).
    static func twoUnnamedNumbers() async -> [String] {
        await withOwnArtifacts {
            var numbers: [String] = []
            for _ in 0..<2 {
                let message =
                    await verifyImageSnapshot(
                        of: TestImages.solid(2, 2), as: .image, record: .never,
                        filePath: "/nowhere/Tests/Fake/SharedTests.swift", testName: "shared()") ?? ""
                numbers.append(message.firstMatch(of: /shared\.(\d+)\.png/).map { String($0.1) } ?? message)
            }
            return numbers
        }
    }

    /// `body` with the run's artifacts in a folder of its own, removed after: for a
    /// test file with no package above it they would go to `vignette-snapshots` in
    /// the temporary folder, a fixed name that an earlier run or another user may own.
    static func withOwnArtifacts<T>(_ body: () async -> T) async -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-artifacts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ProcessInfo.processInfo.environment.merging(["SNAPSHOT_ARTIFACTS": folder.path]) { $1 }
        return await SnapshotEnvironment.$override.withValue(environment) { await body() }
    }

    @Test func oneTestCountsFromOne() async {
        #expect(await Self.twoUnnamedNumbers() == ["1", "2"])
    }

    @Test func anotherTestCountsFromOneToo() async {
        #expect(await Self.twoUnnamedNumbers() == ["1", "2"])
    }
}
