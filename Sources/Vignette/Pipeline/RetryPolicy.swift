/// Retries for transient failures (timeouts, broken connections, 408, 429,
/// 5xx) with exponential backoff and full jitter; `Retry-After` is honoured
/// up to `maximumDelay`. Other errors are never retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (0 = no retries).
    public var maxRetries: Int
    /// The delay before the first retry, doubled each time.
    public var initialDelay: Duration
    /// The longest wait between attempts, including `Retry-After`.
    public var maximumDelay: Duration
    /// The whole fetch, first attempt, waits and retries included, stays
    /// within this when set: no retry starts whose wait would end past it,
    /// and a retry still running at it is cut off (a `.timedOut` failure).
    /// nil (the default) bounds each attempt only by the loader's timeout.
    public var budget: Duration?

    /// A policy; the default retries twice, from 200 ms, with no budget.
    public init(
        maxRetries: Int = 2, initialDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(10),
        budget: Duration? = nil
    ) {
        self.maxRetries = max(0, maxRetries)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.budget = budget
    }

    /// No retries.
    public static let none = RetryPolicy(maxRetries: 0)

    /// The wait before retry number `attempt` (0-based), given the server's
    /// `Retry-After` if any.
    func delay(beforeRetry attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, maximumDelay) }
        let ceiling = min(maximumDelay, initialDelay * (1 << min(attempt, 20)))
        // Half fixed, half random ("equal jitter"): spreads retries of many
        // clients without ever retrying immediately.
        return ceiling / 2 + ceiling / 2 * Double.random(in: 0...1)
    }
}
