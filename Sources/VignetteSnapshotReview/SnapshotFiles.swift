import Foundation

/// The file operations of the review tools: bounded reads, atomic writes,
/// and the listing of a references folder. Every path handed in is made
/// from a folder and a path that `SnapshotRunFormat.isSafeRelativePath` accepted.
package enum SnapshotFiles {
    /// Why a file operation failed, in words a person can act on.
    package struct Failure: Error, CustomStringConvertible, Equatable {
        package var description: String

        package init(_ description: String) { self.description = description }
    }

    /// The largest image read (what a page or a copy may serve).
    package static let maxImageSize = 256 << 20

    /// Whether a path is a folder (following links), a file, or nothing.
    package static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// The bytes of a regular file of at most `limit` bytes.
    package static func read(_ path: String, limit: Int = maxImageSize) throws(Failure) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw Failure("\(path) is not a regular file") }
        guard info.st_size <= limit else { throw Failure("\(path) is larger than \(limit) bytes") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Failure("cannot read \(path): \(reason(error))")
        }
    }

    /// Writes `data` at `path` so a reader sees the old file or the new one,
    /// never a part (Foundation's atomic write: a temporary file, then a rename),
    /// creating the folders above it.
    package static func writeAtomically(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw Failure("cannot write \(path): \(reason(error))")
        }
    }

    /// Removes a file; a file already gone is no error.
    package static func remove(_ path: String) throws(Failure) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw Failure("cannot delete \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Every `.png` below `folder`, as safe relative paths, sorted; hidden
    /// entries and symbolic links to folders are not entered.
    package static func references(in folder: String) throws(Failure) -> [String] {
        guard isFolder(folder) else { return [] }
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { throw Failure("cannot list \(folder)") }
        var found: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walk {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix), (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else {
                continue
            }
            let relative = String(path.dropFirst(prefix.count))
            if SnapshotRunFormat.isSafeRelativePath(relative) { found.append(relative) }
        }
        return found.sorted()
    }

    /// The system's reason for a Foundation error, without the Cocoa wrapping.
    package static func reason(_ error: any Error) -> String {
        let wrapper = error as NSError
        let posix = (wrapper.userInfo[NSUnderlyingErrorKey] as? NSError) ?? wrapper
        return posix.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(posix.code))) : wrapper.localizedDescription
    }
}
