import Foundation
import Testing

/// One run of the `vignette` binary in a child process whose own peak RSS
/// and time are measured.
///
/// The binary is started by a small Python reaper (`fork`, `exec`, `wait4`)
/// rather than by this test process: glibc's `posix_spawn` runs the child
/// on the parent's memory until `exec`, and Linux then records the
/// *parent's* resident peak as the child's `ru_maxrss` — hundreds of MB of
/// test runner, not of `vignette`. Forked from the small reaper, the figure
/// is the binary's own (plus the reaper's ~10 MB floor).
struct MeasuredRun {
    /// The exit status, or nil when a signal ended the process.
    var status: Int32?
    /// The signal that ended it, if one did.
    var signal: Int32?
    /// Peak resident set size in bytes (`ru_maxrss`).
    var peakRSS: Int
    /// CPU time the process used (user + system): the work it did, which
    /// other load on the machine does not inflate as it does wall time.
    var cpuTime: Duration
    var stdout: String
    var stderr: String

    /// True when this build (and so the `vignette` it runs) is instrumented
    /// by ThreadSanitizer, whose shadow memory inflates every RSS figure.
    static let threadSanitized = dlsym(nil, "__tsan_init") != nil

    /// Peak RSS in MiB, for messages.
    var peakMiB: Int { peakRSS >> 20 }

    static let reaper = """
        import os, signal, sys
        timeout, out, err = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
            os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
            os.execv(sys.argv[4], sys.argv[4:])
        signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, 9))
        signal.alarm(timeout)
        _, status, usage = os.wait4(pid, 0)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        killed = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        print(code, killed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
        """

    /// Runs `vignette arguments…`, killing it after `timeout` (then `signal`
    /// is SIGKILL): a ceiling for a hang only, which a machine 10× slower
    /// (or a sanitizer) never meets.
    static func vignette(_ arguments: [String], timeout: Duration = .seconds(600)) throws -> MeasuredRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        let err = folder.appendingPathComponent("err").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c", reaper, "\(timeout.components.seconds)", out, err,
                RenderCommandTests.binary.path
            ] + arguments
        let report = Pipe()
        process.standardOutput = report
        try process.run()
        let line = String(decoding: report.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = line.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(process.terminationStatus == 0 && fields.count == 4, "the reaper failed: \(line)")
        let code = Int32(fields[0]) ?? -1
        let signal = Int32(fields[1]) ?? 0
        return MeasuredRun(
            status: code >= 0 ? code : nil, signal: signal != 0 ? signal : nil,
            peakRSS: (Int(fields[2]) ?? 0) * 1024,
            cpuTime: .milliseconds(Int((Double(fields[3]) ?? 0) * 1000)),
            stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
