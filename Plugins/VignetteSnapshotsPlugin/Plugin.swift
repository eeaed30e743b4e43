import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory vignette-snapshots review|accept|obsolete|report`:
/// runs VignetteSnapshotsTool in the package's root folder, where the tests keep
/// `Snapshots/` and `.build/vignette-snapshots`. The tool depends on nothing but
/// Foundation and VignetteSnapshotReview, so SwiftPM builds it in seconds.
@main
struct VignetteSnapshotsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "VignetteSnapshotsTool")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("vignette-snapshots \(arguments.first ?? ""): exit status \(process.terminationStatus) (see the tool's usage)")
        }
    }
}
