import Foundation

/// Loads, decodes and caches images in two stages with their own keys:
///
/// 1. *fetch* original data — key: URL + cache policy; one transfer for
///    every waiter (cancelled only when all of them cancel), priorities
///    with bounded concurrency, retries with backoff, the disk cache with
///    HTTP revalidation, a small memory cache of original bytes;
/// 2. *decode* — key: data key + decode options; the decoder is picked by
///    sniffing the bytes (`ImageDecoders`);
///
/// then a strict-LRU memory cache of decoded images, answered synchronously.
/// Transfers and decodes each wait for one of a bounded number of slots
/// (`maxConcurrentLoads`, `maxConcurrentDecodes`), suspended, most urgent first.
/// Two scales of one URL share one transfer, in flight and afterwards.
///
/// ```swift
/// let cache = try DiskCache(storage: FileCacheStorage(directory: "/var/cache/thumbs"))
/// let pipeline = ImagePipeline(configuration: .init(diskCache: cache))
/// let photo = try await pipeline.image(for: url)                            // normal priority
/// if let hit = pipeline.cachedImage(for: ImageRequest(url: url)) { print(hit.size) }  // no suspension
/// ```
public final class ImagePipeline: Sendable {
    /// Where bytes come from.
    package let loader: any DataLoading
    /// Decoded images by request key (URL + decode options): `cache` is
    /// its public face.
    let memoryCache: MemoryCache<ImageRequest.Key, Bitmap>
    /// With `Configuration.reducedCopies`: sources' full sizes, by full-size key.
    let copyFacts = MemoryCache<ImageRequest.Key, CopyFacts>(totalCostLimit: 4096)
    /// The settings.
    public let configuration: Configuration
    let fetchStage: FetchStage
    let decodeStage: DecodeStage
    var scheduler: ConcurrencyGate { fetchStage.scheduler }
    /// Sources of at most this many pixels (1 Mpx) decode without waiting
    /// for a decode slot, and the render service renders them without a
    /// render slot: a few milliseconds each, they cannot fill the
    /// cooperative pool, and a thumbnail asked for during a burst of large
    /// sources then waits for none of them.
    package static let unslottedPixels = 1 << 20

    /// A pipeline over `loader` (libcurl + file: + data: by default).
    public init(loader: any DataLoading = DefaultDataLoader(), configuration: Configuration = Configuration()) {
        self.loader = loader
        self.configuration = configuration
        memoryCache = MemoryCache(
            totalCostLimit: configuration.memoryCacheBytes,
            entryCostLimit: configuration.memoryCacheEntryBytes)
        fetchStage = FetchStage(loader: loader, configuration: configuration)
        decodeStage = DecodeStage(
            fetch: fetchStage, decoders: configuration.decoders, memoryCache: memoryCache,
            maxConcurrentDecodes: configuration.maxConcurrentDecodes)
    }

    /// The memory-cached image, without suspending: the decode for this
    /// request, or a full-size decode, which serves any shrink target.
    public func cachedImage(for request: ImageRequest) -> Bitmap? {
        let request = configuration.prepared(request)
        return memoryImage(for: request)
    }

    /// The memory-cache look-up of a prepared request.
    private func memoryImage(for request: ImageRequest) -> Bitmap? {
        guard request.cachePolicy.readsMemory else { return nil }
        if configuration.reducedCopies, let target = request.options.shrinkTarget {
            return cachedReducedCopy(for: request, target: target)
        }
        if let hit = memoryCache[request.key] { return hit }
        return request.options.shrinkTarget == nil ? nil : memoryCache[request.fullSizeKey]
    }

    /// The image for `request`: from memory, or joining an equivalent load
    /// in flight, or starting one at `priority`.
    public func image(for request: ImageRequest, priority: ImagePriority = .normal) async throws(ImageRequest.Error) -> Bitmap {
        try await response(for: request, priority: priority).image
    }

    /// The image at `url` (scale from an `@2x`/`@3x` suffix, else 1).
    public func image(for url: URL, priority: ImagePriority = .normal) async throws(ImageRequest.Error) -> Bitmap {
        try await image(for: ImageRequest(url: url), priority: priority)
    }

    /// The image with where it came from (memory, disk, revalidated,
    /// network) and, when a stale copy was served, the failure behind it.
    public func response(for request: ImageRequest, priority: ImagePriority = .normal) async throws(ImageRequest.Error) -> ImageResponse {
        let request = configuration.prepared(request)
        if configuration.reducedCopies, let target = request.options.shrinkTarget {
            return try await reducedCopyResponse(for: request, target: target, priority: ConcurrencyGate.Priority(priority))
        }
        if let hit = memoryImage(for: request) { return ImageResponse(image: hit, source: .memory) }
        return try await decodeStage.image(for: request, priority: ConcurrencyGate.Priority(priority))
    }

    /// The original bytes behind `request`, through the same caches,
    /// coalescing and limits as images, without decoding them. Bytes
    /// fetched only this way are not cached (nothing proved them an image).
    public func data(for request: ImageRequest, priority: ImagePriority = .normal) async throws(ImageRequest.Error) -> Data {
        let request = configuration.prepared(request)
        return try await fetchStage.data(
            for: request.dataKey, policy: request.cachePolicy,
            priority: ConcurrencyGate.Priority(priority)
        ).data
    }

    /// Loads that joined a transfer already in flight instead of fetching
    /// again, since the pipeline was made (a server's "coalesced waiters").
    package var coalescedTransferCount: Int { fetchStage.jobs.joinedCount }

    /// Waiters of the decode in flight for `request` (0 when none): for tests.
    func waiterCount(for request: ImageRequest) -> Int {
        let request = configuration.prepared(request)
        return decodeStage.jobs.waiterCount(for: DecodeStage.Key(image: request.key, policy: request.cachePolicy))
    }

    /// True once `condition` over the pipeline's queue and jobs holds
    /// (`waiterCount`, `transferWaiterCount`, `scheduler.waitingCount`);
    /// false if the caller is cancelled first: for tests.
    func until(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
        await fetchStage.changes.until(condition)
    }

    /// Waiters of the transfer in flight for `request`'s URL (0 when none): for tests.
    func transferWaiterCount(for request: ImageRequest) -> Int {
        let request = configuration.prepared(request)
        return fetchStage.jobs.waiterCount(for: FetchStage.Key(data: request.dataKey, policy: request.cachePolicy))
    }
}

extension ImagePipeline: ImageLoading {
    /// `configuration.maxConcurrentLoads`.
    public var concurrencyLimit: Int? { configuration.maxConcurrentLoads }
}
