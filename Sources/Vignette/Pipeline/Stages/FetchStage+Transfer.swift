import Foundation

extension FetchStage {
    /// The transfer, holding one of the pipeline's slots per attempt,
    /// retried with backoff while the failure is transient (and, with a
    /// budget, while time is left).
    func transfer(
        _ key: ImageRequest.DataKey, validators: CacheValidators,
        priority: ConcurrencyGate.Priority
    ) async -> Result<LoadedData, ImageRequest.Error> {
        let url = key.url
        let request = DataRequest(url: url, headers: key.headers, validators: validators)
        let deadline = retry.budget.map { ContinuousClock.now + $0 }
        var attempt = 0
        while true {
            do {
                try await scheduler.acquire(priority)
            } catch {
                return .failure(.cancelled(url))
            }
            // Only a retry can outrun the budget: the first attempt is bounded by the loader's own timeout.
            let outcome = await load(request, until: attempt > 0 ? deadline : nil)
            scheduler.release()
            switch outcome {
            case .success(let response):
                return .success(response)
            case .failure(.cancelled):
                return .failure(.cancelled(url))
            case .failure(let error):
                var retryAfter: Duration?
                if case .httpStatus(_, _, let after) = error { retryAfter = after }
                let delay = retry.delay(beforeRetry: attempt, retryAfter: retryAfter)
                guard error.isTransient, attempt < retry.maxRetries, !Task.isCancelled,
                    deadline.map({ ContinuousClock.now + delay < $0 }) ?? true
                else {
                    if case .refused(_, let refusal) = error { observer.refused(url, refusal) }
                    return .failure(.loadingFailed(error, attempts: attempt + 1))
                }
                observer.retrying(url, after: error, attempt: attempt + 1, delay: delay)
                do {
                    try await sleep(delay)
                } catch {
                    return .failure(.cancelled(url))
                }
                attempt += 1
            }
        }
    }

    /// One attempt, cut off at `deadline` when one is given.
    private func load(
        _ request: DataRequest, until deadline: ContinuousClock.Instant?
    ) async -> Result<LoadedData, ImageRequest.TransferError> {
        let (loader, sleep) = (self.loader, self.sleep)
        @Sendable func attempt() async -> Result<LoadedData, ImageRequest.TransferError> {
            do throws(ImageRequest.TransferError) {
                return .success(try await loader.load(request))
            } catch {
                return .failure(error)
            }
        }
        guard let deadline, let budget = retry.budget else { return await attempt() }
        return await withTaskGroup(of: Result<LoadedData, ImageRequest.TransferError>?.self) { group in
            group.addTask { await attempt() }
            group.addTask {
                try? await sleep(deadline - ContinuousClock.now)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            return .failure(Task.isCancelled ? .cancelled(request.url) : .timedOut(request.url, limit: .load(budget)))
        }
    }
}
