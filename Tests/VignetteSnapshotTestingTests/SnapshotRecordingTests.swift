import Foundation
import SnapshotTesting
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// Record semantics, messages and artifacts, in a throwaway package folder.
@Suite struct SnapshotRecordingTests {
    struct Sandbox {
        let root: URL
        let testFile: String
        let artifacts: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-snap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/Fake"), withIntermediateDirectories: true)
            try Data("// swift-tools-version: 6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
            testFile = root.appendingPathComponent("Tests/Fake/FakeTests.swift").path
            artifacts = root.appendingPathComponent("artifacts")
        }

        func reference(_ name: String) -> URL { root.appendingPathComponent("Snapshots/FakeTests/\(name).png") }

        func verify(
            _ bitmap: Bitmap, as strategy: Snapshotting<Bitmap, Bitmap> = .image, named name: String? = "tile",
            record: SnapshotTestingConfiguration.Record? = nil, env: [String: String] = [:]
        ) -> String? {
            var environment = env
            environment["SNAPSHOT_ARTIFACTS"] = artifacts.path
            return verifyImageSnapshot(
                of: bitmap, as: strategy, named: name, record: record, filePath: testFile,
                testName: "tile()", environment: environment)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test func missingReferenceIsRecordedLocallyThenPasses() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(16, 9)
        let first = try #require(box.verify(image))
        #expect(first.contains("no reference at \(box.reference("tile.tile").path)") && first.contains("recorded"))
        #expect(try PNGCodec.decode(Data(contentsOf: box.reference("tile.tile"))) == image)
        #expect(box.verify(image) == nil)
    }

    @Test func ciNeverRecords() throws {
        let box = try Sandbox()
        defer { box.remove() }
        for record in [nil, SnapshotTestingConfiguration.Record.all, .missing] {
            let message = try #require(
                box.verify(
                    TestImages.gradient(4, 4), record: record,
                    env: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]))
            #expect(message.hasPrefix("no reference at \(box.reference("tile.tile").path)"))
        }
        #expect(!FileManager.default.fileExists(atPath: box.reference("tile.tile").path))
    }

    @Test func recordAllLeavesAnUnchangedReferenceUntouched() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(16, 9)
        _ = box.verify(image)
        let url = box.reference("tile.tile")
        // Dated in the past, so any rewrite shows, however coarse the file system's clock.
        let before = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: url.path)
        let bytes = try Data(contentsOf: url)
        let message = try #require(box.verify(image, env: ["SNAPSHOT_TESTING_RECORD": "all"]))
        #expect(message.contains("record mode is on") && message.contains("(unchanged)"))
        #expect(try Data(contentsOf: url) == bytes)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == before)
    }

    @Test func mismatchReportsFiguresAndWritesArtifacts() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(40, 30)
        _ = box.verify(image)
        var changed = image
        changed.fill(PixelRect(minX: 5, minY: 6, maxX: 9, maxY: 8), with: .black)
        let message = try #require(box.verify(changed, env: ["SNAPSHOT_TESTING_RECORD": "never"]))
        #expect(message.contains("8 of 1200 pixels differ"))
        #expect(message.contains("differences within (5,6)-(9,8)"))
        for suffix in ["actual", "reference", "diff", "side-by-side"] {
            let path = SnapshotArtifacts.path(of: suffix, named: "FakeTests/tile.tile", in: box.artifacts).path
            #expect(message.contains(path), "message lacks \(suffix)")
            #expect(FileManager.default.fileExists(atPath: path))
        }
        #expect(try PNGCodec.decode(Data(contentsOf: box.reference("tile.tile"))) == image)  // never re-recorded
    }

    @Test func recordFailedReplacesAMismatchedReference() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.gradient(8, 8))
        let next = TestImages.solid(8, 8)
        let message = try #require(box.verify(next, env: ["SNAPSHOT_TESTING_RECORD": "failed"]))
        #expect(message.contains("recorded"))
        #expect(box.verify(next) == nil)
    }

    @Test func tolerancesApply() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let photo = try TestImages.photo()
        _ = box.verify(photo)
        let noisy = TestImages.noisy(photo)
        #expect(box.verify(noisy, env: ["SNAPSHOT_TESTING_RECORD": "never"]) != nil)
        #expect(box.verify(noisy, as: .image(perceptualPrecision: 0.98), env: ["SNAPSHOT_TESTING_RECORD": "never"]) == nil)
    }

    @Test func corruptReferenceAndSizeChangesAreSaidPlainly() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.solid(4, 4))
        let sizes = try #require(box.verify(TestImages.solid(5, 4), env: ["SNAPSHOT_TESTING_RECORD": "never"]))
        #expect(sizes.contains("sizes differ: reference is 4x4 px, actual is 5x4 px"))
        try Data("garbage".utf8).write(to: box.reference("tile.tile"))
        let corrupt = try #require(box.verify(TestImages.solid(4, 4), env: ["SNAPSHOT_TESTING_RECORD": "never"]))
        #expect(corrupt.contains("is not a readable PNG"))
    }

    @Test func truncatedReferenceAndOtherEncodings() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let photo = try TestImages.photo()
        _ = box.verify(photo)
        let url = box.reference("tile.tile")
        let full = try Data(contentsOf: url)
        try full.prefix(full.count / 2).write(to: url)
        let message = try #require(box.verify(photo, env: ["SNAPSHOT_TESTING_RECORD": "never"]))
        #expect(message.contains("is not a readable PNG") && !message.contains("0x0"))
        // The same pixels in another encoding are not rewritten when re-recording.
        let other = try PNGCodec.encode(photo, options: .fastest)
        try other.write(to: url)
        _ = box.verify(photo, env: ["SNAPSHOT_TESTING_RECORD": "all"])
        #expect(try Data(contentsOf: url) == other)
        // An image that cannot be a PNG is never recorded as an empty file.
        let empty = try #require(box.verify(Bitmap(width: 0, height: 0), named: "empty"))
        #expect(empty.contains("could not encode") && !FileManager.default.fileExists(atPath: box.reference("tile.empty").path))
    }

    @Test func unnamedSnapshotsAreNumbered() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.solid(2, 2), named: nil)
        _ = box.verify(TestImages.solid(3, 3), named: nil)
        #expect(FileManager.default.fileExists(atPath: box.reference("tile.1").path))
        #expect(FileManager.default.fileExists(atPath: box.reference("tile.2").path))
    }

    @Test func folderResolvesToThePackageRoot() {
        let folder = SnapshotFolder.directory(forTestFile: #filePath)
        #expect(folder.path == Fixtures.repositoryRoot.appendingPathComponent("Snapshots/SnapshotRecordingTests").path)
        #expect(SnapshotFolder.sanitize("renders(mode:scale:)") == "renders")
        #expect(SnapshotFolder.sanitize("tinted icon @2x") == "tinted-icon--2x")
    }
}
