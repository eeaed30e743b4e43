import Foundation
import Vignette

/// Failures of the command line itself (not of one image).
enum CLIError: Error, CustomStringConvertible {
    /// An input that starts like a URL but is not one. (Its description
    /// leaves the input out: the argument parser's message names it.)
    case invalidURL(String)
    /// An input URL whose scheme the CLI does not read.
    case unsupportedScheme(String, scheme: String)
    /// Two different inputs would write the same file in `--output-dir`.
    case sameOutputName(String, String, name: String)
    /// The output path exists and is not a folder.
    case notAFolder(path: String)
    /// The output folder could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The folder `-o` writes into does not exist (it is never created:
    /// a typo must not scatter folders).
    case missingOutputFolder(path: String, output: String)

    var description: String {
        switch self {
        case .invalidURL:
            "not a valid URL"
        case .unsupportedScheme(_, let scheme):
            "the \(scheme): scheme is not supported; give a PNG file path or an http, https, file or data URL"
        case .sameOutputName(let first, let second, let name):
            "inputs '\(first)' and '\(second)' would both write \(name); render them into separate folders"
        case .notAFolder(let path):
            "the output folder \(path) exists and is not a folder"
        case .cannotCreateFolder(let path, let reason):
            "cannot create the output folder \(path): \(reason)"
        case .missingOutputFolder(let path, let output):
            "-o \(output): the folder \(path) does not exist; create it first, or use --output-dir (which is created)"
        }
    }
}

/// `--output-dir` is created when missing (with its parents) by the command
/// that writes into it, never while the arguments are validated; the folder
/// of `-o` must exist.
enum OutputFolder {
    /// Makes sure the folder `-o output` writes into exists.
    static func requireParent(of output: String) throws(CLIError) {
        let parent = FilePaths.parent(of: output)
        guard !parent.isEmpty else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) else {
            throw .missingOutputFolder(path: parent, output: output)
        }
        guard isDirectory.boolValue else { throw .notAFolder(path: parent) }
    }

    /// Makes sure `path` is a folder, creating it if needed.
    static func create(_ path: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notAFolder(path: path) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: path, reason: FileErrors.reason(error, path: path))
        }
    }
}
