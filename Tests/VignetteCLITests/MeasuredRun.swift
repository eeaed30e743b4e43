import Foundation
import Testing

/// One run of the `vignette` binary in a child process, reaped with `wait4`
/// so its own peak RSS and times are known (`getrusage(RUSAGE_CHILDREN)`
/// would mix in every other child of the test process).
struct MeasuredRun {
    /// The exit status, or nil when a signal ended the process.
    var status: Int32?
    /// The signal that ended it, if one did.
    var signal: Int32?
    /// Peak resident set size in bytes (`ru_maxrss`).
    var peakRSS: Int
    /// Wall-clock time from spawn to exit.
    var elapsed: Duration
    var stdout: String
    var stderr: String

    /// Peak RSS in MiB, for messages.
    var peakMiB: Int { peakRSS >> 20 }

    /// Runs `vignette arguments…`, killing it after `timeout` (then `signal` is SIGKILL).
    static func vignette(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> MeasuredRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path, err = folder.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([RenderCommandTests.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock(), start = clock.now
        let rc = posix_spawn(&pid, RenderCommandTests.binary.path, &actions, nil, argv, environ)
        try #require(rc == 0, "posix_spawn failed: \(rc)")
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { Issue.record("wait4 failed: \(errno)"); break }
            if clock.now - start > timeout { kill(pid, SIGKILL) }
            usleep(5_000)
        }
        let elapsed = clock.now - start
        let exited = status & 0x7F == 0
        return MeasuredRun(status: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : status & 0x7F,
                           peakRSS: usage.ru_maxrss * 1024, elapsed: elapsed,
                           stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                           stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
