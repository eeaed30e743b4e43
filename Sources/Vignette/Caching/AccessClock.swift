#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The timestamps both disk-cache engines record accesses with, for the
/// LRU sweep: wall-clock nanoseconds since 1970, so they compare with file
/// modification times and with other processes' records, and strictly
/// increasing per clock, so two accesses within one clock tick keep their
/// order. Not thread-safe by itself: engines keep it in their `Locked` state.
package struct AccessClock: Sendable {
    /// The last timestamp handed out (0 before the first).
    package private(set) var last: Int64 = 0

    /// A clock that has handed out nothing yet.
    package init() {}

    /// A fresh timestamp, later than every earlier one of this clock.
    package mutating func tick() -> Int64 {
        last = max(Self.now(), last + 1)
        return last
    }

    /// Wall-clock time in nanoseconds since 1970.
    package static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
