import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits, on file-system events rather than a timer, until the regular
/// files at the top of a folder add up to some size while a child process
/// runs: the folder's inotify events and the process's exit wake it.
final class FolderGrowth: Sendable {
    /// The folder watched (created if missing, since a watch needs it).
    let path: String
    private let events: Int32
    private let exitPipe: (read: Int32, write: Int32)

    /// Starts watching `path` for files created, written or renamed in,
    /// and `process` for its exit: call before the process runs.
    init(_ path: String, while process: Process) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        self.path = path
        events = inotify_init()
        var ends: [Int32] = [-1, -1]
        guard events >= 0, pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        exitPipe = (ends[0], ends[1])
        let mask = UInt32(IN_CREATE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
        guard inotify_add_watch(events, path, mask) >= 0 else { throw POSIXError(.ENOENT) }
        // The handler owns the write end: it may run after this watcher is gone.
        let signal = exitPipe.write
        process.terminationHandler = { _ in
            var byte: UInt8 = 1
            _ = write(signal, &byte, 1)
            close(signal)
        }
    }

    deinit {
        close(events)
        close(exitPipe.read)
    }

    /// Blocks until the folder holds `bytes` (true) or the process has
    /// exited first, or `ceiling` seconds pass for a hung run (false).
    func wait(forBytes bytes: Int, ceiling: TimeInterval = 300) -> Bool {
        let deadline = Date(timeIntervalSinceNow: ceiling)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while CacheCommandTests.folderSize(path) < bytes {
            var watched = [pollfd(fd: events, events: Int16(POLLIN), revents: 0), pollfd(fd: exitPipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, 2, Int32(max(0, deadline.timeIntervalSinceNow) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, watched[1].revents == 0 else { return false }
            _ = read(events, &buffer, buffer.count)  // the events only say "look again"
        }
        return true
    }
}
