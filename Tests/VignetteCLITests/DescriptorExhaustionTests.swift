import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

/// `vignette render` of 24 URLs at once under an open-files limit the
/// child sets itself (the shell that execs it runs `ulimit`). `vignette`
/// raises its soft limit to the hard one as it starts, so a low soft limit
/// alone changes nothing. When the hard limit is low too, the first
/// transfers take the few free descriptors, so the sockets libcurl opens
/// for the others (or an output file) fail with EMFILE. Each such input
/// gets its own typed error line, the others are written, and the process
/// exits 1: it neither traps nor stops at the first. With a disk cache
/// (files or SQLite) its failures are one typed warning. (A crash would be
/// reported at once: the child's backtracer is off.)
@Suite(.serialized, .timeLimit(.minutes(5))) struct DescriptorExhaustionTests {
    /// At 8 (hard too) the runtime, libdispatch's event loop and libcurl's
    /// take all there are: every input fails, typed, and none traps. SQLite
    /// is left out there: its database cannot be opened at all, a
    /// `--cache-dir` error before any input.
    @Test(arguments: [(12, nil), (12, "files"), (12, "sqlite"), (8, nil), (8, "files")] as [(Int, String?)])
    func renderReportsEachInputThatFoundNoDescriptorAndExits(limit: Int, cacheEngine: String?) async throws {
        let run = try await Self.render(count: 24, ulimit: "-n \(limit)", cacheEngine: cacheEngine)
        defer { try? FileManager.default.removeItem(at: run.folder) }

        #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 1, "\(run.log)")
        let lines = run.log.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(run.log.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") || $0.hasPrefix("warning: disk cache: ") }, "\(run.log)")
        #expect(lines.contains { $0.contains("connection failed: no file descriptor left for a connection") }, "\(run.log)")
        #expect(lines.allSatisfy { $0.contains("no file descriptor left") || $0.contains("Too many open files") }, "\(run.log)")
        for name in run.names {
            let failed = lines.contains { $0.hasPrefix("error: \(run.origin.address("/fresh/\(name)")):") }
            #expect(run.written.contains("\(name).png") != failed, "\(name): written or reported, never both nor neither")
        }
    }

    /// At 8 (hard too) SQLite cannot open its database: one typed
    /// `--cache-dir` error that says descriptors ran out (a probe, since
    /// SQLite says only "unable to open database file"), before any input.
    @Test func sqliteCacheWithNoDescriptorLeftSaysSo() async throws {
        let run = try await Self.render(count: 4, ulimit: "-n 8", cacheEngine: "sqlite")
        defer { try? FileManager.default.removeItem(at: run.folder) }

        #expect(run.process.terminationReason == .exit && run.process.terminationStatus != 0, "\(run.log)")
        #expect(run.log.contains("sqlite cache: cannot open") && run.log.contains("Too many open files"), "\(run.log)")
        #expect(run.written.isEmpty)
    }

    /// A soft limit of 8 under a higher hard one: `vignette` raises it
    /// before it opens anything, so all 24 render as without a limit.
    @Test(.enabled(if: DescriptorLimit.current.hard >= 256, "the hard open-files limit leaves room for 24 transfers"))
    func renderRaisesALowSoftLimitAndSucceeds() async throws {
        let run = try await Self.render(count: 24, ulimit: "-S -n 8", cacheEngine: "files")
        defer { try? FileManager.default.removeItem(at: run.folder) }

        #expect(run.process.terminationReason == .exit && run.process.terminationStatus == 0, "\(run.log)")
        #expect(run.log.isEmpty, "\(run.log)")
        #expect(run.written == Set(run.names.map { "\($0).png" }))
    }

    /// One finished `vignette render` of `count` fresh URLs of a loopback
    /// origin into a temporary folder, under `ulimit` arguments.
    struct Run {
        let origin: LoopbackServer
        let names: [String]
        let folder: URL
        let process: Process
        /// The child's standard error, read to its end.
        let log: String
        /// The files in the output folder.
        let written: Set<String>
    }

    static func render(count: Int, ulimit: String, cacheEngine: String?) async throws -> Run {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let names = (1...count).map { "g\($0)" }
        let folder = try RenderCommandTests.temporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit \(ulimit) && exec \"$0\" \"$@\"", RenderCommandTests.binary.path, "render"]
            + names.map { origin.address("/fresh/\($0)") }
            + ["--size", "8x8", "--max-concurrent", "\(count)", "--retries", "0", "--output-dir", folder.appendingPathComponent("out").path]
            + (cacheEngine.map { ["--cache-dir", folder.appendingPathComponent("cache").path, "--cache-engine", $0] } ?? [])
        // Under AddressSanitizer the child's leak check at exit needs descriptors the test took away.
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SWIFT_BACKTRACE": "enable=no", "ASAN_OPTIONS": "detect_leaks=0"]) { $1 }
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
        let written = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)) ?? [])
        return Run(origin: origin, names: names, folder: folder, process: process, log: log, written: written)
    }
}
