import Foundation

/// The files a snapshot test run keeps in its artifacts folder, shared by the
/// writer (VignetteSnapshotTesting) and the readers (`vignette snapshots`,
/// the `vignette-snapshots` plugin's tool):
///
/// ```
/// ARTIFACTS/<Suite>/<test>.<n or name>.png        every asserted actual, at its reference's path
/// ARTIFACTS/.vignette-run/run-id                  which run wrote the folder
/// ARTIFACTS/.vignette-run/asserted-<pid>.txt      the manifest: one reference path per line
/// ARTIFACTS/.vignette-run/failed-<pid>.txt        the references whose assertion failed
/// ARTIFACTS/.vignette-run/recorded-<pid>.txt      the references the run wrote (new ones, record modes)
/// ARTIFACTS/.vignette-run/process-<pid>.json      library, arguments, filtered, complete
/// ARTIFACTS/.vignette-run/libraries               every test library seen asserting (kept across runs)
/// ARTIFACTS/.vignette-run/images/<Suite>/<name>.{reference,diff,side-by-side}.png  each failure's images
/// ARTIFACTS/.vignette-run/images/<Suite>/<name>.json                              its figures
/// ```
package enum SnapshotRunFormat {
    /// The hidden folder beside the actuals.
    package static let folderName = ".vignette-run"
    /// Manifest prefixes: `<prefix><pid>.txt`.
    package static let assertedPrefix = "asserted-"
    package static let failedPrefix = "failed-"
    package static let recordedPrefix = "recorded-"
    package static let processPrefix = "process-"

    /// What one test process says about itself.
    package struct Process: Codable, Equatable, Sendable {
        package var pid: Int32
        package var library: String
        package var arguments: [String]
        package var filtered: Bool
        package var complete: Bool

        package init(pid: Int32, library: String, arguments: [String], filtered: Bool, complete: Bool) {
            self.pid = pid
            self.library = library
            self.arguments = arguments
            self.filtered = filtered
            self.complete = complete
        }
    }

    /// `Suite/test.1.png`: relative, no `..`, no empty or hidden component, a `.png`.
    /// Every path read from a run is checked with it: the files are untrusted.
    package static func isSafeRelativePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && path.hasSuffix(".png") && !parts.contains { $0.isEmpty || $0.hasPrefix(".") }
    }

    /// Where the failure image `suffix` (`reference`, `diff`, `side-by-side`)
    /// or the figures (`json`) of the snapshot at `relative` are kept.
    package static func failureFile(_ suffix: String, of relative: String, in artifacts: URL) -> URL {
        let stem = String(relative.dropLast(".png".count))
        let ext = suffix == "json" ? ".json" : "." + suffix + ".png"
        return artifacts.appendingPathComponent(folderName, isDirectory: true)
            .appendingPathComponent("images", isDirectory: true).appendingPathComponent(stem + ext)
    }

    /// `CI` set to `true`, `1` or `yes`: nothing is recorded or accepted there.
    package static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return ["true", "1", "yes"].contains(value)
    }
}
