import Foundation
import VignetteCore

/// An `ImageLoading` for tests: no network, no real time. Each URL answers
/// with fixtures — a bitmap, encoded bytes (decoded by the real decoders
/// with the request's options), a failure, an HTTP status, or any of those
/// after a delay on a `VirtualClock` the test advances. Several responses
/// for one URL answer successive loads (a retry gets the next one; the last
/// repeats). Every load is recorded. A URL with no fixture fails with
/// `FixtureLoader.noFixture(for:)`, which names it. Cancelling a waiting
/// load ends it at once with `.cancelled(url)` — unless the loader was made
/// with `ignoresCancellation: true`, to test that a late result is dropped.
///
/// ```swift
/// let fixtures = FixtureLoader([url: .image(photo).delayed(by: .seconds(1))])
/// let surface = try ImageSurface(size: Size(width: 120, height: 80), scale: 2)
/// let task = surface.apply(.productImage(url), using: fixtures)
/// await fixtures.clock.waitForSleepers(1)   // loading placeholder on screen
/// fixtures.clock.advance(by: .seconds(1))
/// _ = await task?.value                     // .loaded(url)
/// ```
public final class FixtureLoader: ImageLoading {
    /// The clock delayed responses wait on.
    public let clock: VirtualClock
    /// The decoders `.data` responses go through.
    package let decoders: ImageDecoders
    /// When true, a cancelled `.delayed` load keeps waiting and still
    /// delivers its response once the clock gets there, like a loader that
    /// never checks for cancellation: the way to prove a stale result never
    /// lands. A `.pending` load still ends when cancelled (it has nothing
    /// to deliver).
    private let ignoresCancellation: Bool

    private struct Route {
        var responses: [Response]
        var served = 0

        /// The next response; the last one repeats.
        mutating func next() -> Response {
            defer { served += 1 }
            return responses[min(served, responses.count - 1)]
        }
    }

    private struct State {
        var routes: [ImageRequest.DataKey: Route] = [:]
        var cache: [ImageRequest.DataKey: Bitmap] = [:]
        var requests: [RecordedRequest] = []
    }

    private let state = Locked(State())

    /// A loader answering `routes`, waiting on `clock`, decoding with
    /// `decoders`; `ignoresCancellation` lets cancelled delayed loads
    /// deliver late.
    public init(
        _ routes: [URL: Response] = [:], clock: VirtualClock = VirtualClock(),
        decoders: ImageDecoders = .standard, ignoresCancellation: Bool = false
    ) {
        self.clock = clock
        self.decoders = decoders
        self.ignoresCancellation = ignoresCancellation
        state.withLock { s in
            for (url, response) in routes { s.routes[ImageRequest.DataKey(url: url)] = Route(responses: [response]) }
        }
    }

    /// Makes `url` answer successive loads with `responses` in order, the
    /// last one repeating; replaces what it answered before.
    public func respond(to url: URL, with responses: Response...) {
        respond(to: url, with: responses)
    }

    /// Makes `url` answer successive loads with `responses` in order, the
    /// last one repeating (an empty list removes the URL's fixtures).
    public func respond(to url: URL, with responses: [Response]) {
        state.withLock { s in
            s.routes[ImageRequest.DataKey(url: url)] = responses.isEmpty ? nil : Route(responses: responses)
        }
    }

    /// Puts `image` in the loader's memory cache: `cachedImage(for:)` then
    /// returns it, so a surface shows it at once with no loading frame.
    /// Nil empties the entry.
    public func cache(_ image: Bitmap?, for url: URL) {
        state.withLock { $0.cache[ImageRequest.DataKey(url: url)] = image }
    }

    /// Every load asked of the loader so far, in order (memory-cache
    /// look-ups are not loads).
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The loads of one URL, in order.
    public func requests(for url: URL) -> [RecordedRequest] {
        let key = ImageRequest.DataKey(url: url)
        return requests.filter { $0.request.dataKey == key }
    }

    /// Forgets the recorded requests (fixtures and cache stay).
    public func resetRequests() { state.withLock { $0.requests.removeAll() } }

    /// The image put there with `cache(_:for:)`, if any.
    public func cachedImage(for request: ImageRequest) -> Bitmap? {
        state.withLock { $0.cache[request.dataKey] }
    }

    /// Records the request, then answers with the URL's next response.
    public func image(for request: ImageRequest, priority: ImagePriority) async throws(ImageRequest.Error) -> Bitmap {
        let response = state.withLock { s -> Response? in
            s.requests.append(RecordedRequest(request: request, priority: priority))
            return s.routes[request.dataKey]?.next()
        }
        guard let response else { throw Self.noFixture(for: request.url) }
        return try await answer(request, with: response, startedAt: clock.now)
    }

    private func answer(
        _ request: ImageRequest, with response: Response,
        startedAt start: VirtualClock.Instant
    ) async throws(ImageRequest.Error) -> Bitmap {
        let url = request.url
        switch response {
        case .image(let bitmap):
            return bitmap
        case .data(let data):
            do throws(ImageDecoders.Error) {
                return try decoders.decode(data, options: request.options)
            } catch {
                throw .decodingFailed(url, error)
            }
        case .failure(let error):
            throw error
        case .httpStatus(let status, let retryAfter):
            throw .loadingFailed(.httpStatus(url, status: status, retryAfter: retryAfter), attempts: 1)
        case .delayed(let delay, let next):
            // Nested delays add up from the start of the load.
            let deadline = start.advanced(by: delay)
            do {
                if ignoresCancellation {
                    // A task of its own does not inherit the load's cancellation.
                    try await Task { [clock] in try await clock.sleep(until: deadline) }.value
                } else {
                    try await clock.sleep(until: deadline)
                }
            } catch {
                throw .cancelled(url)
            }
            return try await answer(request, with: next, startedAt: deadline)
        case .pending:
            do { try await clock.sleepUntilCancelled() } catch { throw .cancelled(url) }
            throw .cancelled(url)
        }
    }
}
