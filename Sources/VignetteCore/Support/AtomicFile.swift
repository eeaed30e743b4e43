import Foundation

/// Writes files so that readers see either the old file or the complete new
/// one, never a partial write: a temp file in the same folder, then `rename`.
///
/// The temp file is created with `O_EXCL | O_NOFOLLOW | O_CLOEXEC` and mode
/// 0666, so the process umask applies as for any new file, unless
/// `permissions` is given: the file then gets exactly that mode (`fchmod`,
/// whatever the umask), before a byte is written. Atomic, not durable: there is no
/// `fsync`, so a power cut may lose the newest file but never shows a torn one
/// to a running reader.
package enum AtomicFile {
    /// Writes `data` to `path` atomically, creating nothing on failure.
    package static func write(_ data: Data, to path: String, permissions: mode_t? = nil) throws(AtomicFile.Error) {
        // The temp file sits beside `path`, named relative to the same folder
        // (no URL: it would ask for the working directory and stat the path).
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        // Short temp names: a long output name plus a suffix could exceed NAME_MAX.
        let stem = String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...].prefix(48))
        var fd: Int32 = -1
        var tempPath = ""
        for _ in 0..<16 {
            tempPath = folder + "." + stem + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".tmp"
            fd = open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions ?? 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        if let permissions, fchmod(fd, permissions) != 0 { failure = String(cString: strerror(errno)) }
        if failure == nil {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = String(cString: strerror(errno))
                        return
                    }
                    offset += n
                }
            }
        }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(tempPath, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tempPath)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Why a file could not be written.
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The temp file could not be created, written or renamed into place.
        case cannotWrite(path: String, reason: String)

        /// The path and the system's reason.
        package var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }
}
