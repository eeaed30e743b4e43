import Foundation

/// Stage 2 — decoded image. Key: the original data's key plus the decode
/// options (scale, pixel limit). It asks the fetch stage for the bytes, so
/// two scales of one URL share a transfer, picks a decoder by sniffing, and
/// fills the memory cache of decoded images. Decodes take one of `slots`
/// each, so no more than `maxConcurrentDecodes` run at once, and run on
/// `threads`, one per slot, off Swift's cooperative pool.
final class DecodeStage: Sendable {
    struct Key: Hashable, Sendable {
        var image: ImageRequest.Key
        var policy: CachePolicy
    }

    let fetch: FetchStage
    let decoders: ImageDecoders
    let memoryCache: MemoryCache<ImageRequest.Key, Bitmap>
    let jobs: TaskCoalescer<Key, ImageResponse>
    /// Decodes at once, by priority: the CPU-bound work waits here, suspended, as transfers wait in the fetch stage.
    let slots: ConcurrencyGate
    /// Where a slotted decode runs: the pool stays free for small decodes and everything else.
    let threads: SlotThreads

    init(
        fetch: FetchStage, decoders: ImageDecoders, memoryCache: MemoryCache<ImageRequest.Key, Bitmap>,
        maxConcurrentDecodes: Int
    ) {
        self.fetch = fetch
        jobs = TaskCoalescer(changes: fetch.changes)
        slots = ConcurrencyGate(limit: maxConcurrentDecodes, changes: fetch.changes)
        threads = SlotThreads(count: slots.limit, name: "vignette.decode")
        self.decoders = decoders
        self.memoryCache = memoryCache
    }

    /// The decoded image for `request`, joining an equivalent decode in
    /// flight; a new decode reads `fetched` when given (bytes the caller
    /// already has for `request.dataKey`), else asks the fetch stage.
    func image(
        for request: ImageRequest, priority: ConcurrencyGate.Priority, fetched: FetchedData? = nil
    ) async throws(ImageRequest.Error) -> ImageResponse {
        guard request.scale.isFinite, request.scale > 0 else {
            throw .decodingFailed(request.url, ImageDecoders.Error(format: nil, reason: .invalidScale(request.scale)))
        }
        let key = Key(image: request.key, policy: request.cachePolicy)
        return try await jobs.value(for: key, url: request.url, priority: priority) { [self] p in
            await run(request, priority: p, fetched: fetched)
        }
    }

    private func run(
        _ request: ImageRequest, priority: ConcurrencyGate.Priority, fetched given: FetchedData?
    ) async -> Result<ImageResponse, ImageRequest.Error> {
        let fetched: FetchedData
        if let given {
            fetched = given
        } else {
            do throws(ImageRequest.Error) {
                fetched = try await fetch.data(for: request.dataKey, policy: request.cachePolicy, priority: priority)
            } catch {
                return .failure(error)
            }
        }
        let decoded: Result<ImageResponse, ImageDecoders.Error>
        do throws(ImageRequest.Error) {
            decoded = try await slotted(request.url, priority, source: fetched.data) { decode(fetched, request) }
        } catch {
            return .failure(error)
        }
        return await settle(decoded, of: fetched, for: request, priority: priority)
    }

    /// `work` once a decode slot is free, on one of `threads`, the slot
    /// released after it; a caller cancelled while it waits gives up with
    /// `.cancelled(url)` and runs nothing. A source whose header says it is
    /// small (`data`, at most `ImagePipeline.unslottedPixels`) decodes at
    /// once, in the caller's task.
    func slotted<T>(
        _ url: URL, _ priority: ConcurrencyGate.Priority, source data: Data? = nil, _ work: () -> T
    ) async throws(ImageRequest.Error) -> T {
        if let data, let size = ImageInfo.decodedSize(of: data, decoders: decoders, oriented: false) {
            let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            if !overflow && pixels <= ImagePipeline.unslottedPixels { return work() }
        }
        do {
            try await slots.acquire(priority)
        } catch {
            throw .cancelled(url)  // the queue is unbounded: cancelling is the one refusal
        }
        defer { slots.release() }
        return await threads.run(work)
    }

    /// What a decode of `fetched` for `request` comes to: a damaged cached
    /// copy is forgotten and, unless offline, the original loaded afresh,
    /// once; any other failure is final (bytes the network just gave are
    /// never fetched again).
    func settle(
        _ decoded: Result<ImageResponse, ImageDecoders.Error>, of fetched: FetchedData, for request: ImageRequest,
        priority: ConcurrencyGate.Priority
    ) async -> Result<ImageResponse, ImageRequest.Error> {
        switch decoded {
        case .success(let response):
            return .success(response)
        case .failure(let error) where error.isDamagedData && fetched.source != .network:
            fetch.observer.damagedCopy(request.url, from: fetched.source, error)
            fetch.discard(request.dataKey)
            guard request.cachePolicy != .cacheOnly else { return .failure(.decodingFailed(request.url, error)) }
            do throws(ImageRequest.Error) {
                let fresh = try await fetch.data(for: request.dataKey, policy: .reloadIgnoringCaches, priority: priority)
                return try await slotted(request.url, priority, source: fresh.data) { decode(fresh, request) }.mapError {
                    .decodingFailed(request.url, $0)
                }
            } catch {
                return .failure(error)
            }
        case .failure(let error):
            return .failure(.decodingFailed(request.url, error))
        }
    }

    /// Decodes `fetched` for `request`; on success does the fetch's cache
    /// writes and keeps the image in the memory cache.
    func decode(_ fetched: FetchedData, _ request: ImageRequest) -> Result<ImageResponse, ImageDecoders.Error> {
        do throws(ImageDecoders.Error) {
            let (bitmap, warnings) = try tracedDecode(fetched.data, request)
            fetch.observer.decodingWarnings(request.url, warnings)
            fetch.commit(fetched, key: request.dataKey)
            // A decode that did not shrink is the full-size image: kept under
            // the full-size key, it serves every later shrink target too.
            let shrunk = bitmap.scale != request.scale
            memoryCache.set(bitmap, for: shrunk ? request.key : request.fullSizeKey, cost: bitmap.pixels.count)
            return .success(ImageResponse(image: bitmap, source: fetched.source, staleBecause: fetched.staleBecause, warnings: warnings))
        } catch {
            return .failure(error)
        }
    }
}
