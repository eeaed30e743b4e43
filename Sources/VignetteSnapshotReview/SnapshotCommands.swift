import Foundation

/// `accept` and `obsolete` as both `vignette snapshots` and the plugin's tool
/// run them: what they print and the exit status.
///
/// Exit status: 0 done (accept: something accepted; obsolete: none, or all
/// deleted), 1 nothing matched (accept) or obsolete references listed, 2 the
/// run cannot be read or decide, a file cannot be read or written, or `CI=true`.
package struct SnapshotCommands {
    package let review: SnapshotReview
    /// Lines for standard output and standard error.
    package var out: (String) -> Void = { print($0) }
    package var err: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    package init(review: SnapshotReview) { self.review = review }

    /// Reads the last run, or prints why it cannot (then exit with status 2).
    package static func load(_ folders: SnapshotFolders, environment: [String: String]) -> SnapshotReview? {
        do {
            return try SnapshotReview(folders: folders, environment: environment)
        } catch {
            FileHandle.standardError.write(Data("error: --artifacts \(folders.artifacts): \(error)\n".utf8))
            return nil
        }
    }

    /// Copies the failing actuals matching `names` (nil: all) over their references.
    package func accept(_ names: [String]?) -> Int32 {
        do {
            try review.refuseOnCI()
        } catch {
            err("error: \(error)")
            return 2
        }
        let patterns = names.map { $0.map(relative) }
        var accepted = 0
        var failed = false
        var used = Set<String>()
        for path in review.run.failed {
            let matching = patterns.map { $0.filter { Self.matches($0, path) } }
            if let matching, matching.isEmpty { continue }
            used.formUnion(matching ?? [])
            do {
                try review.accept(path)
                out("accepted \(path)")
                accepted += 1
            } catch {
                err("error: \(path): \(error)")
                failed = true
            }
        }
        for pattern in patterns ?? [] where !used.contains(pattern) {
            err("note: \(pattern): no failing snapshot of the last run matches")
        }
        if accepted == 0 && !failed {
            out(review.run.failed.isEmpty ? "nothing to accept: no snapshot failed in the last run" : "nothing matched")
        }
        if failed { return 2 }
        return accepted > 0 ? 0 : 1
    }

    /// Lists (and with `delete` removes) the references the run did not assert.
    package func obsolete(delete: Bool) -> Int32 {
        if let reason = review.obsoleteUndecided {
            err("error: cannot tell which references are obsolete: \(reason); run every test once, to the end")
            return 2
        }
        if delete {
            do {
                try review.refuseOnCI()
            } catch {
                err("error: \(error)")
                return 2
            }
        }
        let total: Int
        do {
            total = try SnapshotFiles.references(in: review.folders.snapshots).count
        } catch {
            err("error: \(review.folders.snapshots): \(error)")
            return 2
        }
        let obsolete = review.entries.filter { $0.kind == .obsolete }.map(\.path)
        var failed = false
        for path in obsolete {
            guard delete else {
                out("obsolete \(path)")
                continue
            }
            do {
                try review.accept(path)
                out("deleted \(path)")
            } catch {
                err("error: \(path): \(error)")
                failed = true
            }
        }
        out("\(obsolete.count) of \(total) references obsolete (\(review.run.asserted.count) asserted in the last run)")
        if failed { return 2 }
        return obsolete.isEmpty || delete ? 0 : 1
    }

    /// A NAME as a path under the snapshots folder: a leading `Snapshots/` (the folder's own name) is dropped.
    private func relative(_ name: String) -> String {
        let snapshots = review.folders.snapshots
        for prefix in [snapshots + "/", (snapshots as NSString).lastPathComponent + "/"] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }

    /// An exact path, or a glob (`*`, `?`, `[…]`; `*` crosses folders).
    package static func matches(_ pattern: String, _ path: String) -> Bool {
        pattern == path || fnmatch(pattern, path, 0) == 0
    }
}
