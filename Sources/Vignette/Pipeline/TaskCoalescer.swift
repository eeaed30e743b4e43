import Foundation

/// One task per key, however many wait for it: the first waiter starts the
/// work, later ones join it, and the work is cancelled only when every
/// waiter has given up. The job's priority follows its waiters'.
///
/// Both pipeline stages use it: the fetch stage per original data (URL and
/// cache policy), the decode stage per decoded image (data and options).
final class TaskCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    typealias Outcome = Result<Value, ImageRequest.Error>
    typealias Work = @Sendable (ConcurrencyGate.Priority) async -> Outcome

    private struct Job {
        /// Tells this job from a newer one for the same key (after all
        /// waiters left and a new one came), so a late finish of the old
        /// task never takes the new job's waiters.
        var id: UInt64
        var task: Task<Void, Never>?
        var priority: ConcurrencyGate.Priority
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>] = [:]
        /// Each waiter's priority, which the job follows while it waits.
        var priorities: [UInt64: ConcurrencyGate.Priority] = [:]
    }

    private struct State {
        var jobs: [Key: Job] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
        /// Waiters that joined a job already in flight, ever.
        var joined = 0
    }

    private let state = Locked(State())
    /// Told after every change of the jobs and their waiters, so a test can await them.
    let changes: StateChanges

    init(changes: StateChanges = StateChanges()) { self.changes = changes }

    /// The value for `key`: joins the job in flight or starts `work`.
    /// Cancelling the caller gives up with `.cancelled(url)`.
    func value(
        for key: Key, url: URL, priority: ConcurrencyGate.Priority,
        work: @escaping Work
    ) async throws(ImageRequest.Error) -> Value {
        let waiter = state.withLock { s -> UInt64 in
            s.nextWaiter += 1
            return s.nextWaiter
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key, url: url, priority: priority, waiter: waiter, continuation: continuation, work: work)
            }
        } onCancel: {
            leave(key, waiter: waiter, url: url)
        }
        return try outcome.get()
    }

    /// Waiters that joined a job already in flight, since the coalescer was made.
    var joinedCount: Int { state.withLock { $0.joined } }

    /// Waiters of the job in flight for `key` (0 when none).
    func waiterCount(for key: Key) -> Int {
        state.withLock { $0.jobs[key]?.waiters.count ?? 0 }
    }

    private func join(
        _ key: Key, url: URL, priority: ConcurrencyGate.Priority, waiter: UInt64,
        continuation: CheckedContinuation<Outcome, Never>, work: @escaping Work
    ) {
        let cancelled = state.withLock { s -> Bool in
            if s.cancelledEarly.remove(waiter) != nil { return true }
            if s.jobs[key] != nil {
                s.joined += 1
                s.jobs[key]!.waiters[waiter] = continuation
                s.jobs[key]!.priorities[waiter] = priority
                s.jobs[key]!.priority.follow(priority)
                return false
            }
            let jobPriority = ConcurrencyGate.Priority(.low)
            jobPriority.follow(priority)
            var job = Job(id: waiter, priority: jobPriority)
            job.waiters[waiter] = continuation
            job.priorities[waiter] = priority
            job.task = Task { [self] in
                let outcome = await work(jobPriority)
                deliver(key, job: waiter, outcome)
            }
            s.jobs[key] = job
            return false
        }
        if cancelled { continuation.resume(returning: .failure(.cancelled(url))) }
        changes.changed()
    }

    private func leave(_ key: Key, waiter: UInt64, url: URL) {
        let (continuation, orphaned) = state.withLock { s -> (CheckedContinuation<Outcome, Never>?, Task<Void, Never>?) in
            guard let removed = s.jobs[key]?.waiters.removeValue(forKey: waiter) else {
                s.cancelledEarly.insert(waiter)
                return (nil, nil)
            }
            if let priority = s.jobs[key]?.priorities.removeValue(forKey: waiter) { s.jobs[key]?.priority.unfollow(priority) }
            // The last waiter gone: abort the work nobody wants any more.
            guard s.jobs[key]!.waiters.isEmpty else { return (removed, nil) }
            return (removed, s.jobs.removeValue(forKey: key)?.task)
        }
        orphaned?.cancel()
        continuation?.resume(returning: .failure(.cancelled(url)))
        changes.changed()
    }

    private func deliver(_ key: Key, job id: UInt64, _ outcome: Outcome) {
        let waiters = state.withLock { s -> [CheckedContinuation<Outcome, Never>] in
            guard s.jobs[key]?.id == id else { return [] }
            return s.jobs.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
        changes.changed()
    }
}
