import Foundation

extension FileCacheStorage {
    /// A regular file found in the cache folder.
    struct ScannedFile: Sendable {
        enum Kind: Sendable { case entry, temp, index, other }

        var name: String
        var size: Int
        /// Modification time, in nanoseconds since 1970.
        var modified: Int64
        var kind: Kind
    }

    /// The regular files at the top of `directory`.
    static func scan(_ directory: String) throws(DiskCache.Error) -> [ScannedFile] {
        guard let folder = opendir(directory) else {
            throw failure(.scan, directory, errno: errno)
        }
        defer { closedir(folder) }
        let fd = dirfd(folder)
        var files: [ScannedFile] = []
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            var info = stat()
            // A file deleted since readdir listed it is simply not there.
            guard name != ".", name != "..", fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                info.st_mode & S_IFMT == S_IFREG
            else { continue }
            #if os(Linux)
                let mtime = info.st_mtim
            #else
                let mtime = info.st_mtimespec
            #endif
            let modified = Int64(mtime.tv_sec) * 1_000_000_000 + Int64(mtime.tv_nsec)
            files.append(ScannedFile(name: name, size: Int(info.st_size), modified: modified, kind: kind(of: name)))
        }
        return files
    }

    private static func kind(of name: String) -> ScannedFile.Kind {
        if isEntryName(Substring(name)) { return .entry }
        if name == indexName { return .index }
        if name.hasPrefix("."), name.hasSuffix(".tmp") { return .temp }
        return .other
    }

    /// True for `<32 lowercase hex digits>.entry`.
    static func isEntryName(_ name: Substring) -> Bool {
        guard name.hasSuffix(entryExtension) else { return false }
        let stem = name.utf8.dropLast(entryExtension.utf8.count)
        return stem.count == 32 && stem.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The entry file name for `key`: a 128-bit hash as hex. Two FNV-1a-64
    /// passes with different offset bases, the second over the bytes
    /// backwards, so one pass's collisions are unlikely to be the other's.
    static func fileName(for key: String) -> String {
        let forward = FNV1a.hash(key.utf8)
        let backward = FNV1a.hash(key.utf8.reversed(), basis: 0x6c62_272e_07bb_0142)
        return hex(forward) + hex(backward) + entryExtension
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The file's bytes and identity, or nil when it does not exist. A
    /// symlink or a non-regular file planted at `path` is never followed or
    /// read: it is deleted and reads as absent.
    static func readFile(at path: String) throws(DiskCache.Error) -> FileContents? {
        do throws(FileContents.Failure) {
            return try FileContents(path: path, regularOnly: true)
        } catch {
            switch error {
            case .system(ENOENT): return nil
            case .system(ELOOP), .system(EINVAL):
                _ = Foundation.unlink(path)
                return nil
            case .system(let code): throw failure(.read, path, errno: code)
            case .tooLarge: return nil  // no limit was given
            }
        }
    }

    /// Writes `data` to `path` with `AtomicFile` (temp file, then rename),
    /// mode 0600 whatever the umask. The rename replaces a symlink planted
    /// at `path` rather than following it.
    static func write(_ data: Data, to path: String) throws(DiskCache.Error) {
        do throws(AtomicFile.Error) {
            try AtomicFile.write(data, to: path, permissions: DiskCache.filePermissions)
        } catch {
            switch error {
            case .cannotWrite(_, let reason): throw failure(.write, path, cause: .described(reason))
            }
        }
    }

    /// This engine's report of a failed `operation` on `path`.
    static func failure(
        _ operation: DiskCache.StorageFailure.Operation, _ path: String,
        cause: DiskCache.StorageFailure.Cause
    ) -> DiskCache.Error {
        .storageFailed(DiskCache.StorageFailure(engine: engine, operation: operation, path: path, cause: cause))
    }

    /// This engine's report of a system call failing with `errno` on `path`.
    static func failure(_ operation: DiskCache.StorageFailure.Operation, _ path: String, errno code: Int32) -> DiskCache.Error {
        failure(operation, path, cause: .posix(code))
    }

    /// Deletes `path` unless it is no longer the file that was read, so that
    /// dropping a damaged entry does not delete a good one renamed into place
    /// meanwhile.
    static func unlink(_ path: String, ifStill identity: FileContents.Identity) {
        var info = stat()
        guard lstat(path, &info) == 0,
            FileContents.Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) == identity
        else { return }
        _ = Foundation.unlink(path)
    }

    /// Deletes `path`; a file already gone is not an error. Returns whether
    /// this call deleted it.
    @discardableResult
    static func remove(_ path: String) throws(DiskCache.Error) -> Bool {
        if Foundation.unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure(.delete, path, errno: errno)
    }

    /// An exclusive `flock` on the folder's lock file, held until `release()`.
    /// `flock` locks belong to an open file description, so two engines in
    /// one process exclude each other as two processes do.
    final class SweepLock {
        private var fd: Int32

        /// Takes the lock, waiting for it when `blocking`; nil when it is
        /// busy and not `blocking`.
        init?(path: String, blocking: Bool) throws(DiskCache.Error) {
            let fd = DiskCache.openPrivateFile(path)
            guard fd >= 0 else {
                throw FileCacheStorage.failure(.lock, path, errno: errno)
            }
            while flock(fd, LOCK_EX | (blocking ? 0 : LOCK_NB)) != 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { return nil }
                throw FileCacheStorage.failure(.lock, path, errno: code)
            }
            self.fd = fd
        }

        /// Unlocks (closing the descriptor releases the `flock`).
        func release() {
            if fd >= 0 { close(fd) }
            fd = -1
        }

        deinit {
            release()
        }
    }
}
