import Foundation

extension DiskCache {
    /// Permissions of a cache folder: only its owner may list, read or plant entries.
    package static let directoryPermissions: mode_t = 0o700
    /// Permissions of every file an engine writes in its folder, whatever the umask.
    package static let filePermissions: mode_t = 0o600

    /// Creates an engine's folder (with parents) if needed and makes it
    /// private: what every `DiskCacheStorage.init` does first.
    ///
    /// The folder is created 0700; an existing one must belong to this
    /// process's user (else `.directoryNotOwned`: another user could read
    /// the cached images and URLs, or plant entries) and is narrowed to
    /// 0700 when it allows more. The folder path itself may be a symlink
    /// (to a folder of this user); nothing inside it is ever followed.
    package static func prepareDirectory(_ directory: String) throws(DiskCache.Error) {
        try createIfMissing(directory)
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw .directoryUnavailable(
                directory,
                reason: code == ENOTDIR
                    ? "a file is in the way, not a folder" : String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .directoryUnavailable(directory, reason: String(cString: strerror(errno)))
        }
        guard info.st_uid == geteuid() else {
            throw .directoryNotOwned(directory, owner: info.st_uid, user: geteuid())
        }
        if info.st_mode & 0o7777 != directoryPermissions, fchmod(fd, directoryPermissions) != 0 {
            throw .directoryUnavailable(directory, reason: "cannot make it private (0700): " + String(cString: strerror(errno)))
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw .directoryUnavailable(directory, reason: "not writable: " + String(cString: strerror(errno)))
        }
    }

    /// Creates the parents as usual and the folder itself with mode 0700
    /// (a folder made by another process meanwhile is fine).
    private static func createIfMissing(_ directory: String) throws(DiskCache.Error) {
        var info = stat()
        guard stat(directory, &info) != 0 else { return }
        let parent = FilePaths.parent(of: directory)
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .directoryUnavailable(directory, reason: FileErrors.reason(error))
            }
        }
        guard mkdir(directory, directoryPermissions) == 0 || errno == EEXIST else {
            throw .directoryUnavailable(directory, reason: String(cString: strerror(errno)))
        }
    }

    /// Opens (creating it 0600 if needed) a file in a cache folder for
    /// reading and writing, never through a symlink and never a FIFO or
    /// device; its mode is set to 0600 whatever the umask. -1 with `errno`
    /// set on failure (`ELOOP` for a symlink, `EINVAL` for a non-regular file).
    package static func openPrivateFile(_ path: String) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, filePermissions)
        guard fd >= 0 else { return -1 }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            errno = EINVAL
            return -1
        }
        if info.st_mode & 0o7777 != filePermissions { _ = fchmod(fd, filePermissions) }
        return fd
    }
}
