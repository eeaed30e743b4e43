import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `RetryPolicy.budget`: the whole fetch, waits and retries included,
/// stays within it (the render server sets it to its source timeout).
@Suite(.timeLimit(.minutes(30))) struct RetryBudgetTests {
    let loader = MockDataLoader()

    @Test func noRetryStartsWhoseWaitWouldEndPastTheBudget() async throws {
        let url = URL(string: "https://cdn.example/busy.png")!
        let busy = ImageRequest.TransferError.httpStatus(url, status: 503, retryAfter: .seconds(60))
        loader.reply(url, .failure(busy), .data(Fixtures.iconPNG))
        let retry = RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(1), maximumDelay: .seconds(120), budget: .seconds(10))
        let pipeline = ImagePipeline(loader: loader, configuration: .init(retry: retry))
        await #expect(throws: ImageRequest.Error.loadingFailed(busy, attempts: 1)) {
            try await pipeline.image(for: ImageRequest(url: url))
        }
        #expect(loader.loadCount(url) == 1)
    }

    @Test func aRetryStillRunningAtTheBudgetIsCutOff() async throws {
        let url = URL(string: "https://cdn.example/stuck.png")!
        let busy = ImageRequest.TransferError.httpStatus(url, status: 503, retryAfter: nil)
        loader.reply(url, .failure(busy), .data(Fixtures.iconPNG))
        loader.hold(url, fromLoad: 2)  // the 503 answers at once; the retry stays held past the budget
        let retry = RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(1), budget: .seconds(3))
        var configuration = ImagePipeline.Configuration(retry: retry)
        // No real wait: the budget's (about 3 s) ends once the retry is held, the backoff's at once.
        configuration.sleep = { [loader] delay in
            if delay > .seconds(1) { _ = await loader.until { $0.loadCount(url) == 2 } }
        }
        let pipeline = ImagePipeline(loader: loader, configuration: configuration)
        let waiter = Task { try await pipeline.image(for: ImageRequest(url: url)) }
        let error = await pipelineError(of: waiter)
        #expect(error == .loadingFailed(.timedOut(url, limit: .load(.seconds(3))), attempts: 2))
        #expect(await loader.until { $0.cancelled == 1 })  // the cut-off load was cancelled, not left running
    }

    @Test func withinTheBudgetTheRetryAnswers() async throws {
        let url = URL(string: "https://cdn.example/flaky.png")!
        loader.reply(url, .failure(.connectionFailed(url, cause: .lost)), .data(Fixtures.iconPNG))
        let retry = RetryPolicy(maxRetries: 1, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(1), budget: .seconds(600))
        let pipeline = ImagePipeline(loader: loader, configuration: .init(retry: retry))
        #expect(try await pipeline.image(for: ImageRequest(url: url)).width == 32)
        #expect(loader.loadCount(url) == 2)
    }
}
