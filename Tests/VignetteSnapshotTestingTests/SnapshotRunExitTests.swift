import Foundation
import Testing
import VignetteTestSupport

@testable import VignetteCore
@testable import VignetteSnapshotTesting

#if os(Linux)
    /// End to end: this test binary, run again as a child that asserts one
    /// snapshot into a given artifacts folder, says at exit that it finished
    /// (and that it was filtered); killed, it never says so.
    @Suite struct SnapshotRunExitTests {
        static let folderVariable = "VIGNETTE_RUN_PROBE"
        static let killVariable = "VIGNETTE_RUN_PROBE_KILL"

        @Test(.enabled(if: ProcessInfo.processInfo.environment[folderVariable] != nil))
        func probe() throws {
            let environment = ProcessInfo.processInfo.environment
            let box = try SnapshotRecordingTests.Sandbox()
            defer { box.remove() }
            _ = verifyImageSnapshot(
                of: TestImages.solid(4, 4), as: .image, named: "probe", record: .all, filePath: box.testFile,
                testName: "probe()", environment: ["SNAPSHOT_ARTIFACTS": environment[Self.folderVariable] ?? ""])
            if environment[Self.killVariable] != nil { kill(getpid(), SIGKILL) }
        }

        static func child(killed: Bool) throws -> (status: Int32, process: SnapshotRun.Process, manifest: String) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-run-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            // A killed child never removes its sandbox: its temporary folder is inside `folder`.
            let temporary = folder.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            child.arguments = ["--testing-library", "swift-testing", "--filter", "SnapshotRunExitTests/probe"]
            var environment = ProcessInfo.processInfo.environment
            environment[folderVariable] = folder.path
            environment[killVariable] = killed ? "1" : nil
            environment["TMPDIR"] = temporary.path
            child.environment = environment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            child.waitUntilExit()
            let meta = SnapshotRun.metadata(folder)
            let record = meta.appendingPathComponent("process-\(child.processIdentifier).json")
            let process = try JSONDecoder().decode(SnapshotRun.Process.self, from: Data(contentsOf: record))
            let manifest = try String(contentsOf: meta.appendingPathComponent("asserted-\(child.processIdentifier).txt"), encoding: .utf8)
            return (child.terminationStatus, process, manifest)
        }

        @Test func aProcessThatExitsSaysItFinished() throws {
            let (status, process, manifest) = try Self.child(killed: false)
            #expect(status == 0)
            #expect(process.complete && process.filtered && process.library == "swift-testing")
            #expect(manifest == "FakeTests/probe.probe.png\n")
        }

        @Test func aKilledProcessNeverDoes() throws {
            let (status, process, manifest) = try Self.child(killed: true)
            #expect(status != 0)
            #expect(!process.complete)
            #expect(manifest == "FakeTests/probe.probe.png\n")
        }
    }
#endif
