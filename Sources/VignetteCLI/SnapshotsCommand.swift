import ArgumentParser
import Foundation
import Vignette

/// `vignette snapshots accept|obsolete`: act on the last snapshot test run
/// recorded in the artifacts folder (see `SnapshotsRun`).
struct SnapshotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshots",
        abstract: "Accept the failing snapshots of the last test run, or list references no test asserted.",
        discussion: """
            A snapshot test run (assertImageSnapshot of VignetteSnapshotTesting) writes every actual it \
            asserted into the artifacts folder at its reference's path under Snapshots/, so \
            `vignette compare Snapshots .build/vignette-snapshots --report DIR` reviews the whole run; \
            beside them, in .vignette-run/, it keeps the manifest of what was asserted, what failed, and \
            whether each test process finished and ran every test.

            Folders: --snapshots (else $VIGNETTE_SNAPSHOTS, else ./Snapshots) and --artifacts (else \
            $SNAPSHOT_ARTIFACTS, else ./.build/vignette-snapshots), as the tests resolve them from the \
            package root.
            """,
        subcommands: [Accept.self, Obsolete.self])

    /// Where the references and the last run's artifacts are.
    struct Folders: ParsableArguments {
        @Option(help: "The references folder (default: $VIGNETTE_SNAPSHOTS, else ./Snapshots).")
        var snapshots: String?

        @Option(help: "The test run's artifacts folder (default: $SNAPSHOT_ARTIFACTS, else ./.build/vignette-snapshots).")
        var artifacts: String?

        var snapshotsFolder: String { Self.folder(snapshots, variable: "VIGNETTE_SNAPSHOTS", fallback: "Snapshots") }
        var artifactsFolder: String {
            Self.folder(artifacts, variable: "SNAPSHOT_ARTIFACTS", fallback: ".build/vignette-snapshots")
        }

        private static func folder(_ option: String?, variable: String, fallback: String) -> String {
            if let option, !option.isEmpty { return option }
            if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
            return fallback
        }

        /// The last run, or exit 2 saying why it cannot be read.
        func run() throws -> SnapshotsRun {
            do {
                return try SnapshotsRun(artifacts: artifactsFolder)
            } catch {
                SnapshotsRun.printError("error: --artifacts \(artifactsFolder): \(error)")
                throw ExitCode(2)
            }
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the failing actuals of the last run over their references.",
            discussion: """
                NAME is a reference's path under the snapshots folder (Suite/test.1.png; a leading \
                Snapshots/ is dropped) or a glob over those paths (quote it: 'Suite/*', '*tile*'). \
                Only snapshots that failed in the last run are accepted: a mismatch, or a reference \
                missing under CI or record mode never. Refused when CI=true.

                Exit status: 0 when something was accepted, 1 when nothing matched, 2 when a file \
                cannot be read or written or CI=true, 64 on a usage error.
                """)

        @OptionGroup var folders: Folders

        @Flag(help: "Accept every failing snapshot of the last run.")
        var all = false

        @Argument(help: "References to accept: paths under the snapshots folder, or globs.")
        var names: [String] = []

        func validate() throws {
            if all == !names.isEmpty {
                throw ValidationError(all ? "give --all or NAMEs, not both" : "give --all, or the NAMEs of the snapshots to accept")
            }
        }

        func run() throws {
            if ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "") {
                SnapshotsRun.printError("error: refusing to accept snapshots under CI=true; accept them locally and commit them")
                throw ExitCode(2)
            }
            let run = try folders.run()
            throw ExitCode(SnapshotsAccept(run: run, snapshots: folders.snapshotsFolder).accept(all ? nil : names))
        }
    }

    struct Obsolete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the references no test asserted in the last complete run.",
            discussion: """
                Only a complete, unfiltered run decides: every test process of it finished (a crash \
                or a kill leaves none), none was given a filter (--filter, --skip, a test name, an \
                Xcode test configuration), and every test library that asserted snapshots before \
                (XCTest, Swift Testing) ran again. A test skipped by a trait or XCTSkip asserts \
                nothing, so its references are listed: check before --delete.

                Exit status: 0 when no reference is obsolete (or --delete removed them), 1 when some \
                are listed, 2 when the last run cannot decide or a file cannot be read or removed, \
                64 on a usage error.
                """)

        @OptionGroup var folders: Folders

        @Flag(help: "Delete the obsolete references.")
        var delete = false

        func run() throws {
            let run = try folders.run()
            throw ExitCode(SnapshotsAccept(run: run, snapshots: folders.snapshotsFolder).obsolete(delete: delete))
        }
    }
}
