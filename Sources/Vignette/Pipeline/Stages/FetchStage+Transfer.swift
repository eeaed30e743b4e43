import Foundation

extension FetchStage {
    /// The transfer, holding one of the pipeline's slots per attempt,
    /// retried with backoff while the failure is transient.
    func transfer(
        _ url: URL, validators: CacheValidators,
        priority: ConcurrencyGate.Priority
    ) async -> Result<LoadedData, ImageLoadingError> {
        var attempt = 0
        while true {
            do {
                try await scheduler.acquire(priority)
            } catch {
                return .failure(.cancelled(url))
            }
            let outcome: Result<LoadedData, LoadingError>
            do throws(LoadingError) {
                outcome = .success(try await loader.load(url, revalidating: validators))
            } catch {
                outcome = .failure(error)
            }
            scheduler.release()
            switch outcome {
            case .success(let response):
                return .success(response)
            case .failure(.cancelled):
                return .failure(.cancelled(url))
            case .failure(let error):
                guard error.isTransient, attempt < retry.maxRetries, !Task.isCancelled else {
                    if case .refused(_, let refusal) = error { observer.refused(url, refusal) }
                    return .failure(.loadingFailed(error, attempts: attempt + 1))
                }
                var retryAfter: Duration?
                if case .httpStatus(_, _, let after) = error { retryAfter = after }
                let delay = retry.delay(beforeRetry: attempt, retryAfter: retryAfter)
                observer.retrying(url, after: error, attempt: attempt + 1, delay: delay)
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return .failure(.cancelled(url))
                }
                attempt += 1
            }
        }
    }
}
