import ArgumentParser
import Foundation
import VignetteSnapshotReview

/// `vignette snapshots accept|obsolete`: act on the last snapshot test run
/// recorded in the artifacts folder (see `SnapshotRunFormat`); the same code as
/// the `vignette-snapshots` plugin's tool (`SnapshotCommands`).
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

        /// The last run and what it left to review, or exit 2 saying why it cannot be read.
        func review() throws -> SnapshotCommands {
            let environment = ProcessInfo.processInfo.environment
            let folders = SnapshotFolders(snapshots: snapshots, artifacts: artifacts, environment: environment)
            guard let review = SnapshotCommands.load(folders, environment: environment) else { throw ExitCode(2) }
            return SnapshotCommands(review: review)
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept",
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
            throw ExitCode(try folders.review().accept(all ? nil : names))
        }
    }

    struct Obsolete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "obsolete",
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
            throw ExitCode(try folders.review().obsolete(delete: delete))
        }
    }
}
