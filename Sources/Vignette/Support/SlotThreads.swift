import Dispatch
import Foundation

/// Threads of our own for the CPU-bound work that holds a ``ConcurrencyGate``'s
/// slots — large decodes, renders and encodes: one thread per slot, started on
/// the first job and stopped once the executor is freed.
///
/// Work run here never occupies a thread of Swift's cooperative pool (one per
/// core), so while every slot is busy with a large image the pool stays free
/// for what takes no slot — a thumbnail's decode and render, HTTP handling,
/// the pipeline's bookkeeping — and the kernel shares the cores between the
/// two. A slot holder always finds its thread idle: the gate admits no more
/// holders than there are threads.
///
/// ```swift
/// let threads = SlotThreads(count: 2, name: "vignette.decode")
/// try await gate.acquire(.normal)
/// defer { gate.release() }
/// let bitmap = await threads.run { decode(data) }
/// ```
package final class SlotThreads: TaskExecutor {
    /// Threads, once started.
    package let count: Int
    /// The threads' name, as `top` and a debugger show it.
    package let name: String
    private let queue: JobQueue

    /// `count` threads (at least one) named `name`, none started yet.
    package init(count: Int, name: String) {
        self.count = max(1, count)
        self.name = name
        queue = JobQueue()
    }

    deinit { queue.stop() }

    /// Threads started so far (none until the first job, then `count`).
    package var started: Int { queue.started }

    /// Runs `work` on one of the threads, the caller's task suspended meanwhile.
    package func run<T, E: Error>(_ work: () throws(E) -> T) async throws(E) -> T {
        try await withTaskExecutorPreference(self) { () throws(E) -> T in try work() }
    }

    /// Hands `job` to an idle thread, starting the threads on the first job.
    package func enqueue(_ job: consuming ExecutorJob) {
        if queue.push(UnownedJob(job), threads: count) {
            let executor = asUnownedTaskExecutor()
            for index in 0..<count {
                let thread = Thread { [queue] in
                    while let job = queue.next() { job.runSynchronously(on: executor) }
                }
                thread.name = "\(name).\(index)"
                thread.start()
            }
        }
    }
}

/// The jobs waiting for a thread: first come, first served. A thread waits
/// on the semaphore, which counts jobs (and, once stopped, one wake-up per
/// thread), so no wake-up is ever missed.
private final class JobQueue: Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var started = 0
    }

    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)

    var started: Int { state.withLock { $0.started } }

    /// Queues `job`; true when the caller is to start `threads` threads (the first job).
    func push(_ job: UnownedJob, threads: Int) -> Bool {
        let first = state.withLock { s -> Bool in
            s.jobs.append(job)
            guard s.started == 0 else { return false }
            s.started = threads
            return true
        }
        ready.signal()
        return first
    }

    /// The next job, waiting for one; nil once stopped and drained.
    func next() -> UnownedJob? {
        ready.wait()
        return state.withLock { s -> UnownedJob? in
            s.jobs.isEmpty ? nil : s.jobs.removeFirst()  // empty: a stop's wake-up
        }
    }

    /// Wakes every thread to leave once the jobs are done.
    func stop() {
        for _ in 0..<started { ready.signal() }
    }
}
