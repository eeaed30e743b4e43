import Foundation

@testable import Vignette

/// A pipeline request that never answers must fail its test, not hang the
/// run. The suite's time limit cancels a hung test, but cancelling cannot
/// end an await on a continuation nobody resumes (seen when a coalescer
/// loses a waiter): these waits end on cancellation themselves, throwing
/// `Unanswered`. No clock of their own: a slow machine only waits longer.
///
/// The time limits are 30 minutes, hang ceilings only: Swift Testing starts
/// a test's clock when the test starts, and in a parallel run on two loaded
/// cores a trivial async test waited over three minutes for a thread of the
/// cooperative pool. Only a limit beyond the whole run's length never fires
/// on a test that is merely slow.
struct Unanswered: Error, CustomStringConvertible {
    var description: String { "no answer before the test was cancelled (its time limit)" }
}

extension Task where Failure == any Error {
    /// The task's value; when the waiting test is cancelled first, the task
    /// is cancelled and left behind, and the call throws `Unanswered`.
    func value() async throws -> Success {
        try await answer().get()
    }

    /// The task's result, or `Unanswered` (see `value()`).
    func answer() async -> Result<Success, any Error> {
        let slot = Locked<(done: Bool, continuation: CheckedContinuation<Result<Success, any Error>, Never>?)>((false, nil))
        let answer: @Sendable (Result<Success, any Error>) -> Void = { result in
            let waiting = slot.withLock { s -> CheckedContinuation<Result<Success, any Error>, Never>? in
                s.done = true
                defer { s.continuation = nil }
                return s.continuation
            }
            waiting?.resume(returning: result)
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let done = slot.withLock { s -> Bool in
                    if !s.done { s.continuation = continuation }
                    return s.done
                }
                if done { return continuation.resume(returning: .failure(Unanswered())) }
                Task<Void, Never> { answer(await self.result) }
            }
        } onCancel: {
            self.cancel()
            answer(.failure(Unanswered()))
        }
    }
}

/// The pipeline error `task` ended with, or nil when it succeeded (or did
/// not answer).
func pipelineError(of task: Task<Bitmap, any Error>) async -> ImageRequest.Error? {
    guard case .failure(let error) = await task.answer() else { return nil }
    return error as? ImageRequest.Error
}
