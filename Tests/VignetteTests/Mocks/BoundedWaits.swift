import Foundation

@testable import Vignette

/// A pipeline request that never answers must fail its test, not hang the
/// run: Swift Testing's time limit cancels a test, but cannot end an await
/// on a continuation nobody resumes (seen when a coalescer loses a waiter).
struct Unanswered: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "no answer within \(limit)" }
}

extension Task where Failure == any Error {
    /// The task's value, or — after `limit` — the task is cancelled and left
    /// behind, and the call throws `Unanswered`.
    func value(within limit: Duration = .seconds(10)) async throws -> Success {
        try await result(within: limit).get()
    }

    /// The task's result, or `Unanswered` after `limit` (see `value(within:)`).
    func result(within limit: Duration = .seconds(10)) async -> Result<Success, any Error> {
        await withCheckedContinuation { continuation in
            let answered = Locked(false)
            let answer: @Sendable (Result<Success, any Error>) -> Void = { result in
                let first = answered.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: result) }
            }
            let timer = Task<Void, Never> {
                try? await Task<Never, Never>.sleep(for: limit)
                guard !Task<Never, Never>.isCancelled else { return }
                self.cancel()
                answer(.failure(Unanswered(limit: limit)))
            }
            Task<Void, Never> {
                let result = await self.result
                timer.cancel()
                answer(result)
            }
        }
    }
}

/// The pipeline error `task` ended with, or nil when it succeeded (or did
/// not answer).
func pipelineError(of task: Task<Bitmap, any Error>) async -> ImageLoadingError? {
    guard case .failure(let error) = await task.result(within: .seconds(10)) else { return nil }
    return error as? ImageLoadingError
}
