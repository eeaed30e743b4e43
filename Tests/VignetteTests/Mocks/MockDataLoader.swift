import Foundation
import Vignette

/// An in-process `DataLoading`: answers from a table, counts loads, and can
/// hold every load until the test resumes it — pipeline tests without a
/// socket, a sleep or a poll.
final class MockDataLoader: DataLoading {
    /// What a load of one URL answers; each load takes the next, the last repeats.
    enum Reply: Sendable {
        case data(Data, headers: [String: String] = [:])
        case notModified(headers: [String: String] = [:])
        case failure(LoadingError)
    }

    private struct State {
        var replies: [String: [Reply]] = [:]
        var loads: [String: Int] = [:]
        var validators: [String: [CacheValidators]] = [:]
        var cancelled = 0
        var suspended = false
        var held: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    init() {}

    /// Answers `url` with `replies`, one per load, the last repeating.
    func reply(_ url: URL, _ replies: Reply...) {
        state.withLock { $0.replies[url.absoluteString] = replies }
    }

    /// Loads started for `url` (including held and cancelled ones).
    func loadCount(_ url: URL) -> Int { state.withLock { $0.loads[url.absoluteString] ?? 0 } }
    /// Loads started in all.
    var totalLoads: Int { state.withLock { $0.loads.values.reduce(0, +) } }
    /// Loads being held by `suspend()`.
    var heldCount: Int { state.withLock { $0.held.count } }
    /// Loads that ended cancelled.
    var cancelledCount: Int { state.withLock { $0.cancelled } }
    /// The validators each load of `url` sent, in order.
    func validators(_ url: URL) -> [CacheValidators] { state.withLock { $0.validators[url.absoluteString] ?? [] } }

    /// From now on, loads wait until `resume()`.
    func suspend() { state.withLock { $0.suspended = true } }

    /// Lets every held load (and later ones) go on.
    func resume() {
        let held = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.suspended = false
            defer { s.held = [:] }
            return Array(s.held.values)
        }
        for continuation in held { continuation.resume() }
    }

    func load(_ url: URL) async throws(LoadingError) -> LoadedData {
        try await load(url, revalidating: CacheValidators())
    }

    func load(_ url: URL, revalidating validators: CacheValidators) async throws(LoadingError) -> LoadedData {
        let key = url.absoluteString
        let (reply, id, hold) = state.withLock { s -> (Reply?, UInt64, Bool) in
            let index = s.loads[key, default: 0]
            s.loads[key] = index + 1
            s.validators[key, default: []].append(validators)
            s.nextID += 1
            let replies = s.replies[key] ?? []
            return (replies.isEmpty ? nil : replies[min(index, replies.count - 1)], s.nextID, s.suspended)
        }
        if hold { await wait(id) }
        if Task.isCancelled {
            state.withLock { $0.cancelled += 1 }
            throw .cancelled(url)
        }
        switch reply {
        case .data(let data, let headers)?: return LoadedData(data: data, url: url, statusCode: 200, headers: headers)
        case .notModified(let headers)?: return LoadedData(data: Data(), url: url, statusCode: 304, headers: headers)
        case .failure(let error)?: throw error
        case nil: throw .httpStatus(url, status: 404, retryAfter: nil)
        }
    }

    /// Parks until `resume()` or cancellation.
    private func wait(_ id: UInt64) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let release = state.withLock { s -> Bool in
                    guard s.suspended, !Task.isCancelled else { return true }
                    s.held[id] = continuation
                    return false
                }
                if release { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume()
        }
    }
}
