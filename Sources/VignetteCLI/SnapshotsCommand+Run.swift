import Foundation
import Vignette

/// The last snapshot test run as VignetteSnapshotTesting records it in its
/// artifacts folder:
///
/// ```
/// ARTIFACTS/<Suite>/<test>.<n>.png            every asserted actual, at its reference's path
/// ARTIFACTS/.vignette-run/asserted-<pid>.txt  the manifest: a reference path per line
/// ARTIFACTS/.vignette-run/failed-<pid>.txt    the references whose assertion failed
/// ARTIFACTS/.vignette-run/process-<pid>.json  library, arguments, filtered, complete
/// ARTIFACTS/.vignette-run/libraries           the test libraries that ever asserted
/// ```
///
/// The files are read as untrusted: a path that is absolute, climbs with
/// `..`, has a hidden component or is no `.png` is ignored.
struct SnapshotsRun {
    /// What one test process said about itself.
    struct Process: Decodable {
        var pid: Int32
        var library: String
        var arguments: [String]
        var filtered: Bool
        var complete: Bool
    }

    /// Why the run's folder cannot be read.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let metadataName = ".vignette-run"
    /// The largest record file read (a manifest line is ~100 bytes).
    static let maxRecordSize = 64 << 20

    let artifacts: String
    /// References asserted in the run (paths under the snapshots folder).
    var asserted: Set<String> = []
    /// References whose assertion failed, sorted.
    var failed: [String] = []
    var processes: [Process] = []
    var libraries: [String] = []

    init(artifacts: String) throws(Failure) {
        self.artifacts = artifacts
        let meta = artifacts + "/" + Self.metadataName
        guard CompareInputs.kind(meta) == .folder else {
            throw Failure(description: "no test run recorded here (no \(Self.metadataName) folder); run the snapshot tests first")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: meta).sorted()
        } catch {
            throw Failure(description: "cannot list \(meta): \(FileErrors.reason(error))")
        }
        var failures = Set<String>()
        for name in names {
            let path = meta + "/" + name
            if name.hasPrefix("asserted-") && name.hasSuffix(".txt") {
                asserted.formUnion(try Self.lines(path).filter(Self.isSafeRelativePath))
            } else if name.hasPrefix("failed-") && name.hasSuffix(".txt") {
                failures.formUnion(try Self.lines(path).filter(Self.isSafeRelativePath))
            } else if name.hasPrefix("process-") && name.hasSuffix(".json") {
                do {
                    processes.append(try JSONDecoder().decode(Process.self, from: try Self.read(path)))
                } catch {
                    throw Failure(description: "\(path) is not a process record: \(error)")
                }
            } else if name == "libraries" {
                libraries = try Self.lines(path)
            }
        }
        failed = failures.sorted()
    }

    /// Nil when the run can say which references are obsolete, else why not.
    var undecidedReason: String? {
        if processes.isEmpty { return "the last run recorded no test process" }
        for process in processes.sorted(by: { $0.pid < $1.pid }) {
            if !process.complete {
                return "the \(process.library) process \(process.pid) of the last run did not finish (it crashed, was killed, or is still running)"
            }
            if process.filtered {
                let arguments = process.arguments.dropFirst().joined(separator: " ")
                return "the \(process.library) process \(process.pid) of the last run ran only some tests (arguments: \(arguments))"
            }
        }
        for library in libraries where !processes.contains(where: { $0.library == library }) {
            return "no \(library) process asserted snapshots in the last run, though \(library) tests did before; "
                + "if none do any more, delete \(artifacts)/\(Self.metadataName)/libraries"
        }
        return nil
    }

    /// `Suite/test.1.png`: relative, no `..`, no empty or hidden component, a `.png`.
    static func isSafeRelativePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && path.hasSuffix(".png") && !parts.contains { $0.isEmpty || $0.hasPrefix(".") }
    }

    static func lines(_ path: String) throws(Failure) -> [String] {
        String(decoding: try read(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func read(_ path: String) throws(Failure) -> Data {
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= maxRecordSize else { throw Failure(description: "\(path) is larger than \(maxRecordSize) bytes") }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot read \(path): \(FileErrors.reason(error))")
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
