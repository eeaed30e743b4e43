import Foundation

/// A hook for tests over internal state that has no public signal (a
/// scheduler's queue, a job's waiters): the owner calls `changed()` after
/// each change, outside its own lock, and a test awaits a condition over
/// that state with `until` instead of polling it. One instance may serve
/// several owners (a pipeline's scheduler and both coalescers).
package final class StateChanges: Sendable {
    private struct State {
        var watchers: [UInt64: (condition: @Sendable () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Nobody waiting yet.
    package init() {}

    /// Wakes the waiters whose condition now holds. Cheap when nobody waits.
    package func changed() {
        let watchers = state.withLock { $0.watchers.isEmpty ? [] : Array($0.watchers) }
        for (id, watcher) in watchers where watcher.condition() {
            state.withLock { $0.watchers.removeValue(forKey: id) }?.continuation.resume(returning: true)
        }
    }

    /// True once `condition` holds (checked now and after every change);
    /// false when the waiting task is cancelled first (e.g. by a test's
    /// time limit), so a broken expectation fails instead of hanging.
    package func until(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
        if condition() { return true }
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { s -> Bool in
                    if s.cancelledEarly.remove(id) != nil { return true }
                    s.watchers[id] = (condition, continuation)
                    return false
                }
                if cancelled { return continuation.resume(returning: false) }
                // A change between the first check and the registration.
                if condition() { state.withLock { $0.watchers.removeValue(forKey: id) }?.continuation.resume(returning: true) }
            }
        } onCancel: {
            let watcher = state.withLock { s -> CheckedContinuation<Bool, Never>? in
                guard let watcher = s.watchers.removeValue(forKey: id) else {
                    s.cancelledEarly.insert(id)
                    return nil
                }
                return watcher.continuation
            }
            watcher?.resume(returning: false)
        }
    }
}
