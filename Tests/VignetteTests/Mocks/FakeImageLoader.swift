import Foundation
import Vignette
@testable import Vignette

/// An `ImageLoading` whose loads finish when the test says so.
final class FakeImageLoader: ImageLoading {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct State {
        var cache: [URL: Bitmap] = [:]
        var pending: [URL: [CheckedContinuation<Bitmap, any Error>]] = [:]
        var started: [URL] = []
    }

    private let state = Locked(State())
    /// When true, cancelled loads keep going and deliver late (stale results).
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) { self.ignoresCancellation = ignoresCancellation }

    func prime(_ url: URL, with bitmap: Bitmap) { state.withLock { $0.cache[url] = bitmap } }

    var started: [URL] { state.withLock { $0.started } }

    func pendingCount(_ url: URL) -> Int { state.withLock { $0.pending[url]?.count ?? 0 } }

    func cachedImage(for request: ImageRequest) -> Bitmap? { state.withLock { $0.cache[request.url] } }

    func image(for request: ImageRequest, priority: ImagePriority) async throws -> Bitmap {
        let url = request.url
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock {
                    $0.started.append(url)
                    $0.pending[url, default: []].append(continuation)
                }
            }
        } onCancel: {
            // Like a real loader: a cancelled load ends at once.
            if !ignoresCancellation { finish(url, with: .failure(Failure(description: "cancelled"))) }
        }
    }

    /// Finishes every pending load of `url`.
    func finish(_ url: URL, with result: Result<Bitmap, Failure>) {
        let waiting = state.withLock { $0.pending.removeValue(forKey: url) ?? [] }
        for continuation in waiting { continuation.resume(with: result.mapError { $0 as any Error }) }
    }
}
