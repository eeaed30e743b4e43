import Foundation
// `SnapshotTestingConfiguration.current`: the `withSnapshotTesting` / `.snapshots` record mode.
@_spi(Internals) import SnapshotTesting
import VignetteCore
import VignetteSnapshotReview

/// The environment the snapshot rules read.
enum SnapshotEnvironment {
    /// A test seam: when set, stands in for the process environment (so the
    /// public entry points can be tested under `CI=true`).
    @TaskLocal static var override: [String: String]?

    static var current: [String: String] { override ?? ProcessInfo.processInfo.environment }
}

/// Record-mode rules and the writes they allow.
enum SnapshotRecording {
    /// `CI` set to `true`, `1` or `yes`.
    static func isCI(_ environment: [String: String]) -> Bool { SnapshotRunFormat.isCI(environment) }

    /// CI never records; else, as in swift-snapshot-testing, the `record:`
    /// argument, then `withSnapshotTesting(record:)` / the `.snapshots` trait,
    /// then `SNAPSHOT_TESTING_RECORD`, then `.missing`.
    static func mode(
        explicit: SnapshotTestingConfiguration.Record?,
        environment: [String: String]
    ) -> SnapshotTestingConfiguration.Record {
        if isCI(environment) { return .never }
        if let explicit { return explicit }
        if let configured = SnapshotTestingConfiguration.current?.record { return configured }
        if let text = environment["SNAPSHOT_TESTING_RECORD"],
            let mode = SnapshotTestingConfiguration.Record(rawValue: text.lowercased())
        {
            return mode
        }
        return .missing
    }

    /// Writes atomically unless the file already holds these bytes — or
    /// other bytes of exactly the same pixels (another zlib may compress
    /// differently; rewriting would only churn git). Returns whether it wrote.
    static func write(_ data: Data, to file: URL) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: file.path) {
            if existing == data { return false }
            if let old = try? Bitmap(decoding: existing), let new = try? Bitmap(decoding: data), old == new { return false }
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: file.path)
        return true
    }
}
