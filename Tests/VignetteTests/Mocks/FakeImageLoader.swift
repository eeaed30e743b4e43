import Foundation
import Vignette

@testable import Vignette

/// An `ImageLoading` whose loads finish when the test says so.
final class FakeImageLoader: ImageLoading {
    private struct State {
        var cache: [URL: Bitmap] = [:]
        var pending: [URL: [CheckedContinuation<Result<Bitmap, ImageLoadingError>, Never>]] = [:]
        var started: [URL] = []
    }

    private let state = Locked(State())
    private let changes = StateChanges()
    /// When true, cancelled loads keep going and deliver late (stale results).
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) { self.ignoresCancellation = ignoresCancellation }

    func prime(_ url: URL, with bitmap: Bitmap) { state.withLock { $0.cache[url] = bitmap } }

    var started: [URL] { state.withLock { $0.started } }

    /// Waits until `condition` over the loader (`started`, `pendingCount`)
    /// holds; false if the test is cancelled first (its time limit).
    func until(_ condition: @escaping @Sendable () -> Bool) async -> Bool { await changes.until(condition) }

    func pendingCount(_ url: URL) -> Int { state.withLock { $0.pending[url]?.count ?? 0 } }

    func cachedImage(for request: ImageRequest) -> Bitmap? { state.withLock { $0.cache[request.url] } }

    func image(for request: ImageRequest, priority: ImagePriority) async throws(ImageLoadingError) -> Bitmap {
        let url = request.url
        return try await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock {
                    $0.started.append(url)
                    $0.pending[url, default: []].append(continuation)
                }
                changes.changed()
            }
        } onCancel: {
            // Like a real loader: a cancelled load ends at once.
            if !ignoresCancellation { finish(url, with: .failure(.cancelled(url))) }
        }.get()
    }

    /// Finishes every pending load of `url`.
    func finish(_ url: URL, with result: Result<Bitmap, ImageLoadingError>) {
        let waiting = state.withLock { $0.pending.removeValue(forKey: url) ?? [] }
        for continuation in waiting { continuation.resume(returning: result) }
        changes.changed()
    }

    /// The error a 404 from the origin gives.
    static func notFound(_ url: URL) -> ImageLoadingError {
        .loadingFailed(.httpStatus(url, status: 404, retryAfter: nil), attempts: 1)
    }
}
