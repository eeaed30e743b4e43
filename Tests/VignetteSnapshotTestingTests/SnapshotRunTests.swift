import Foundation
import SnapshotTesting
import Testing
import VignetteSnapshotReview
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// The run's record in the artifacts folder: every actual at its
/// reference's path, the manifest, the failures, and what each process says.
@Suite struct SnapshotRunTests {
    typealias Sandbox = SnapshotRecordingTests.Sandbox
    static let never = ["SNAPSHOT_TESTING_RECORD": "never"]

    static func lines(_ file: String, in box: Sandbox) -> [String] {
        let meta = SnapshotRun.metadata(box.artifacts)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: meta.path)) ?? []
        return names.filter { $0.hasPrefix(file + "-") }.flatMap { name in
            ((try? String(contentsOf: meta.appendingPathComponent(name), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    @Test func everyActualMirrorsItsReferenceAndTheManifestListsIt() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(12, 8)
        _ = box.verify(image, named: "passes")
        #expect(box.verify(image, named: "passes") == nil)
        _ = box.verify(image, named: "fails")
        #expect(box.verify(TestImages.solid(12, 8), named: "fails", env: Self.never) != nil)
        #expect(box.verify(image, named: "missing", env: Self.never) != nil)
        for name in ["passes", "fails", "missing"] {
            let actual = box.artifacts.appendingPathComponent("FakeTests/tile.\(name).png")
            #expect(FileManager.default.fileExists(atPath: actual.path), "no actual for \(name)")
        }
        #expect(try PNGCodec.decode(Data(contentsOf: box.artifacts.appendingPathComponent("FakeTests/tile.fails.png"))) == TestImages.solid(12, 8))
        #expect(Set(Self.lines("asserted", in: box)) == ["FakeTests/tile.passes.png", "FakeTests/tile.fails.png", "FakeTests/tile.missing.png"])
        // Recorded references are no failures; a mismatch and a reference missing under `never` are.
        #expect(Set(Self.lines("failed", in: box)) == ["FakeTests/tile.fails.png", "FakeTests/tile.missing.png"])
        let record = SnapshotRun.metadata(box.artifacts).appendingPathComponent("process-\(getpid()).json")
        let process = try JSONDecoder().decode(SnapshotRun.Process.self, from: Data(contentsOf: record))
        #expect(process.library == "swift-testing" && !process.complete)
    }

    @Test func recordedReferencesAndTheFiguresOfAFailureAreKeptForTheReview() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.gradient(12, 8), named: "fresh")
        #expect(Self.lines("recorded", in: box) == ["FakeTests/tile.fresh.png"])
        // Asserting against it now records nothing more; a mismatch leaves its figures beside its images.
        #expect(box.verify(TestImages.solid(12, 8), named: "fresh", env: Self.never) != nil)
        #expect(Self.lines("recorded", in: box) == ["FakeTests/tile.fresh.png"])
        let file = SnapshotRunFormat.failureFile("json", of: "FakeTests/tile.fresh.png", in: box.artifacts)
        let figures = try #require(SnapshotFigures.read(file))
        #expect(figures.referenceWidth == 12 && figures.actualHeight == 8 && figures.failingPixels > 0)
        #expect(figures.worstDeltaE > 0 && figures.p99DeltaE != nil && figures.bounds != nil)
        let review = try SnapshotReview(
            folders: SnapshotFolders(snapshots: box.root.appendingPathComponent("Snapshots").path, artifacts: box.artifacts.path, environment: [:]),
            environment: [:])
        #expect(review.entry("FakeTests/tile.fresh.png")?.kind == .changed && review.entry("FakeTests/tile.fresh.png")?.hasDiff == true)
    }

    @Test func aNewRunRemovesWhatThePreviousRunWroteAndNothingElse() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let meta = SnapshotRun.metadata(box.artifacts)
        try FileManager.default.createDirectory(at: meta.appendingPathComponent("images/Old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: box.artifacts.appendingPathComponent("Old"), withIntermediateDirectories: true)
        try Data("named an earlier run".utf8).write(to: meta.appendingPathComponent("run-id"))
        try Data("Old/x.png\n../escape.png\n".utf8).write(to: meta.appendingPathComponent("asserted-1.txt"))
        try Data("Old/x.png\n".utf8).write(to: meta.appendingPathComponent("failed-1.txt"))
        try Data("xctest\n".utf8).write(to: meta.appendingPathComponent("libraries"))
        try Data().write(to: box.artifacts.appendingPathComponent("Old/x.png"))
        try Data().write(to: box.artifacts.appendingPathComponent("notes.txt"))
        try Data().write(to: box.root.appendingPathComponent("escape.png"))
        _ = box.verify(TestImages.solid(2, 2))
        #expect(!FileManager.default.fileExists(atPath: box.artifacts.appendingPathComponent("Old").path))
        #expect(!FileManager.default.fileExists(atPath: meta.appendingPathComponent("images/Old").path))
        #expect(!FileManager.default.fileExists(atPath: meta.appendingPathComponent("failed-1.txt").path))
        #expect(FileManager.default.fileExists(atPath: box.artifacts.appendingPathComponent("notes.txt").path))
        #expect(FileManager.default.fileExists(atPath: box.root.appendingPathComponent("escape.png").path))
        // The libraries seen are kept across runs.
        #expect(try String(contentsOf: meta.appendingPathComponent("libraries"), encoding: .utf8) == "xctest\nswift-testing\n")
        #expect(Self.lines("asserted", in: box) == ["FakeTests/tile.tile.png"])
    }

    @Test func filteredRunsAreRecognised() {
        // Swift Testing receives `swift test`'s own arguments: only its selecting options count.
        let unfiltered: [[String]] = [
            ["tests"], ["tests", "--skip-build", "--testing-library", "swift-testing"],
            ["tests", "-c", "release", "--testing-library", "swift-testing", "--attachments-path", "/tmp/a", "--parallel"]
        ]
        for arguments in unfiltered {
            #expect(!SnapshotRun.isFiltered(arguments, environment: [:], library: "swift-testing"), "\(arguments)")
        }
        let filtered: [[String]] = [
            ["tests", "--testing-library", "swift-testing", "--filter", "Tile"], ["tests", "--skip=Tile"],
            ["tests", "--experimental-configuration-path", "/tmp/plan.json"]
        ]
        for arguments in filtered {
            #expect(SnapshotRun.isFiltered(arguments, environment: [:], library: "swift-testing"), "\(arguments)")
        }
        // XCTest receives the selected tests as arguments (a filter, or one test per `--parallel` worker).
        #expect(SnapshotRun.isFiltered(["tests", "VignetteSnapshotTestingTests.XCTestSnapshotTests/testTile"], environment: [:], library: "xctest"))
        #expect(!SnapshotRun.isFiltered(["tests"], environment: [:], library: "xctest"))
        #expect(SnapshotRun.isFiltered(["tests"], environment: ["XCTestConfigurationFilePath": "/x"], library: "xctest"))
    }

    @Test func theRunIsTheParentProcessUnlessNamed() {
        #expect(SnapshotRun.runIdentity(["VIGNETTE_SNAPSHOT_RUN": "nightly-42"]) == "named nightly-42")
        let identity = SnapshotRun.runIdentity([:])
        #expect(identity.hasPrefix("parent \(getppid())"))
        #expect(SnapshotRun.runIdentity([:]) == identity)
    }

    @Test func onlyPlainRelativePNGPathsAreTrusted() {
        #expect(SnapshotRun.isSafeRelativePath("Suite/test.1.png"))
        for path in ["/etc/x.png", "../x.png", "a/../../x.png", "a//x.png", "Suite/.hidden.png", "Suite/x.txt"] {
            #expect(!SnapshotRun.isSafeRelativePath(path), "\(path)")
        }
    }
}
