import Foundation
import Testing
import VignetteSnapshotReview

/// What the last run leaves to review, and the writes that settle it.
@Suite struct SnapshotReviewTests {
    @Test func listsFailedNewRecordedAndObsolete() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let review = try folder.review()
        let kinds = review.entries.map { "\($0.kind.rawValue) \($0.path)" }
        #expect(kinds == ["changed Suite/changed.1.png", "new Suite/new.1.png", "recorded Suite/recorded.1.png", "obsolete Old/gone.1.png"])
        #expect(review.entry("Suite/changed.1.png")?.figures?.worstDeltaE == 7.5)
        #expect(review.entry("Suite/changed.1.png")?.hasDiff == true)
        #expect(review.entry("../escape.png") == nil)
    }

    @Test func anUnfinishedRunListsNoObsoleteReference() throws {
        let folder = try RunFolder(complete: false)
        defer { folder.remove() }
        let review = try folder.review()
        #expect(!review.entries.contains { $0.kind == .obsolete })
        #expect(review.obsoleteUndecided?.contains("did not finish") == true)
    }

    @Test func acceptWritesTheReferenceAndRejectLeavesIt() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let review = try folder.review()
        #expect(try review.reject("Suite/changed.1.png") == "left")
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        #expect(try review.accept("Suite/changed.1.png") == "accepted")
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("actual Suite/changed.1.png"))
        #expect(try review.accept("Suite/new.1.png") == "accepted")
        #expect(folder.reference("Suite/new.1.png") == RunFolder.png("actual Suite/new.1.png"))
        // No temporary file is left beside the references.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.snapshots.appendingPathComponent("Suite").path)
        #expect(left.sorted() == ["changed.1.png", "new.1.png", "passed.1.png", "recorded.1.png"])
    }

    @Test func rejectingARecordedReferenceDeletesItAcceptingAnObsoleteOneToo() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let review = try folder.review()
        #expect(try review.accept("Suite/recorded.1.png") == "kept")
        #expect(folder.reference("Suite/recorded.1.png") != nil)
        #expect(try review.reject("Suite/recorded.1.png") == "deleted")
        #expect(folder.reference("Suite/recorded.1.png") == nil)
        #expect(try review.reject("Old/gone.1.png") == "left")
        #expect(try review.accept("Old/gone.1.png") == "deleted")
        #expect(folder.reference("Old/gone.1.png") == nil)
    }

    @Test func refusesEveryWriteUnderCI() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let review = try folder.review(["CI": "true"])
        #expect(throws: SnapshotReview.Error.refusedOnCI) { try review.accept("Suite/changed.1.png") }
        #expect(throws: SnapshotReview.Error.refusedOnCI) { try review.reject("Suite/recorded.1.png") }
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        #expect(folder.reference("Suite/recorded.1.png") != nil)
        #expect(throws: SnapshotReview.Error.notUnderReview("Suite/passed.1.png")) { try review.accept("Suite/passed.1.png") }
    }

    @Test func noRunRecordedSaysSo() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let elsewhere = SnapshotFolders(snapshots: folder.snapshots.path, artifacts: folder.root.path, environment: [:])
        #expect(throws: SnapshotRunRecord.Failure.self) { try SnapshotReview(folders: elsewhere, environment: [:]) }
    }

    @Test func foldersComeFromOptionsThenEnvironmentThenDefaults() {
        let environment = ["VIGNETTE_SNAPSHOTS": "Refs", "SNAPSHOT_ARTIFACTS": "/tmp/run"]
        #expect(
            SnapshotFolders(snapshots: nil, artifacts: nil, environment: [:])
                == SnapshotFolders(snapshots: "Snapshots", artifacts: ".build/vignette-snapshots", environment: [:]))
        #expect(SnapshotFolders(snapshots: nil, artifacts: nil, environment: environment).snapshots == "Refs")
        #expect(SnapshotFolders(snapshots: "Mine", artifacts: nil, environment: environment).snapshots == "Mine")
        #expect(SnapshotFolders(snapshots: nil, artifacts: nil, environment: environment).artifacts == "/tmp/run")
    }
}
