import Foundation
import Testing
import VignetteSnapshotReview

/// The plugin's tool as the plugin runs it: in the package root, exit statuses as documented.
@Suite struct SnapshotToolTests {
    @Test func usageErrorsExit64() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        for arguments in [
            [], ["frobnicate"], ["accept"], ["accept", "--all", "Suite/x.png"], ["report", "--delete"], ["review", "--port", "http"],
            ["obsolete", "--snapshots"]
        ] {
            let run = try folder.tool(arguments)
            #expect(run.status == 64, "\(arguments): \(run.output)")
        }
        #expect(try folder.tool(["--help"]).status == 0)
    }

    @Test func acceptAllThenObsoleteThenReport() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let report = try folder.tool(["report", "--junit", "out/junit.xml"])
        #expect(report.status == 1, "\(report.output)")
        #expect(FileManager.default.fileExists(atPath: folder.root.appendingPathComponent("out/junit.xml").path))
        let accepted = try folder.tool(["accept", "--all"])
        #expect(accepted.status == 0 && accepted.output == "accepted Suite/changed.1.png\naccepted Suite/new.1.png\n", "\(accepted.output)")
        #expect(folder.reference("Suite/new.1.png") == RunFolder.png("actual Suite/new.1.png"))
        let listed = try folder.tool(["obsolete"])
        #expect(listed.status == 1 && listed.output.contains("obsolete Old/gone.1.png\n1 of 5 references obsolete"), "\(listed.output)")
        let deleted = try folder.tool(["obsolete", "--delete"])
        #expect(deleted.status == 0 && folder.reference("Old/gone.1.png") == nil)
    }

    @Test func refusesToWriteUnderCIWithStatus2() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        for arguments in [["accept", "--all"], ["obsolete", "--delete"]] {
            let run = try folder.tool(arguments, environment: ["CI": "true"])
            #expect(run.status == 2 && run.output.contains("refusing to change references under CI=true"), "\(arguments): \(run.output)")
        }
        #expect(folder.reference("Suite/changed.1.png") == RunFolder.png("reference Suite/changed.1.png"))
        #expect(folder.reference("Old/gone.1.png") != nil)
        // Reading is fine on CI: that is what the reports are for.
        #expect(try folder.tool(["report", "--markdown"], environment: ["CI": "true"]).status == 1)
    }

    @Test func noRunExits2() throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let run = try folder.tool(["report", "--artifacts", "nowhere"])
        #expect(run.status == 2 && run.output.contains("no test run recorded here"))
    }

    /// Spawned as SwiftPM spawns a plugin's tool (Foundation's Process, from a thread that blocks
    /// signals), `review` prints its address at once and still ends on SIGTERM.
    @Test(.timeLimit(.minutes(1))) func reviewPrintsItsAddressAndEndsOnSIGTERM() async throws {
        let folder = try RunFolder()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = folder.toolBinary
        (process.arguments, process.currentDirectoryURL, process.environment) = (["review"], folder.root, [:])
        let out = Pipe()
        process.standardOutput = out
        let ended = AsyncStream<Int32> { continuation in
            process.terminationHandler = { continuation.yield($0.terminationStatus) }
        }
        try process.run()
        let line: String = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                while let byte = try? out.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { bytes.append(byte) }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(line.hasPrefix("review 4 snapshots at http://127.0.0.1:"), "\(line)")
        kill(process.processIdentifier, SIGTERM)
        var iterator = ended.makeAsyncIterator()
        _ = await iterator.next()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }
}
