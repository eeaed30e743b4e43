import Foundation
import Vignette

/// What `vignette compare` reads: the kind of each argument, the images of
/// a folder by relative path, and their bytes, safely.
///
/// Hostile folders: entries whose names start with a dot are skipped; a
/// symbolic link is followed only to a regular file inside the folder
/// (one leading outside it, or nowhere, is reported as unreadable; links to
/// folders are not descended); files are opened with `O_NOFOLLOW` and must
/// be regular files no larger than `maxFileSize`; decoding applies the
/// usual pixel limits.
enum CompareInputs {
    /// What a command-line path names.
    enum Kind: Equatable { case folder, file, missing }

    /// The largest file read (a PNG of 100 Mpx stored uncompressed is ~400 MB).
    static let maxFileSize = 1 << 30
    /// Deeper folders are not descended (a loop of bind mounts must end).
    static let maxDepth = 64

    static func kind(_ path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }

    static func mixedKindsMessage(reference: String, actual: String, kinds: [Kind]) -> String {
        let names = ["REF_DIR", "ACTUAL_DIR"]
        for (index, path) in [reference, actual].enumerated() where kinds[index] != .folder {
            let what = kinds[index] == .missing ? "does not exist" : "is a file, not a folder"
            return "\(names[index]) '\(path)' \(what): give two folders (or two files)"
        }
        return "give two folders (or two files)"
    }

    /// The images of one folder.
    struct Listing {
        /// Relative path ("a/b.png") → the path to read, or why it cannot be.
        var files: [String: Result<String, CompareEntry.Failure>] = [:]
        /// Things skipped that a person may want to know about.
        var notes: [String] = []
        /// Folders that could not be read: the comparison is incomplete (exit 2).
        var errors: [String] = []
    }

    /// Lists `root` recursively; `excluding` (a real path, e.g. the report
    /// folder) is not descended.
    static func list(_ root: String, excluding: String?) -> Listing {
        var listing = Listing()
        guard let realRoot = realPath(root) else {
            listing.errors.append("cannot resolve the folder")
            return listing
        }
        walk(realRoot, relative: "", realRoot: realRoot, excluding: excluding, depth: 0, into: &listing)
        return listing
    }

    private static func walk(
        _ folder: String, relative: String, realRoot: String, excluding: String?, depth: Int,
        into listing: inout Listing
    ) {
        guard depth < maxDepth else {
            listing.errors.append("\(relative): deeper than \(maxDepth) folders, not read")
            return
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            listing.errors.append("\(relative.isEmpty ? "the folder" : relative): cannot list: \(FileErrors.reason(error))")
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            let key = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if path != excluding {
                    walk(path, relative: key, realRoot: realRoot, excluding: excluding, depth: depth + 1, into: &listing)
                }
            case S_IFREG where isImageName(name):
                listing.files[key] = .success(path)
            case S_IFLNK where isImageName(name):
                listing.files[key] = linkTarget(path, realRoot: realRoot)
            case S_IFLNK:
                if kind(path) == .folder { listing.notes.append("\(key): a symbolic link to a folder, not followed") }
            default:
                continue
            }
        }
    }

    private static func linkTarget(_ path: String, realRoot: String) -> Result<String, CompareEntry.Failure> {
        guard let target = realPath(path) else { return .failure(.init("a symbolic link that leads nowhere")) }
        guard target.hasPrefix(realRoot + "/") else {
            return .failure(.init("a symbolic link leading outside the folder, not followed"))
        }
        return .success(target)
    }

    /// The extensions compared (any case): PNG as stored, the others through the library's decoders.
    static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp", "avif", "gif", "heic", "heif"]

    static func isImageName(_ name: String) -> Bool {
        extensions.contains((name as NSString).pathExtension.lowercased())
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a regular file without following a symbolic link at `path`,
    /// refusing one over `maxFileSize`.
    static func read(_ path: String) throws(CompareEntry.Failure) -> Data {
        // O_NONBLOCK: a FIFO (a link may lead to one) must not hang the run; fstat refuses it.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .init("cannot read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .init("not a regular file") }
        let size = max(0, Int(info.st_size))
        guard size <= maxFileSize else { throw .init("the file is \(size) bytes, over the limit of \(maxFileSize) bytes") }
        guard size > 0 else { return Data() }
        // Not zero-filled first: the read writes every byte kept.
        guard let base = malloc(size) else { throw .init("out of memory reading \(size) bytes") }
        var filled = 0
        while filled < size {
            let n = Foundation.read(fd, base + filled, size - filled)
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                let reason = String(cString: strerror(errno))
                free(base)
                throw .init("cannot read: \(reason)")
            }
            if n == 0 { break }
            filled += n
        }
        return Data(bytesNoCopy: base, count: filled, deallocator: .free)
    }
}
