import Foundation

/// Writes files so that readers see either the old file or the complete new
/// one, never a partial write: temp file in the same folder, then `rename`.
public enum AtomicFile {
    /// Writes `data` to `path` atomically, creating nothing on failure.
    public static func write(_ data: Data, to path: String) throws(AtomicFile.Error) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let tempPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
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
        if failure == nil, fchmod(fd, 0o644) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, rename(tempPath, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(tempPath)
            throw .cannotWrite(path: path, reason: failure)
        }
    }

    /// Why a file could not be written.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The temp file could not be created, written or renamed into place.
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }
}
