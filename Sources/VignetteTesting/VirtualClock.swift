import VignetteCore

/// A clock that moves only when a test moves it: sleeping on it suspends
/// the task (never a thread) until `advance(by:)` reaches the deadline, so
/// code that waits runs instantly and in an order the test decides.
/// Cancelling a sleeping task ends its sleep at once with `CancellationError`.
///
/// ```swift
/// let clock = VirtualClock()
/// let nap = Task { try await clock.sleep(for: .seconds(5)) }
/// await clock.waitForSleepers(1)   // the task is now asleep on the clock
/// clock.advance(by: .seconds(5))   // and wakes up: no real time passed
/// try await nap.value
/// ```
public final class VirtualClock: Clock, Sendable {
    /// A point on a virtual clock: the time advanced since the clock was made.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// Time since the clock's start.
        public var offset: Duration

        /// An instant `offset` after the clock's start.
        package init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Earlier instants sort first.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        /// `+2.5 seconds`: the offset from the start.
        public var description: String { "+\(offset)" }
    }

    private struct Sleeper {
        var deadline: Instant?
        var order: UInt64
        var continuation: CheckedContinuation<Result<Void, CancellationError>, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        /// Sleeps begun and not yet over (registered or about to be).
        var active: Set<UInt64> = []
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before their continuation was registered.
        var cancelledEarly: Set<UInt64> = []
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the waiters of `waitForSleepers` that are now satisfied.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let count = sleepers.count
            let ready = countWaiters.filter { $0.count <= count }.map(\.continuation)
            countWaiters.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state = Locked(State())

    /// A clock at its start, `Instant(offset: .zero)`.
    public init() {}

    /// The current virtual time.
    public var now: Instant { state.withLock { $0.now } }

    /// The clock is exact: a sleep ends exactly at its deadline.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on the clock right now.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock reaches `deadline` (at once when it already
    /// has); throws `CancellationError` as soon as the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws(CancellationError) {
        try await wait(until: deadline)
    }

    /// Suspends until the task is cancelled, however far the clock moves
    /// (a load that never answers). Throws `CancellationError` then.
    package func sleepUntilCancelled() async throws(CancellationError) {
        try await wait(until: nil)
        // Unreachable: only cancellation ends a sleep without a deadline.
        throw CancellationError()
    }

    /// Moves the clock forward by `duration` (negative moves nothing) and
    /// wakes every sleep whose deadline is reached, earliest first. Returns
    /// how many woke.
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        advance(to: now.advanced(by: max(duration, .zero)))
    }

    /// Moves the clock to `instant` (never backwards) and wakes every sleep
    /// whose deadline is reached, earliest first. Returns how many woke.
    @discardableResult
    package func advance(to instant: Instant) -> Int {
        let woken = state.withLock { s -> [CheckedContinuation<Result<Void, CancellationError>, Never>] in
            s.now = max(s.now, instant)
            let now = s.now
            let due = s.sleepers.filter { entry in entry.value.deadline.map { $0 <= now } ?? false }
                .sorted { ($0.value.deadline!, $0.value.order) < ($1.value.deadline!, $1.value.order) }
            for (id, _) in due {
                s.sleepers[id] = nil
                s.active.remove(id)
            }
            return due.map(\.value.continuation)
        }
        for continuation in woken { continuation.resume(returning: .success(())) }
        return woken.count
    }

    /// Returns once at least `count` tasks are asleep on the clock, so a
    /// test advances the clock only after the loads it means to release
    /// have started waiting. Not cancellable: make sure `count` is reached.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { s -> Bool in
                if s.sleepers.count >= count { return true }
                s.countWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// One sleep: registered under a fresh id, ended by `advance` (when it
    /// has a deadline) or by cancellation, whichever comes first.
    private func wait(until deadline: Instant?) async throws(CancellationError) {
        let id = state.withLock { s -> UInt64? in
            if let deadline, deadline <= s.now { return nil }
            s.nextID += 1
            s.active.insert(s.nextID)
            return s.nextID
        }
        guard let id else {
            if Task.isCancelled { throw CancellationError() }
            return
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, CancellationError>, Never>) in
                register(id, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            let continuation = state.withLock { s -> CheckedContinuation<Result<Void, CancellationError>, Never>? in
                if let sleeper = s.sleepers.removeValue(forKey: id) {
                    s.active.remove(id)
                    return sleeper.continuation
                }
                if s.active.contains(id) { s.cancelledEarly.insert(id) }
                return nil
            }
            continuation?.resume(returning: .failure(CancellationError()))
        }
        try outcome.get()
    }

    private func register(
        _ id: UInt64, deadline: Instant?,
        continuation: CheckedContinuation<Result<Void, CancellationError>, Never>
    ) {
        let (immediate, waiters) = state.withLock { s -> (Result<Void, CancellationError>?, [CheckedContinuation<Void, Never>]) in
            if s.cancelledEarly.remove(id) != nil {
                s.active.remove(id)
                return (.failure(CancellationError()), [])
            }
            // The clock may have moved past the deadline since the id was taken.
            if let deadline, deadline <= s.now {
                s.active.remove(id)
                return (.success(()), [])
            }
            s.sleepers[id] = Sleeper(deadline: deadline, order: id, continuation: continuation)
            return (nil, s.satisfiedWaiters())
        }
        if let immediate { continuation.resume(returning: immediate) }
        for waiter in waiters { waiter.resume() }
    }
}
