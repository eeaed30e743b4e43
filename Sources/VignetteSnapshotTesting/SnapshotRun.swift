import Foundation
import VignetteCore
import VignetteSnapshotReview

#if canImport(Testing)
    import Testing
#endif

/// A test run's record in its artifacts folder, for `vignette compare`,
/// `vignette snapshots accept|obsolete` and the `vignette-snapshots` plugin:
/// the files are listed in `SnapshotRunFormat`, which the readers share.
///
/// A run is every test process started by the same parent (one `swift
/// test`: its XCTest and its Swift Testing process), or sharing
/// `VIGNETTE_SNAPSHOT_RUN`. The first assertion of a new run removes the
/// files the previous run wrote, and nothing else. A process is complete
/// when it exits normally (an `atexit` hook; a crash never writes it).
enum SnapshotRun {
    static let folderName = SnapshotRunFormat.folderName

    typealias Process = SnapshotRunFormat.Process

    /// Artifacts folders this process joined, with its record in each.
    private static let joined = Locked<[String: Process]>([:])
    private static let hooked = Locked(false)

    static func metadata(_ artifacts: URL) -> URL { artifacts.appendingPathComponent(folderName, isDirectory: true) }

    /// Records one assertion: its actual under the reference's relative
    /// path, the manifest line, and whether it failed. Never fails a test:
    /// a folder that cannot be written only loses the record.
    /// `recorded`: the check wrote a missing reference itself.
    static func record(relative: String, actual: Data, failed: Bool, recorded: Bool = false, artifacts: URL) {
        guard join(artifacts) else { return }
        let meta = metadata(artifacts)
        let pid = getpid()
        if !actual.isEmpty {
            let file = artifacts.appendingPathComponent(relative)
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? AtomicFile.write(actual, to: file.path)
        }
        append(relative, to: meta.appendingPathComponent("asserted-\(pid).txt"))
        if failed { append(relative, to: meta.appendingPathComponent("failed-\(pid).txt")) }
        if recorded { append(relative, to: meta.appendingPathComponent("recorded-\(pid).txt")) }
    }

    /// Joins the run in `artifacts` once per process; false when the folder cannot be used.
    static func join(_ artifacts: URL) -> Bool {
        let key = artifacts.standardizedFileURL.path
        return joined.withLock { joined in
            if joined[key] != nil { return true }
            let meta = metadata(artifacts)
            guard (try? FileManager.default.createDirectory(at: meta, withIntermediateDirectories: true)) != nil else {
                return false
            }
            let library = runningLibrary
            let filtered = isFiltered(CommandLine.arguments, environment: ProcessInfo.processInfo.environment, library: library)
            let process = Process(
                pid: getpid(), library: library, arguments: CommandLine.arguments, filtered: filtered, complete: false)
            withFolderLock(meta) {
                let identity = runIdentity(ProcessInfo.processInfo.environment)
                if (try? String(contentsOf: meta.appendingPathComponent("run-id"), encoding: .utf8)) != identity {
                    clearPreviousRun(artifacts)
                    try? AtomicFile.write(Data(identity.utf8), to: meta.appendingPathComponent("run-id").path)
                }
                let libraries = meta.appendingPathComponent("libraries")
                let seen = (try? String(contentsOf: libraries, encoding: .utf8)) ?? ""
                if !seen.split(separator: "\n").contains(Substring(process.library)) { append(process.library, to: libraries) }
                write(process, in: meta)
            }
            joined[key] = process
            registerExitHook()
            return true
        }
    }

    /// Marks this process complete in every folder it joined (at a normal exit).
    static func finish() {
        for (path, process) in joined.withLock({ $0 }) {
            var done = process
            done.complete = true
            write(done, in: metadata(URL(fileURLWithPath: path, isDirectory: true)))
        }
    }

    static func write(_ process: Process, in meta: URL) {
        guard let data = try? JSONEncoder().encode(process) else { return }
        try? AtomicFile.write(data, to: meta.appendingPathComponent("process-\(process.pid).json").path)
    }

    private static func registerExitHook() {
        let first = hooked.withLock { done in
            defer { done = true }
            return !done
        }
        if first { atexit(snapshotRunExitHook) }
    }

    /// `swift-testing` when a Swift Testing test is running, else `xctest`.
    private static var runningLibrary: String {
        #if canImport(Testing)
            if Test.current != nil { return "swift-testing" }
        #endif
        return "xctest"
    }

    /// `VIGNETTE_SNAPSHOT_RUN`, else the parent process (the `swift test`
    /// that started this one) with its start time, so a reused id is another run.
    static func runIdentity(_ environment: [String: String]) -> String {
        if let named = environment["VIGNETTE_SNAPSHOT_RUN"], !named.isEmpty { return "named \(named)" }
        let parent = getppid()
        var identity = "parent \(parent)"
        // Linux only (no /proc elsewhere): off Linux the identity is the parent's pid alone.
        #if os(Linux)
            if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            {
                // Field 22 (start time) counts from the state, field 3, just after the command's ")".
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 19 { identity += " started \(fields[19])" }
            }
        #endif
        return identity
    }

    /// Removes what the previous run wrote: the actuals its manifests list and its failure images.
    private static func clearPreviousRun(_ artifacts: URL) {
        let meta = metadata(artifacts)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: meta.path)) ?? []
        for name in names where name.hasPrefix("asserted-") {
            let text = (try? String(contentsOf: meta.appendingPathComponent(name), encoding: .utf8)) ?? ""
            for line in Set(text.split(separator: "\n").map(String.init)) where isSafeRelativePath(line) {
                let file = artifacts.appendingPathComponent(line)
                try? FileManager.default.removeItem(at: file)
                // An emptied suite folder goes too (rmdir refuses one that is not empty).
                rmdir(file.deletingLastPathComponent().path)
            }
        }
        let prefixes = [SnapshotRunFormat.assertedPrefix, SnapshotRunFormat.failedPrefix, SnapshotRunFormat.recordedPrefix, SnapshotRunFormat.processPrefix]
        for name in names where name == "images" || prefixes.contains(where: name.hasPrefix) {
            try? FileManager.default.removeItem(at: meta.appendingPathComponent(name))
        }
    }

    /// `Suite/test.1.png`: relative, no `..`, no empty or hidden component, a `.png`.
    static func isSafeRelativePath(_ path: String) -> Bool { SnapshotRunFormat.isSafeRelativePath(path) }

    private static func append(_ line: String, to file: URL) {
        let fd = open(file.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // One write per line: O_APPEND keeps lines from parallel processes whole.
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
    }

    private static func withFolderLock(_ meta: URL, _ body: () -> Void) {
        let fd = open(meta.appendingPathComponent("lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if fd >= 0 { flock(fd, LOCK_EX) }
        body()
        if fd >= 0 {
            flock(fd, LOCK_UN)
            close(fd)
        }
    }
}

/// The `atexit` hook: C cannot call a Swift closure that captures, so a global function.
private func snapshotRunExitHook() {
    SnapshotRun.finish()
}
