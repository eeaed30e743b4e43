import Foundation
import VignetteSnapshotReview

// SwiftPM starts a plugin's tool with every signal blocked (the mask of the thread that spawned it):
// unblock them and restore the default actions, so Ctrl-C and `kill` end `review`.
var signals = sigset_t()
sigemptyset(&signals)
sigprocmask(SIG_SETMASK, &signals, nil)
for number in [SIGINT, SIGTERM, SIGHUP] {
    signal(number, SIG_DFL)
}

// `swift package vignette-snapshots …` runs this with the package root as the working directory.
exit(SnapshotTool.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
