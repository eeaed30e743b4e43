import Testing

@testable import Vignette

/// The one concurrency primitive behind the pipeline's transfer slots and the
/// render service's admission. Every wait is on the gate's own signal
/// (`untilWaiting`), never on the clock.
@Suite(.timeLimit(.minutes(30))) struct ConcurrencyGateTests {
    @Test func slotsGoToTheHighestPriorityThenFirstCome() async throws {
        let gate = ConcurrencyGate(limit: 1)
        try await gate.acquire(.normal)
        let order = Recorder()
        var tasks: [Task<Void, any Error>] = []
        for (name, priority) in [("low1", ImagePriority.low), ("normal1", .normal), ("low2", .low), ("high", .high), ("normal2", .normal)] {
            tasks.append(
                Task {
                    try await gate.acquire(priority)
                    order.append(name)
                    gate.release()
                })
            let queued = tasks.count
            #expect(await gate.untilWaiting(queued))
        }
        gate.release()
        for task in tasks { try await task.value }
        #expect(order.names == ["high", "normal1", "normal2", "low1", "low2"])
        #expect(gate.peakRunning == 1)
        #expect(gate.active == 0)
    }

    @Test func aWaiterRaisedWhileQueuedOvertakes() async throws {
        let gate = ConcurrencyGate(limit: 1)
        try await gate.acquire(.normal)
        let order = Recorder()
        // A job follows its waiters: raising one of them raises the job.
        let prefetch = ConcurrencyGate.Priority(.low)
        let job = ConcurrencyGate.Priority(.low)
        job.follow(prefetch)
        let normal = Task {
            try await gate.acquire(.normal)
            order.append("normal")
            gate.release()
        }
        #expect(await gate.untilWaiting(1))
        let raised = Task {
            try await gate.acquire(job)
            order.append("raised")
            gate.release()
        }
        #expect(await gate.untilWaiting(2))
        prefetch.raise(to: .high)
        #expect(job.current == .high)
        gate.release()
        try await normal.value
        try await raised.value
        #expect(order.names == ["raised", "normal"])
    }

    @Test func cancelledWaitersLeaveTheQueue() async throws {
        let gate = ConcurrencyGate(limit: 1)
        try await gate.acquire(.normal)
        let waiter = Task { try await gate.acquire(.normal) }
        #expect(await gate.untilWaiting(1))
        waiter.cancel()
        #expect(await waiter.result.refusal == .cancelled)
        #expect(gate.waitingCount == 0)
        gate.release()
        try await gate.acquire(.low)  // the slot is free again
    }

    @Test func aTaskCancelledBeforeAskingIsRefused() async throws {
        let gate = ConcurrencyGate(limit: 2)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await gate.acquire(.normal)
        }
        #expect(await task.result.refusal == .cancelled)
        #expect(gate.active == 0)
    }

    @Test func beyondTheQueueLimitCallersAreRefusedAtOnce() async throws {
        let gate = ConcurrencyGate(limit: 1, queueLimit: 2)
        try await gate.acquire()
        let order = Recorder()
        var queued: [Task<Void, any Error>] = []
        for name in ["first", "second"] {
            queued.append(
                Task {
                    try await gate.acquire()
                    order.append(name)
                    gate.release()
                })
            let count = queued.count
            #expect(await gate.untilWaiting(count))
        }
        await #expect(throws: ConcurrencyGate.Refusal.queueFull) { try await gate.acquire() }
        #expect(gate.waitingCount == 2)
        gate.release()
        for task in queued { try await task.value }
        #expect(order.names == ["first", "second"])  // arrival order within a priority
        #expect(gate.active == 0)
    }

    @Test func aZeroQueueAdmitsOnlyUpToTheLimit() async throws {
        let gate = ConcurrencyGate(limit: 2, queueLimit: 0)
        try await gate.acquire()
        try await gate.acquire()
        await #expect(throws: ConcurrencyGate.Refusal.queueFull) { try await gate.acquire() }
        gate.release()
        try await gate.acquire()
        #expect(gate.peakRunning == 2)
    }
}

extension Result {
    /// The gate's refusal, or nil on success or any other error.
    fileprivate var refusal: ConcurrencyGate.Refusal? {
        if case .failure(let error) = self { return error as? ConcurrencyGate.Refusal }
        return nil
    }
}
