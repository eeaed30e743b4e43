/// Bounded concurrency with priorities: at most `limit` slots; a freed slot
/// goes to the highest-priority waiter, first come first served within a
/// priority, so low-priority work never starts while higher work waits.
final class LoadScheduler: Sendable {
    let limit: Int

    /// A waiter's priority, which may rise while it waits (a visible
    /// request joining a queued prefetch). A shared job follows the
    /// priorities of everyone waiting for it: its current priority is the
    /// highest of its own and theirs, so a raise anywhere downstream (a
    /// visible decode joining a queued prefetch) reaches the transfer.
    final class Priority: Sendable {
        private struct Links {
            var own: ImagePriority
            var followed: [Priority] = []
        }
        private let links: Locked<Links>
        init(_ priority: ImagePriority) { links = Locked(Links(own: priority)) }
        var current: ImagePriority {
            let (own, followed) = links.withLock { ($0.own, $0.followed) }
            return followed.reduce(own) { max($0, $1.current) }
        }
        func raise(to priority: ImagePriority) { links.withLock { $0.own = max($0.own, priority) } }
        /// From now on, at least as urgent as `other`.
        func follow(_ other: Priority) { links.withLock { $0.followed.append(other) } }
        /// No longer follows `other` (a waiter that left takes its raise with it).
        func unfollow(_ other: Priority) {
            links.withLock { links in
                if let index = links.followed.firstIndex(where: { $0 === other }) { links.followed.remove(at: index) }
            }
        }
    }

    private struct Waiter {
        var id: UInt64
        var priority: Priority
        var continuation: CheckedContinuation<Void, any Error>
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
    let changes: StateChanges

    init(limit: Int, changes: StateChanges = StateChanges()) {
        self.limit = max(1, limit)
        self.changes = changes
    }

    /// The most slots ever in use at once (for tests and diagnostics).
    var peakRunning: Int { state.withLock { $0.peakRunning } }

    /// Loads waiting for a slot.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Waits for a slot; throws `CancellationError` if the task is cancelled first.
    func acquire(_ priority: ImagePriority) async throws {
        try await acquire(Priority(priority))
    }

    /// Waits for a slot at a priority that may be raised meanwhile.
    func acquire(_ priority: Priority) async throws {
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        let limit = self.limit
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted = state.withLock { s -> Bool? in
                    if s.cancelledEarly.remove(id) != nil { return nil }
                    let mine = priority.current
                    if s.running < limit && !s.waiters.contains(where: { $0.priority.current >= mine }) {
                        s.running += 1
                        s.peakRunning = max(s.peakRunning, s.running)
                        return true
                    }
                    s.waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
                    return false
                }
                switch granted {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: changes.changed()
                }
            }
        } onCancel: {
            let waiting = state.withLock { s -> CheckedContinuation<Void, any Error>? in
                guard let index = s.waiters.firstIndex(where: { $0.id == id }) else {
                    s.cancelledEarly.insert(id)
                    return nil
                }
                return s.waiters.remove(at: index).continuation
            }
            waiting?.resume(throwing: CancellationError())
            changes.changed()
        }
        // A slot granted to a task cancelled meanwhile is simply released by its caller.
    }

    /// Frees a slot and hands it to the best waiter.
    func release() {
        let next = state.withLock { s -> CheckedContinuation<Void, any Error>? in
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
            return s.waiters.remove(at: best).continuation
        }
        next?.resume()
        changes.changed()
    }
}
