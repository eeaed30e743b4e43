import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette snapshots accept|obsolete` on a run recorded as
/// VignetteSnapshotTesting records it (see `SnapshotRunTests` for that side).
@Suite struct SnapshotsCommandTests {
    /// A package folder: Snapshots/ with three references, and the last run's
    /// artifacts in .build/vignette-snapshots: Suite/a.1.png failed, Suite/b.1.png
    /// passed, Old/gone.1.png was not asserted.
    struct Package {
        let root: URL
        var snapshots: URL { root.appendingPathComponent("Snapshots") }
        var artifacts: URL { root.appendingPathComponent(".build/vignette-snapshots") }
        var meta: URL { artifacts.appendingPathComponent(".vignette-run") }
        static let reference = TestImages.solid(8, 8)
        static let changed = TestImages.gradient(8, 8)

        init(process: String = #"{"pid":10,"library":"swift-testing","arguments":["tests"],"filtered":false,"complete":true}"#) throws {
            root = try RenderCommandTests.temporaryFolder()
            try write(Self.reference, snapshots, "Suite/a.1.png")
            try write(Self.reference, snapshots, "Suite/b.1.png")
            try write(Self.reference, snapshots, "Old/gone.1.png")
            try Data("# references\n".utf8).write(to: snapshots.appendingPathComponent("README.md"))
            try write(Self.changed, artifacts, "Suite/a.1.png")
            try write(Self.reference, artifacts, "Suite/b.1.png")
            try FileManager.default.createDirectory(at: meta, withIntermediateDirectories: true)
            try Data("Suite/a.1.png\nSuite/b.1.png\n".utf8).write(to: meta.appendingPathComponent("asserted-10.txt"))
            try Data("Suite/a.1.png\n../../outside.png\n/etc/x.png\n".utf8).write(to: meta.appendingPathComponent("failed-10.txt"))
            try Data(process.utf8).write(to: meta.appendingPathComponent("process-10.json"))
            try Data("swift-testing\n".utf8).write(to: meta.appendingPathComponent("libraries"))
        }

        func write(_ bitmap: Bitmap, _ folder: URL, _ name: String) throws {
            try CompareFolderTests.write(bitmap, folder, name)
        }

        func image(_ name: String) throws -> Bitmap { try PNGCodec.decode(Data(contentsOf: snapshots.appendingPathComponent(name))) }

        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RenderCommandTests.Result {
            var base = ProcessInfo.processInfo.environment
            for name in ["CI", "SNAPSHOT_ARTIFACTS", "VIGNETTE_SNAPSHOTS"] { base[name] = nil }
            return try RenderCommandTests.run(
                ["snapshots"] + arguments, in: root, environment: base.merging(environment) { $1 })
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func acceptAllCopiesTheFailingActualsOnly() throws {
        let package = try Package()
        defer { package.remove() }
        let run = try package.run(["accept", "--all"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "accepted Suite/a.1.png\n")
        #expect(try package.image("Suite/a.1.png") == Package.changed)
        #expect(try package.image("Suite/b.1.png") == Package.reference)
        #expect(!FileManager.default.fileExists(atPath: package.root.deletingLastPathComponent().appendingPathComponent("outside.png").path))
    }

    @Test func acceptByNameOrGlob() throws {
        let package = try Package()
        defer { package.remove() }
        for name in ["Suite/a.1.png", "Snapshots/Suite/a.1.png", "Suite/*", "*a.1*"] {
            let run = try package.run(["accept", name])
            #expect(run.status == 0 && run.stdout.contains("accepted Suite/a.1.png"), "\(name): \(run.stderr)")
        }
        let passed = try package.run(["accept", "Suite/b.1.png"])
        #expect(passed.status == 1 && passed.stdout.contains("nothing matched"))
        #expect(passed.stderr.contains("Suite/b.1.png: no failing snapshot of the last run matches"))
    }

    @Test func acceptUsageAndCI() throws {
        let package = try Package()
        defer { package.remove() }
        #expect(try package.run(["accept"]).status == 64)
        #expect(try package.run(["accept", "--all", "Suite/a.1.png"]).status == 64)
        let ci = try package.run(["accept", "--all"], environment: ["CI": "true"])
        #expect(ci.status == 2 && ci.stderr.contains("CI=true"))
        #expect(try package.image("Suite/a.1.png") == Package.reference)
        let nowhere = try package.run(["accept", "--all", "--artifacts", "missing"])
        #expect(nowhere.status == 2 && nowhere.stderr.contains("no test run recorded here"))
    }

    @Test func obsoleteListsThenDeletesWhatNoTestAsserted() throws {
        let package = try Package()
        defer { package.remove() }
        let listed = try package.run(["obsolete"])
        #expect(listed.status == 1, "\(listed.stderr)")
        #expect(listed.stdout.contains("obsolete Old/gone.1.png\n") && !listed.stdout.contains("Suite/"))
        #expect(listed.stdout.contains("1 of 3 references obsolete (2 asserted in the last run)"))
        let deleted = try package.run(["obsolete", "--delete"])
        #expect(deleted.status == 0 && deleted.stdout.contains("deleted Old/gone.1.png"))
        #expect(!FileManager.default.fileExists(atPath: package.snapshots.appendingPathComponent("Old/gone.1.png").path))
        #expect(try package.run(["obsolete"]).status == 0)
    }

    @Test func anUnfinishedOrFilteredRunMakesNothingObsolete() throws {
        let cases = [
            (#"{"pid":10,"library":"swift-testing","arguments":["tests"],"filtered":false,"complete":false}"#, "did not finish"),
            (
                #"{"pid":10,"library":"swift-testing","arguments":["tests","--filter","Tile"],"filtered":true,"complete":true}"#,
                "ran only some tests (arguments: --filter Tile)"
            )
        ]
        for (process, reason) in cases {
            let package = try Package(process: process)
            defer { package.remove() }
            let run = try package.run(["obsolete", "--delete"])
            #expect(run.status == 2 && run.stderr.contains(reason), "\(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: package.snapshots.appendingPathComponent("Old/gone.1.png").path))
        }
        // A library seen before that did not run this time: its process may have crashed before asserting.
        let package = try Package()
        defer { package.remove() }
        try Data("xctest\nswift-testing\n".utf8).write(to: package.meta.appendingPathComponent("libraries"))
        let run = try package.run(["obsolete"])
        #expect(run.status == 2 && run.stderr.contains("no xctest process asserted snapshots in the last run"))
    }

    @Test func otherFoldersByOptionOrEnvironment() throws {
        let package = try Package()
        defer { package.remove() }
        let elsewhere = package.root.appendingPathComponent("ci-artifacts")
        try FileManager.default.moveItem(at: package.artifacts, to: elsewhere)
        let references = package.root.appendingPathComponent("refs")
        try FileManager.default.moveItem(at: package.snapshots, to: references)
        let byOption = try package.run(["obsolete", "--snapshots", references.path, "--artifacts", elsewhere.path])
        #expect(byOption.status == 1 && byOption.stdout.contains("obsolete Old/gone.1.png"), "\(byOption.stderr)")
        let byEnvironment = try package.run(
            ["accept", "refs/Suite/a.1.png"], environment: ["SNAPSHOT_ARTIFACTS": elsewhere.path, "VIGNETTE_SNAPSHOTS": "refs"])
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")
        #expect(try PNGCodec.decode(Data(contentsOf: references.appendingPathComponent("Suite/a.1.png"))) == Package.changed)
    }

    /// The artifacts pair with the references by path: one report for the run.
    @Test func compareReviewsTheWholeRun() throws {
        let package = try Package()
        defer { package.remove() }
        let run = try RenderCommandTests.run(
            ["compare", "Snapshots", ".build/vignette-snapshots", "--report", "report"], in: package.root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("changed    Suite/a.1.png") && run.stdout.contains("removed    Old/gone.1.png"))
        #expect(run.stdout.contains("3 files: 1 changed, 0 added, 1 removed, 0 unreadable, 1 unchanged"))
        #expect(FileManager.default.fileExists(atPath: package.root.appendingPathComponent("report/index.html").path))
    }
}
