import Foundation
import SnapshotTesting
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

/// A failing snapshot attaches reference, actual, diff and side by side to
/// the running test, besides writing them to the artifact folder.
@Suite struct SnapshotAttachmentTests {
    typealias Sandbox = SnapshotRecordingTests.Sandbox

    /// Runs `body` and returns what it attached (the real recording happens too).
    static func attachments(_ body: () -> Void) -> [SnapshotAttachments.Recorded] {
        let seen = Locked<[SnapshotAttachments.Recorded]>([])
        SnapshotAttachments.$observer.withValue({ file in seen.withLock { $0.append(file) } }, operation: body)
        return seen.withLock { $0 }
    }

    @Test func aFailingSnapshotAttachesItsFourImages() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(40, 30)
        _ = box.verify(image)
        var changed = image
        changed.fill(PixelRect(minX: 5, minY: 6, maxX: 9, maxY: 8), with: .black)
        var message: String?
        let files = Self.attachments { message = box.verify(changed, env: ["SNAPSHOT_TESTING_RECORD": "never"]) }
        #expect(message?.contains("8 of 1200 pixels differ") == true)  // the message is unchanged
        #expect(
            files.map(\.name) == [
                "tile.tile.actual.png", "tile.tile.reference.png",
                "tile.tile.diff.png", "tile.tile.side-by-side.png"
            ])
        let decoded = try files.map { try PNGCodec.decode(Data($0.bytes)) }
        #expect(decoded[0] == changed && decoded[1] == image)
        #expect(decoded[2] == ImageComparison.exact.diffImage(image, changed))
        // The attached bytes are the files the message names.
        for file in files {
            let suffix = String(file.name.dropFirst("tile.tile.".count).dropLast(".png".count))
            let path = SnapshotArtifacts.path(of: suffix, named: "FakeTests/tile.tile", in: box.artifacts).path
            #expect(FileManager.default.contents(atPath: path) == Data(file.bytes))
        }
    }

    @Test func passingAndRecordingAttachNothing() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let image = TestImages.gradient(16, 9)
        #expect(Self.attachments { _ = box.verify(image) }.isEmpty)  // recorded
        var passed = false
        #expect(Self.attachments { passed = box.verify(image) == nil }.isEmpty)
        #expect(passed)
    }

    @Test func sizeChangesAttachBothImagesAndTheOverlapsDiff() throws {
        let box = try Sandbox()
        defer { box.remove() }
        _ = box.verify(TestImages.solid(4, 4))
        var actual = TestImages.solid(5, 4)
        actual.fill(PixelRect(minX: 1, minY: 1, maxX: 2, maxY: 2), with: .black)
        var message = ""
        let files = Self.attachments {
            message = box.verify(actual, env: ["SNAPSHOT_TESTING_RECORD": "never"]) ?? ""
        }
        #expect(
            files.map(\.name) == [
                "tile.tile.actual.png", "tile.tile.reference.png", "tile.tile.diff.png", "tile.tile.side-by-side.png"
            ])
        #expect(message.contains("sizes differ") && message.contains("diff of the overlap (the top-left 4x4 px both cover)"))
        let diff = try PNGCodec.decode(Data(try #require(files.first { $0.name == "tile.tile.diff.png" }).bytes))
        #expect(diff.width == 4 && diff.height == 4)
        let red = ImageComparison.DiffColors.failing
        #expect(diff.color(x: 1, y: 1) == red)
        // Elsewhere the overlap is unchanged.
        #expect(diff.color(x: 3, y: 3) != red)
    }

    /// The diff strategy itself hands the four PNGs to swift-snapshot-testing
    /// too (its own `assertSnapshot` attaches them under Xcode).
    @Test func theDiffingReturnsTheAttachments() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let (_, attachments) = try #require(
            SnapshotArtifacts.$folderOverride.withValue(box.artifacts.path) {
                Diffing<Bitmap>.image().diffV2(TestImages.gradient(8, 8), TestImages.solid(8, 8))
            })
        var names: [String] = []
        for case .data(_, let name) in attachments { names.append(name) }
        #expect(names == ["snapshot.actual.png", "snapshot.reference.png", "snapshot.diff.png", "snapshot.side-by-side.png"])
    }
}

#if os(Linux)
    /// End to end: this test binary, run again as a child with
    /// `--attachments-path`, saves the four images of a failing snapshot there.
    @Suite struct SnapshotAttachmentPathTests {
        static let probeVariable = "VIGNETTE_ATTACHMENT_PROBE"

        /// Only runs inside the child: a mismatched snapshot whose message is
        /// not reported, so the child passes and only its attachments remain.
        @Test(.enabled(if: ProcessInfo.processInfo.environment[probeVariable] != nil))
        func probe() throws {
            let box = try SnapshotRecordingTests.Sandbox()
            defer { box.remove() }
            _ = box.verify(TestImages.gradient(12, 8))
            #expect(box.verify(TestImages.solid(12, 8), env: ["SNAPSHOT_TESTING_RECORD": "never"]) != nil)
        }

        @Test func swiftTestAttachmentsPathCollectsTheImages() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-attach-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = [
                "--testing-library", "swift-testing", "--filter", "SnapshotAttachmentPathTests/probe",
                "--attachments-path", folder.path
            ]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.probeVariable] = "1"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            for suffix in ["actual", "reference", "diff", "side-by-side"] {
                #expect(saved.contains { $0.contains("tile.tile.\(suffix)") }, "no \(suffix) image among \(saved)")
            }
        }
    }
#endif
