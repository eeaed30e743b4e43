import Foundation
import Testing
import VignetteTestSupport

/// `vignette render` of 24 URLs at once under an open-files limit of 12
/// (its own, set by the shell that execs it): the first transfers take the
/// few free descriptors, so the sockets libcurl opens for the others (or
/// an output file) fail with EMFILE. Each such input gets its own typed
/// error line, the others are written, and the process exits 1: it
/// neither traps nor stops at the first. (A crash would be reported at
/// once: the child's backtracer is off.)
@Suite(.serialized, .timeLimit(.minutes(5))) struct DescriptorExhaustionTests {
    @Test func renderReportsEachInputThatFoundNoDescriptorAndExits() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let names = (1...24).map { "g\($0)" }
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -n 12 && exec \"$0\" \"$@\"", RenderCommandTests.binary.path, "render"]
            + names.map { origin.address("/fresh/\($0)") }
            + ["--size", "8x8", "--max-concurrent", "24", "--retries", "0", "--output-dir", folder.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let stderr = FloodedServer.chunks(of: errors)
        let (exits, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        var log = ""
        for await chunk in stderr { log += String(decoding: chunk, as: UTF8.self) }
        for await _ in exits {}

        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(log)")
        let lines = log.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(lines.contains { $0.contains("connection failed: no file descriptor left for a connection") }, "\(log)")
        #expect(lines.allSatisfy { $0.contains("no file descriptor left") || $0.contains("Too many open files") }, "\(log)")
        let written = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        for name in names {
            let failed = lines.contains { $0.hasPrefix("error: \(origin.address("/fresh/\(name)")):") }
            #expect(written.contains("\(name).png") != failed, "\(name): written or reported, never both nor neither")
        }
    }
}
