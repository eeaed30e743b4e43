import Vignette

/// At most `limit` requests served at once and `queueLimit` waiting in
/// arrival order; beyond that a request is turned away at once (503 +
/// Retry-After) instead of piling up memory and latency. A waiter whose
/// client goes away leaves the queue.
///
/// ```swift
/// let admission = AdmissionControl(limit: 64, queueLimit: 256)
/// guard try await admission.enter() else { return overloaded }
/// defer { admission.leave() }
/// ```
public final class AdmissionControl: Sendable {
    /// Requests served at once.
    public let limit: Int
    /// Requests allowed to wait.
    public let queueLimit: Int

    private struct State {
        var active = 0
        var nextTicket: UInt64 = 0
        var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    private let state = Locked(State())

    /// A gate.
    public init(limit: Int, queueLimit: Int) {
        self.limit = max(1, limit)
        self.queueLimit = max(0, queueLimit)
    }

    /// Requests being served now.
    public var active: Int { state.withLock { $0.active } }
    /// Requests waiting now.
    public var queued: Int { state.withLock { $0.waiting.count } }

    /// Waits for a slot: true once admitted (call `leave()` when done),
    /// false when the queue is full or the task was cancelled while waiting.
    public func enter() async -> Bool {
        let ticket = state.withLock { s -> UInt64 in
            s.nextTicket += 1
            return s.nextTicket
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // One critical section decides: admitted, refused or queued,
                // so a slot freed meanwhile is never missed.
                let decided = state.withLock { s -> Bool? in
                    if s.active < limit {
                        s.active += 1
                        return true
                    }
                    if Task.isCancelled || s.waiting.count >= queueLimit { return false }
                    s.waiting.append((ticket, continuation))
                    return nil
                }
                if let decided { continuation.resume(returning: decided) }
            }
        } onCancel: {
            let removed = state.withLock { s -> CheckedContinuation<Bool, Never>? in
                guard let index = s.waiting.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                return s.waiting.remove(at: index).continuation
            }
            removed?.resume(returning: false)
        }
    }

    /// Frees a slot, handing it straight to the longest waiter.
    public func leave() {
        let next = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            guard !s.waiting.isEmpty else {
                s.active -= 1
                return nil
            }
            return s.waiting.removeFirst().continuation  // the slot passes on: active stays
        }
        next?.resume(returning: true)
    }
}
