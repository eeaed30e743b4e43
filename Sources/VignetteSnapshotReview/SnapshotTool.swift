import Foundation

/// The `vignette-snapshots` plugin's tool (also runnable as the
/// `VignetteSnapshotsTool` executable): `review`, `accept`, `obsolete`, `report`.
package enum SnapshotTool {
    package static let usage = """
        usage: swift package --allow-writing-to-package-directory vignette-snapshots COMMAND [options]

        commands:
          review [--port N]            serve the review page on 127.0.0.1 (an ephemeral port unless N) until
                                       Ctrl-C or the page's Done: every failed, new and obsolete snapshot
          accept (--all | NAME...)     copy the failing actuals over their references (NAME: a path under
                                       Snapshots/ or a glob, quoted: 'Suite/*')
          obsolete [--delete]          list (delete) the references no test asserted in the last complete run
          report [--junit FILE] [--markdown] [--link-base URL]
                                       the last run as JUnit XML and/or a Markdown table (CI job summary);
                                       plain lines without either
        options:
          --snapshots DIR              references (default $VIGNETTE_SNAPSHOTS, else Snapshots)
          --artifacts DIR              the last run (default $SNAPSHOT_ARTIFACTS, else .build/vignette-snapshots)

        exit status: 0 done; 1 accept matched nothing, obsolete listed references, report found changed or new
        snapshots; 2 the run cannot be read or decide, a file cannot be read or written, or CI=true refused a
        write; 64 usage error. Through `swift package` any status but 0 makes it exit 1 after the tool's message.
        """

    /// Parsed options: `--name value` pairs, flags, and the rest in order.
    struct Arguments {
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var names: [String] = []

        static let valued: Set<String> = ["--snapshots", "--artifacts", "--port", "--junit", "--link-base"]
        static let flagged: Set<String> = ["--all", "--delete", "--markdown"]

        init(_ arguments: ArraySlice<String>) throws(SnapshotFiles.Failure) {
            var rest = arguments
            while let argument = rest.popFirst() {
                if Self.valued.contains(argument) {
                    guard let value = rest.popFirst() else { throw SnapshotFiles.Failure("\(argument) needs a value") }
                    options[argument] = value
                } else if Self.flagged.contains(argument) {
                    flags.insert(argument)
                } else if argument.hasPrefix("-") {
                    throw SnapshotFiles.Failure("unknown option \(argument)")
                } else {
                    names.append(argument)
                }
            }
        }
    }

    /// Runs one command; returns the exit status. `review` blocks until the page says it is done.
    package static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        guard let command = arguments.first, !["-h", "--help", "help"].contains(command) else {
            print(usage)
            return arguments.isEmpty ? 64 : 0
        }
        let parsed: Arguments
        do {
            parsed = try Arguments(arguments.dropFirst())
            try check(command, parsed)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n\n\(usage)\n".utf8))
            return 64
        }
        let folders = SnapshotFolders(snapshots: parsed.options["--snapshots"], artifacts: parsed.options["--artifacts"], environment: environment)
        guard let review = SnapshotCommands.load(folders, environment: environment) else { return 2 }
        switch command {
        case "accept": return SnapshotCommands(review: review).accept(parsed.flags.contains("--all") ? nil : parsed.names)
        case "obsolete": return SnapshotCommands(review: review).obsolete(delete: parsed.flags.contains("--delete"))
        case "report": return report(review, parsed)
        default: return serve(review, port: parsed.options["--port"].flatMap { UInt16($0) } ?? 0)
        }
    }

    static func check(_ command: String, _ parsed: Arguments) throws(SnapshotFiles.Failure) {
        let allowed: [String: Set<String>] = [
            "review": ["--port"], "accept": ["--all"], "obsolete": ["--delete"], "report": ["--junit", "--markdown", "--link-base"]
        ]
        guard let own = allowed[command] else { throw SnapshotFiles.Failure("unknown command \(command)") }
        let given = Set(parsed.options.keys).union(parsed.flags).subtracting(["--snapshots", "--artifacts"])
        if let stray = given.subtracting(own).sorted().first { throw SnapshotFiles.Failure("\(command) takes no \(stray)") }
        if command == "accept" && parsed.flags.contains("--all") == !parsed.names.isEmpty {
            throw SnapshotFiles.Failure(parsed.names.isEmpty ? "give --all, or the NAMEs of the snapshots to accept" : "give --all or NAMEs, not both")
        }
        if command != "accept" && !parsed.names.isEmpty { throw SnapshotFiles.Failure("\(command) takes no NAME") }
        if let port = parsed.options["--port"], UInt16(port) == nil { throw SnapshotFiles.Failure("--port wants 0…65535, not \(port)") }
    }

    static func report(_ review: SnapshotReview, _ parsed: Arguments) -> Int32 {
        var report = SnapshotReport(review: review)
        report.linkBase = parsed.options["--link-base"] ?? ""
        if let file = parsed.options["--junit"] {
            do {
                try SnapshotFiles.writeAtomically(Data(report.junit.utf8), to: file)
            } catch {
                FileHandle.standardError.write(Data("error: --junit: \(error)\n".utf8))
                return 2
            }
        }
        if parsed.flags.contains("--markdown") {
            print(report.markdown, terminator: "")
        } else if parsed.options["--junit"] == nil {
            for entry in review.entries { print("\(entry.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(entry.path)") }
            print("\(review.run.asserted.count) asserted, \(review.entries.count) to review")
        }
        return report.status
    }

    static func serve(_ review: SnapshotReview, port: UInt16) -> Int32 {
        let server: ReviewServer
        do {
            server = try ReviewServer(session: ReviewSession(review: review), port: port)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            return 2
        }
        // Written at once (print buffers on a pipe): a script waits for this line.
        let count = "\(review.entries.count) snapshot\(review.entries.count == 1 ? "" : "s")"
        FileHandle.standardOutput.write(Data("review \(count) at \(server.url)  (Ctrl-C or Done to stop)\n".utf8))
        server.serve()
        return 0
    }
}
