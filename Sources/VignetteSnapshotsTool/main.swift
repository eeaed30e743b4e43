import Foundation
import VignetteSnapshotReview

// `swift package vignette-snapshots …` runs this with the package root as the working directory.
exit(SnapshotTool.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
