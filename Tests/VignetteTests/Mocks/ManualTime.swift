import Vignette

/// Wall-clock time that moves only when the test says (nanoseconds since
/// 1970), for code that reads the time through a `@Sendable () -> Int64`
/// (`SQLiteCacheStorage(directory:clock:)`): nothing waits for a second
/// to pass, and nothing depends on how fast the machine is.
final class ManualTime: Sendable {
    private let nanoseconds: Locked<Int64>

    /// A clock reading `start`.
    init(_ start: Int64 = 1_800_000_000_000_000_000) { nanoseconds = Locked(start) }

    /// The time now.
    var now: Int64 { nanoseconds.withLock { $0 } }

    /// The clock as the code under test reads it.
    var source: @Sendable () -> Int64 { { [nanoseconds] in nanoseconds.withLock { $0 } } }

    /// Moves the clock forward.
    func advance(by delta: Int64) { nanoseconds.withLock { $0 += delta } }
}
