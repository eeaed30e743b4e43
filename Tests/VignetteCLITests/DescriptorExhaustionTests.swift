import Foundation
import Testing
import VignetteTestSupport

/// `vignette render` of 24 URLs at once under an open-files limit of 12
/// (its own, set by the shell that execs it): the first transfers take the
/// few free descriptors, so the sockets libcurl opens for the others (or
/// an output file) fail with EMFILE. Each such input gets its own typed
/// error line, the others are written, and the process exits 1: it
/// neither traps nor stops at the first. With a disk cache (files or
/// SQLite) its failures are one typed warning. (A crash would be reported
/// at once: the child's backtracer is off.)
@Suite(.serialized, .timeLimit(.minutes(5))) struct DescriptorExhaustionTests {
    @Test(arguments: [nil, "files", "sqlite"])
    func renderReportsEachInputThatFoundNoDescriptorAndExits(cacheEngine: String?) async throws {
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
            + ["--size", "8x8", "--max-concurrent", "24", "--retries", "0", "--output-dir", folder.appendingPathComponent("out").path]
            + (cacheEngine.map { ["--cache-dir", folder.appendingPathComponent("cache").path, "--cache-engine", $0] } ?? [])
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        // Read to the end and reap on a thread of its own: blocking reads, never on the cooperative pool.
        let log = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread {
                do {
                    try process.run()
                    let data = errors.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: String(decoding: data, as: UTF8.self))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }

        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(log)")
        let lines = log.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(log.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: disk cache: ") }, "\(log)")
        #expect(lines.contains { $0.contains("connection failed: no file descriptor left for a connection") }, "\(log)")
        #expect(lines.allSatisfy { $0.contains("no file descriptor left") || $0.contains("Too many open files") }, "\(log)")
        let written = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? [])
        for name in names {
            let failed = lines.contains { $0.hasPrefix("error: \(origin.address("/fresh/\(name)")):") }
            #expect(written.contains("\(name).png") != failed, "\(name): written or reported, never both nor neither")
        }
    }
}
