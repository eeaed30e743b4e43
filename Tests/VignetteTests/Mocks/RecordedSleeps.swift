import Vignette

/// Stands in for `ImagePipeline.Configuration.sleep`: records every wait
/// the pipeline asks for and returns at once (or throws when the waiting
/// task is cancelled), so a test asserts the exact delays instead of
/// measuring real time.
final class RecordedSleeps: Sendable {
    private let delays = Locked<[Duration]>([])

    /// The waits asked for so far, in order.
    var requested: [Duration] { delays.withLock { $0 } }

    /// The function to put in the configuration.
    var sleep: @Sendable (Duration) async throws -> Void {
        { [delays] delay in
            delays.withLock { $0.append(delay) }
            try Task.checkCancellation()
        }
    }
}
