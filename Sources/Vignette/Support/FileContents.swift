import Foundation

/// A whole regular file, read with POSIX calls so that a failure keeps its
/// `errno` (what `Data(contentsOf:)` wraps in an `NSError`), together with
/// the identity of the file that was read. Blocking: callers run it on
/// their own queues, never on the cooperative pool.
struct FileContents: Sendable {
    /// Which file a read saw (device and inode), so that a later step can
    /// tell whether the path still names it.
    struct Identity: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Why a file could not be read.
    enum Failure: Swift.Error, Sendable, Hashable {
        /// A system call failed with this `errno` (`EISDIR` for a folder).
        case system(Int32)
        /// The file is larger than the limit given; nothing was read.
        case tooLarge(size: Int)
    }

    /// The bytes.
    var data: Data
    /// The file they came from.
    var identity: Identity

    /// Reads the file at `path`. The size is checked against `maxBytes`
    /// before reading, and no more than that size is read even if the file
    /// grows meanwhile. `regularOnly` (what caches use) never follows a
    /// symlink at `path` (`ELOOP`) and refuses anything but a regular file
    /// (`EINVAL`) without blocking on a FIFO.
    init(path: String, maxBytes: Int = .max, regularOnly: Bool = false) throws(Failure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NOFOLLOW | O_NONBLOCK : 0))
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errno) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .system(EISDIR) }
        guard !regularOnly || info.st_mode & S_IFMT == S_IFREG else { throw .system(EINVAL) }
        let size = max(Int(info.st_size), 0)
        guard size <= maxBytes else { throw .tooLarge(size: size) }
        data = try Self.read(fd, count: size)
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Up to `count` bytes from `fd` (fewer if the file shrank meanwhile),
    /// read into memory that is not zeroed first (the read writes every byte kept).
    private static func read(_ fd: Int32, count: Int) throws(Failure) -> Data {
        guard count > 0 else { return Data() }
        guard let base = malloc(count) else { throw .system(ENOMEM) }
        var filled = 0
        while filled < count {
            let n = Foundation.read(fd, base + filled, count - filled)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                free(base)
                throw .system(code)
            }
            if n == 0 { break }
            filled += n
        }
        return Data(bytesNoCopy: base, count: filled, deallocator: .free)
    }
}
