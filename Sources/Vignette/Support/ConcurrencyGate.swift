/// The package's one concurrency primitive: at most `limit` holders at once.
/// A freed slot goes to the most urgent waiter, first come first served
/// within a priority, so low-priority work never starts while more urgent
/// work waits; at most `queueLimit` may wait, and beyond that a caller is
/// refused at once; a waiter whose task is cancelled leaves the queue.
///
/// The pipeline's transfers wait here by `ImagePriority` (prefetch lowest),
/// and the render service admits requests through one (all `.normal`, a
/// bounded queue, 503 when it is full).
///
/// ```swift
/// let gate = ConcurrencyGate(limit: 4, queueLimit: 64)
/// try await gate.acquire(.normal)
/// defer { gate.release() }
/// ```
package final class ConcurrencyGate: Sendable {
    /// Holders at once.
    package let limit: Int
    /// Waiters at once; one more is refused with `Refusal.queueFull`.
    package let queueLimit: Int

    /// Why a caller did not get a slot.
    package enum Refusal: Error, Equatable {
        /// `queueLimit` callers were already waiting.
        case queueFull
        /// The caller's task was cancelled before a slot was free.
        case cancelled
    }

    private struct Waiter {
        var id: UInt64
        var priority: Priority
        var continuation: CheckedContinuation<Refusal?, Never>
    }

    private struct State {
        var running = 0
        var waiters: [Waiter] = []
        var cancelledEarly: Set<UInt64> = []
        var nextID: UInt64 = 0
        var peakRunning = 0
    }

    private let state = Locked(State())
    /// Told after every change of the queue, so a test can await it.
    package let changes: StateChanges

    /// A gate of `limit` slots (at least one) and a queue of `queueLimit`;
    /// `changes` is told of every change of the queue (a test hook).
    package init(limit: Int, queueLimit: Int = .max, changes: StateChanges = StateChanges()) {
        self.limit = max(1, limit)
        self.queueLimit = max(0, queueLimit)
        self.changes = changes
    }

    /// Slots in use now.
    package var active: Int { state.withLock { $0.running } }
    /// The most slots ever in use at once (for tests and diagnostics).
    package var peakRunning: Int { state.withLock { $0.peakRunning } }
    /// Callers waiting for a slot.
    package var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Returns once exactly `count` callers wait: the signal a test awaits
    /// instead of polling `waitingCount` against the clock.
    /// False when the waiting task is cancelled first (a test's time limit).
    @discardableResult
    package func untilWaiting(_ count: Int) async -> Bool {
        await changes.until { [self] in waitingCount == count }
    }

    /// Waits for a slot at a fixed priority.
    package func acquire(_ priority: ImagePriority = .normal) async throws(Refusal) {
        try await acquire(Priority(priority))
    }

    /// Waits for a slot at a priority that may be raised meanwhile; call
    /// `release()` once done. A slot granted to a task cancelled meanwhile
    /// is still the caller's to release.
    package func acquire(_ priority: Priority) async throws(Refusal) {
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        let refusal = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Refusal?, Never>) in
                // One critical section decides granted, refused or queued,
                // so a slot freed meanwhile is never missed.
                let decided = state.withLock { s in decide(id, priority, continuation, &s) }
                if let decided { continuation.resume(returning: decided) } else { changes.changed() }
            }
        } onCancel: {
            let waiting = state.withLock { s -> CheckedContinuation<Refusal?, Never>? in
                guard let index = s.waiters.firstIndex(where: { $0.id == id }) else {
                    s.cancelledEarly.insert(id)
                    return nil
                }
                return s.waiters.remove(at: index).continuation
            }
            waiting?.resume(returning: .cancelled)
            changes.changed()
        }
        if let refusal { throw refusal }
    }

    /// Granted (`.some(nil)`), refused (`.some(reason)`) or queued (`nil`).
    private func decide(
        _ id: UInt64, _ priority: Priority, _ continuation: CheckedContinuation<Refusal?, Never>, _ s: inout State
    ) -> Refusal?? {
        if s.cancelledEarly.remove(id) != nil { return .some(.cancelled) }
        let mine = priority.current
        if s.running < limit && !s.waiters.contains(where: { $0.priority.current >= mine }) {
            s.running += 1
            s.peakRunning = max(s.peakRunning, s.running)
            return .some(nil)
        }
        if s.waiters.count >= queueLimit { return .some(.queueFull) }
        s.waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
        return nil
    }

    /// Frees a slot, handing it straight to the most urgent, longest waiter.
    package func release() {
        let next = state.withLock { s -> CheckedContinuation<Refusal?, Never>? in
            let priorities = s.waiters.map { $0.priority.current }
            guard
                let best = s.waiters.indices.max(by: {
                    priorities[$0] < priorities[$1]
                        || (priorities[$0] == priorities[$1] && s.waiters[$0].id > s.waiters[$1].id)
                })
            else {
                s.running -= 1
                return nil
            }
            return s.waiters.remove(at: best).continuation  // the slot passes on: running stays
        }
        next?.resume(returning: nil)
        changes.changed()
    }
}
