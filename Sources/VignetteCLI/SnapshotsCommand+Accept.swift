import Foundation
import Vignette

/// What `vignette snapshots accept` and `obsolete` do with the last run.
struct SnapshotsAccept {
    let run: SnapshotsRun
    /// The references folder.
    let snapshots: String

    /// Copies the failing actuals matching `names` (nil: all) over their
    /// references; returns the exit status.
    func accept(_ names: [String]?) -> Int32 {
        let patterns = names.map { $0.map(relative) }
        var accepted = 0
        var failed = false
        var used = Set<String>()
        for path in run.failed {
            let matching = patterns.map { $0.filter { Self.matches($0, path) } }
            if let matching, matching.isEmpty { continue }
            used.formUnion(matching ?? [])
            let actual = run.artifacts + "/" + path
            let reference = snapshots + "/" + path
            do {
                let data = try CompareInputs.read(actual)
                try FileManager.default.createDirectory(
                    atPath: (reference as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFile.write(data, to: reference)
                print("accepted \(path)")
                accepted += 1
            } catch {
                SnapshotsRun.printError("error: \(path): \(Self.reason(error))")
                failed = true
            }
        }
        for pattern in patterns ?? [] where !used.contains(pattern) {
            SnapshotsRun.printError("note: \(pattern): no failing snapshot of the last run matches")
        }
        if accepted == 0 && !failed {
            print(run.failed.isEmpty ? "nothing to accept: no snapshot failed in the last run" : "nothing matched")
        }
        if failed { return 2 }
        return accepted > 0 ? 0 : 1
    }

    /// Lists (and with `delete` removes) the references the run did not
    /// assert; returns the exit status.
    func obsolete(delete: Bool) -> Int32 {
        if let reason = run.undecidedReason {
            SnapshotsRun.printError("error: cannot tell which references are obsolete: \(reason); run every test once, to the end")
            return 2
        }
        let listing = CompareInputs.list(snapshots, excluding: nil)
        for error in listing.errors { SnapshotsRun.printError("error: \(snapshots): \(error)") }
        if !listing.errors.isEmpty { return 2 }
        let obsolete = listing.files.keys.filter { $0.hasSuffix(".png") && !run.asserted.contains($0) }.sorted()
        var failed = false
        for path in obsolete {
            guard delete else {
                print("obsolete \(path)")
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: snapshots + "/" + path)
                print("deleted \(path)")
            } catch {
                SnapshotsRun.printError("error: \(path): cannot delete: \(FileErrors.reason(error))")
                failed = true
            }
        }
        print("\(obsolete.count) of \(listing.files.count) references obsolete (\(run.asserted.count) asserted in the last run)")
        if failed { return 2 }
        return obsolete.isEmpty || delete ? 0 : 1
    }

    /// A NAME as a path under the snapshots folder: a leading `Snapshots/` (the folder's own name) is dropped.
    private func relative(_ name: String) -> String {
        for prefix in [snapshots + "/", (snapshots as NSString).lastPathComponent + "/"] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }

    /// An exact path, or a glob (`*`, `?`, `[…]`; `*` crosses folders).
    static func matches(_ pattern: String, _ path: String) -> Bool {
        pattern == path || fnmatch(pattern, path, 0) == 0
    }

    private static func reason(_ error: any Error) -> String {
        if let failure = error as? CompareEntry.Failure { return "\(failure)" }
        return FileErrors.reason(error)
    }
}
