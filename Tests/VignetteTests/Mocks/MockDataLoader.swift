import Foundation
import Vignette

/// An in-process `DataLoading`: answers from a table or a closure, records
/// every load (order, validators, peak concurrency), and can hold loads —
/// all of them, those of one URL, or one load — until the test lets them go.
/// Pipeline tests without a socket or a sleep: a test awaits the loader's
/// state (`until`) instead of polling it.
final class MockDataLoader: DataLoading {
    /// What a load answers.
    enum Reply: Sendable {
        /// 200 with a body.
        case data(Data, headers: [String: String] = [:])
        /// 304 Not Modified (no body).
        case notModified(headers: [String: String] = [:])
        /// The loader fails.
        case failure(ImageRequest.TransferError)
    }

    /// One load as the loader saw it: what a reply closure answers.
    struct Request: Sendable {
        var url: URL
        /// 1 for the first load of this URL, 2 for the second, …
        var number: Int
        /// The validators the load sent (empty for an unconditional load).
        var validators: CacheValidators
        /// The headers the load sent.
        var headers = RequestHeaders()
    }

    /// The loader's counters at one instant, for `until`.
    struct Snapshot: Sendable {
        /// Loads started per URL text.
        var loads: [String: Int]
        /// Loads being held.
        var held: Int
        /// Loads that ended cancelled.
        var cancelled: Int
        /// Loads that returned or threw.
        var finished: Int

        /// Loads started for `url`.
        func loadCount(_ url: URL) -> Int { loads[url.absoluteString] ?? 0 }
        /// Loads started in all.
        var totalLoads: Int { loads.values.reduce(0, +) }
    }

    private struct Hold {
        var key: String
        var number: Int
        /// Set once the load parks; nil between its start and parking.
        var continuation: CheckedContinuation<Void, Never>?
    }

    private struct Watcher {
        var condition: @Sendable (Snapshot) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var responders: [String: @Sendable (Request) -> Reply] = [:]
        var requests: [Request] = []
        var loads: [String: Int] = [:]
        var cancelled = 0
        var finished = 0
        var active = 0
        var peakActive = 0
        var suspended = false
        var heldURLs: Set<String> = []
        /// Loads of a URL from this number on are held.
        var heldFrom: [String: Int] = [:]
        var holds: [UInt64: Hold] = [:]
        var watchers: [UInt64: Watcher] = [:]
        var cancelledWatchers: Set<UInt64> = []
        var nextID: UInt64 = 0

        var snapshot: Snapshot { Snapshot(loads: loads, held: holds.count, cancelled: cancelled, finished: finished) }

        /// Removes and returns the watchers whose condition now holds.
        mutating func satisfiedWatchers() -> [Watcher] {
            let now = snapshot
            let ready = watchers.filter { $0.value.condition(now) }
            for id in ready.keys { watchers[id] = nil }
            return Array(ready.values)
        }
    }

    private let state = Locked(State())
    /// When true, a cancelled load that is held stays held until released
    /// (a transport slow to notice), then ends cancelled.
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    // MARK: Replies

    /// Answers `url` with `replies`, one per load, the last repeating. A URL
    /// without replies answers HTTP 404.
    func reply(_ url: URL, _ replies: Reply...) {
        precondition(!replies.isEmpty, "give at least one reply")
        respond(url) { replies[min($0.number - 1, replies.count - 1)] }
    }

    /// Answers each load of `url` with what `responder` says, e.g. 304 only
    /// when the request's validators match, as an origin server would.
    func respond(_ url: URL, with responder: @escaping @Sendable (Request) -> Reply) {
        state.withLock { $0.responders[url.absoluteString] = responder }
    }

    // MARK: What happened

    /// Loads started for `url` (including held and cancelled ones).
    func loadCount(_ url: URL) -> Int { state.withLock { $0.snapshot.loadCount(url) } }
    /// Loads started in all.
    var totalLoads: Int { state.withLock { $0.snapshot.totalLoads } }
    /// Loads being held.
    var heldCount: Int { state.withLock { $0.holds.count } }
    /// Loads that ended cancelled.
    var cancelledCount: Int { state.withLock { $0.cancelled } }
    /// The URLs of every load, in the order the loads started.
    var startOrder: [URL] { state.withLock { $0.requests.map(\.url) } }
    /// The most loads in progress at once (held ones included).
    var peakConcurrency: Int { state.withLock { $0.peakActive } }
    /// The validators each load of `url` sent, in order.
    func validators(_ url: URL) -> [CacheValidators] {
        state.withLock { $0.requests.filter { $0.url == url }.map(\.validators) }
    }
    /// The headers each load of `url` sent, in order.
    func headers(_ url: URL) -> [RequestHeaders] {
        state.withLock { $0.requests.filter { $0.url == url }.map(\.headers) }
    }

    /// Waits until `condition` holds for the loader's counters; false when
    /// the waiting task is cancelled first (the suite's time limit), so a
    /// broken expectation fails, never hangs — and never races a clock.
    func until(_ condition: @escaping @Sendable (Snapshot) -> Bool) async -> Bool {
        let id = state.withLock { s -> UInt64 in
            s.nextID += 1
            return s.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { s -> Bool? in
                    if s.cancelledWatchers.remove(id) != nil { return false }
                    if condition(s.snapshot) { return true }
                    s.watchers[id] = Watcher(condition: condition, continuation: continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let watcher = state.withLock { s -> Watcher? in
                guard let watcher = s.watchers.removeValue(forKey: id) else {
                    s.cancelledWatchers.insert(id)
                    return nil
                }
                return watcher
            }
            watcher?.continuation.resume(returning: false)
        }
    }

    // MARK: Holding loads

    /// From now on, every load waits until `resume()`.
    func suspend() { state.withLock { $0.suspended = true } }

    /// Lets every held load (and later ones) go on; ends every hold.
    func resume() {
        release { s in
            s.suspended = false
            s.heldURLs = []
            return { _ in true }
        }
    }

    /// From now on, loads of `url` wait until `resume(url)`.
    func hold(_ url: URL) { state.withLock { _ = $0.heldURLs.insert(url.absoluteString) } }

    /// From now on, loads of `url` from number `number` (1-based) on wait
    /// until `resume(url)`; earlier ones answer at once.
    func hold(_ url: URL, fromLoad number: Int) { state.withLock { $0.heldFrom[url.absoluteString] = number } }

    /// Lets the held loads of `url` (and later ones) go on.
    func resume(_ url: URL) {
        let key = url.absoluteString
        release { s in
            s.heldURLs.remove(key)
            s.heldFrom[key] = nil
            return { $0.key == key }
        }
    }

    /// Lets only load number `number` (1-based) of `url` go on, if held;
    /// the holds stay as they are.
    func resume(_ url: URL, load number: Int) {
        let key = url.absoluteString
        release { _ in { $0.key == key && $0.number == number } }
    }

    /// Updates the holds, then lets go of the held loads `change` picks.
    private func release(_ change: (inout State) -> (Hold) -> Bool) {
        let (parked, watchers) = state.withLock { s -> ([CheckedContinuation<Void, Never>], [Watcher]) in
            let picks = change(&s)
            let released = s.holds.filter { picks($0.value) }
            for id in released.keys { s.holds[id] = nil }
            return (released.values.compactMap(\.continuation), s.satisfiedWatchers())
        }
        for continuation in parked { continuation.resume() }
        fire(watchers)
    }

    // MARK: Loading

    func load(_ dataRequest: DataRequest) async throws(ImageRequest.TransferError) -> LoadedData {
        let url = dataRequest.url
        let key = url.absoluteString
        let (id, reply, held) = update { s -> (UInt64, Reply?, Bool) in
            let number = s.loads[key, default: 0] + 1
            s.loads[key] = number
            let request = Request(url: url, number: number, validators: dataRequest.validators, headers: dataRequest.headers)
            s.requests.append(request)
            s.active += 1
            s.peakActive = max(s.peakActive, s.active)
            s.nextID += 1
            let held = s.suspended || s.heldURLs.contains(key) || s.heldFrom[key].map { number >= $0 } == true
            if held { s.holds[s.nextID] = Hold(key: key, number: number) }
            return (s.nextID, s.responders[key]?(request), held)
        }
        if held { await park(id) }
        let cancelled = Task.isCancelled
        update { s in
            s.active -= 1
            s.finished += 1
            if cancelled { s.cancelled += 1 }
        }
        if cancelled { throw .cancelled(url) }
        switch reply {
        case .data(let data, let headers)?: return LoadedData(data: data, url: url, statusCode: 200, headers: headers)
        case .notModified(let headers)?: return LoadedData(data: Data(), url: url, statusCode: 304, headers: headers)
        case .failure(let error)?: throw error
        case nil: throw .httpStatus(url, status: 404, retryAfter: nil)
        }
    }

    /// Waits until the hold is released or, unless ignored, the task is cancelled.
    private func park(_ id: UInt64) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let released = state.withLock { s -> Bool in
                    guard s.holds[id] != nil else { return true }
                    s.holds[id]?.continuation = continuation
                    return false
                }
                if released { continuation.resume() }
            }
        } onCancel: {
            guard !ignoresCancellation else { return }
            let (parked, watchers) = state.withLock { s in (s.holds.removeValue(forKey: id)?.continuation, s.satisfiedWatchers()) }
            parked?.resume()
            fire(watchers)
        }
    }

    /// Changes the state, then wakes the watchers the change satisfied.
    @discardableResult
    private func update<T>(_ change: (inout State) -> T) -> T {
        let (result, watchers) = state.withLock { s in (change(&s), s.satisfiedWatchers()) }
        fire(watchers)
        return result
    }

    private func fire(_ watchers: [Watcher]) {
        for watcher in watchers { watcher.continuation.resume(returning: true) }
    }
}
