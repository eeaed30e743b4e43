import Foundation

/// The last snapshot test run, read from its artifacts folder (see
/// `SnapshotRunFormat`). The files are read as untrusted: a path that is
/// absolute, climbs with `..`, has a hidden component or is no `.png` is ignored.
package struct SnapshotRunRecord: Sendable {
    /// Why the run's folder cannot be read.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The largest record file read (a manifest line is ~100 bytes).
    package static let maxRecordSize = 64 << 20

    package let artifacts: String
    /// References asserted in the run (paths under the snapshots folder).
    package var asserted: Set<String> = []
    /// References whose assertion failed, sorted.
    package var failed: [String] = []
    /// References the run wrote itself (missing ones recorded, record modes), sorted.
    package var recorded: [String] = []
    package var processes: [SnapshotRunFormat.Process] = []
    package var libraries: [String] = []

    package init(artifacts: String) throws(Failure) {
        self.artifacts = artifacts
        let meta = artifacts + "/" + SnapshotRunFormat.folderName
        guard SnapshotFiles.isFolder(meta) else {
            throw Failure(description: "no test run recorded here (no \(SnapshotRunFormat.folderName) folder); run the snapshot tests first")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: meta).sorted()
        } catch {
            throw Failure(description: "cannot list \(meta): \(SnapshotFiles.reason(error))")
        }
        var failures = Set<String>()
        var written = Set<String>()
        for name in names {
            let path = meta + "/" + name
            func paths() throws(Failure) -> [String] { try Self.lines(path).filter(SnapshotRunFormat.isSafeRelativePath) }
            if name.hasSuffix(".txt") && name.hasPrefix(SnapshotRunFormat.assertedPrefix) {
                asserted.formUnion(try paths())
            } else if name.hasSuffix(".txt") && name.hasPrefix(SnapshotRunFormat.failedPrefix) {
                failures.formUnion(try paths())
            } else if name.hasSuffix(".txt") && name.hasPrefix(SnapshotRunFormat.recordedPrefix) {
                written.formUnion(try paths())
            } else if name.hasPrefix(SnapshotRunFormat.processPrefix) && name.hasSuffix(".json") {
                do {
                    processes.append(try JSONDecoder().decode(SnapshotRunFormat.Process.self, from: try Self.read(path)))
                } catch {
                    throw Failure(description: "\(path) is not a process record: \(error)")
                }
            } else if name == "libraries" {
                libraries = try Self.lines(path)
            }
        }
        failed = failures.sorted()
        recorded = written.subtracting(failures).sorted()
    }

    /// Nil when the run can say which references are obsolete, else why not.
    package var undecidedReason: String? {
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
                + "if none do any more, delete \(artifacts)/\(SnapshotRunFormat.folderName)/libraries"
        }
        return nil
    }

    static func lines(_ path: String) throws(Failure) -> [String] {
        String(decoding: try read(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static func read(_ path: String) throws(Failure) -> Data {
        do {
            return try SnapshotFiles.read(path, limit: maxRecordSize)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
