import Foundation

extension SnapshotRun {
    /// Options of the test runners that select tests: Swift Testing's
    /// `--filter`/`--skip`, and a configuration file (Xcode's test plans)
    /// whose selection cannot be read here.
    static let selectingOptions: Set<String> = [
        "--filter", "--skip", "--configuration-path", "--experimental-configuration-path"
    ]

    /// Options that take a value and select nothing (the value is not a test name).
    static let valueOptions: Set<String> = [
        "--testing-library", "--attachments-path", "--experimental-attachments-path",
        "--event-stream-output-path", "--experimental-event-stream-output", "--event-stream-version",
        "--experimental-event-stream-version", "--xunit-output", "--repetitions", "--repeat-until",
        "--symbolicate-backtraces", "--maximum-parallelization-width"
    ]

    /// Whether this process runs only some of the tests, so its manifest
    /// cannot say which references are obsolete: a selecting option
    /// (`swift test --filter X` passes its own arguments, `--filter X`
    /// among them, to the Swift Testing process), under XCTest a test name
    /// as an argument (how XCTest receives a filter, and each test of
    /// `swift test --parallel`), or an Xcode test configuration.
    static func isFiltered(_ arguments: [String], environment: [String: String], library: String) -> Bool {
        if environment["XCTestConfigurationFilePath"] != nil { return true }
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if selectingOptions.contains(name) { return true }
            if valueOptions.contains(argument) {
                _ = remaining.popFirst()
            } else if library == "xctest" && !argument.hasPrefix("-") {
                return true
            }
        }
        return false
    }
}
