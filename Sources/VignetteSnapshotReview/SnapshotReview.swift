import Foundation

/// What the last run left to review — every failed, new and obsolete
/// snapshot — and the writes that settle each one. Shared by `vignette
/// snapshots`, the `vignette-snapshots` plugin's tool and its review page.
///
/// - `changed`: the assertion failed against a reference. Accept copies the
///   actual over the reference; reject leaves it.
/// - `new`: the assertion failed for want of a reference (under CI or record
///   mode `never`). Accept writes the actual as the reference; reject writes nothing.
/// - `recorded`: the run wrote a missing reference itself. Accept keeps it;
///   reject deletes it (the next run records or fails again).
/// - `obsolete`: a reference no test asserted in a complete run. Accept
///   deletes it; reject keeps it. Listed only when the run can tell.
package struct SnapshotReview: Sendable {
    /// Why a review action was refused or failed.
    package enum Error: Swift.Error, CustomStringConvertible, Equatable {
        /// `CI=true`: references are accepted locally and committed, never on CI.
        case refusedOnCI
        /// The path is not one the last run left to review.
        case notUnderReview(String)
        /// A file could not be read, written or deleted.
        case file(String)

        package var description: String {
            switch self {
            case .refusedOnCI: "refusing to change references under CI=true; accept them locally and commit them"
            case .notUnderReview(let path): "\(path) is not a failed, new or obsolete snapshot of the last run"
            case .file(let reason): reason
            }
        }
    }

    /// One snapshot to review.
    package struct Entry: Codable, Equatable, Sendable {
        package enum Kind: String, Codable, Sendable, CaseIterable {
            case changed, new, recorded, obsolete
        }

        /// The reference's path under the snapshots folder.
        package var path: String
        package var kind: Kind
        package var figures: SnapshotFigures?
        package var hasDiff: Bool
    }

    package let folders: SnapshotFolders
    package let run: SnapshotRunRecord
    package let entries: [Entry]
    /// Why obsolete references are not listed (nil when they are).
    package let obsoleteUndecided: String?
    package let environment: [String: String]

    /// Reads the last run and lists what it left to review.
    package init(folders: SnapshotFolders, environment: [String: String]) throws(SnapshotRunRecord.Failure) {
        self.folders = folders
        self.environment = environment
        run = try SnapshotRunRecord(artifacts: folders.artifacts)
        let artifacts = URL(fileURLWithPath: folders.artifacts, isDirectory: true)
        var entries: [Entry] = []
        for path in run.failed {
            let exists = FileManager.default.fileExists(atPath: folders.snapshots + "/" + path)
            let figures = SnapshotFigures.read(SnapshotRunFormat.failureFile("json", of: path, in: artifacts))
            let diff = SnapshotRunFormat.failureFile("diff", of: path, in: artifacts).path
            entries.append(
                Entry(path: path, kind: exists ? .changed : .new, figures: figures, hasDiff: FileManager.default.fileExists(atPath: diff)))
        }
        for path in run.recorded { entries.append(Entry(path: path, kind: .recorded, figures: nil, hasDiff: false)) }
        obsoleteUndecided = run.undecidedReason
        if obsoleteUndecided == nil {
            let references = (try? SnapshotFiles.references(in: folders.snapshots)) ?? []
            for path in references where !run.asserted.contains(path) {
                entries.append(Entry(path: path, kind: .obsolete, figures: nil, hasDiff: false))
            }
        }
        self.entries = entries
    }

    /// The entry at `path`, if the run left it to review.
    package func entry(_ path: String) -> Entry? { entries.first { $0.path == path } }

    /// Where an entry's image `kind` (`reference`, `actual`, `diff`) is on disk.
    package func file(_ kind: String, of path: String) -> String? {
        guard SnapshotRunFormat.isSafeRelativePath(path) else { return nil }
        switch kind {
        case "reference": return folders.snapshots + "/" + path
        case "actual": return folders.artifacts + "/" + path
        case "diff": return SnapshotRunFormat.failureFile("diff", of: path, in: URL(fileURLWithPath: folders.artifacts)).path
        default: return nil
        }
    }

    /// Settles `path` the way its kind says (see the type's summary); returns what was done.
    @discardableResult
    package func accept(_ path: String) throws(Error) -> String {
        guard let entry = entry(path) else { throw .notUnderReview(path) }
        try refuseOnCI()
        let reference = folders.snapshots + "/" + path
        do {
            switch entry.kind {
            case .changed, .new:
                let data = try SnapshotFiles.read(folders.artifacts + "/" + path)
                try SnapshotFiles.writeAtomically(data, to: reference)
                return "accepted"
            case .recorded: return "kept"
            case .obsolete:
                try SnapshotFiles.remove(reference)
                return "deleted"
            }
        } catch {
            throw .file(error.description)
        }
    }

    /// The opposite of `accept`: only a recorded new reference is deleted.
    @discardableResult
    package func reject(_ path: String) throws(Error) -> String {
        guard let entry = entry(path) else { throw .notUnderReview(path) }
        guard entry.kind == .recorded else { return "left" }
        try refuseOnCI()
        do {
            try SnapshotFiles.remove(folders.snapshots + "/" + path)
        } catch {
            throw .file(error.description)
        }
        return "deleted"
    }

    package func refuseOnCI() throws(Error) {
        if SnapshotRunFormat.isCI(environment) { throw .refusedOnCI }
    }
}

/// Where the references and the last run's artifacts are: an option, else
/// `VIGNETTE_SNAPSHOTS` / `SNAPSHOT_ARTIFACTS`, else `Snapshots` and
/// `.build/vignette-snapshots` (relative to the package root, as the tests resolve them).
package struct SnapshotFolders: Sendable, Equatable {
    package var snapshots: String
    package var artifacts: String

    package init(snapshots: String?, artifacts: String?, environment: [String: String]) {
        func folder(_ option: String?, _ variable: String, _ fallback: String) -> String {
            if let option, !option.isEmpty { return option }
            if let value = environment[variable], !value.isEmpty { return value }
            return fallback
        }
        self.snapshots = folder(snapshots, "VIGNETTE_SNAPSHOTS", "Snapshots")
        self.artifacts = folder(artifacts, "SNAPSHOT_ARTIFACTS", ".build/vignette-snapshots")
    }
}
