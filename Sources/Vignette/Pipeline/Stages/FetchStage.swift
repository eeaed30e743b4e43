import Foundation

/// Stage 1 — original data. Key: the data key (the URL's text or its
/// `CacheKeyTransform`'s, and a digest of any credentials) and the cache
/// policy (a reload must not be answered by a job that read the disk cache). One transfer serves
/// every decode of the same URL: concurrent requests join it, later ones
/// find its bytes in the original-data memory cache or the disk cache.
/// The disk cache, HTTP revalidation, retries and the concurrency limit
/// all live here.
final class FetchStage: Sendable {
    struct Key: Hashable, Sendable {
        var data: ImageRequest.DataKey
        var policy: CachePolicy
    }

    let loader: any DataLoading
    let disk: DiskCache?
    let retry: RetryPolicy
    /// Waits for the backoff and the retry budget (`Configuration.sleep`).
    let sleep: @Sendable (Duration) async throws -> Void
    let scheduler: ConcurrencyGate
    /// Original bytes of recent loads, by URL, so a second decode of the
    /// same URL (another scale) needs no second transfer.
    let dataCache: MemoryCache<ImageRequest.DataKey, Data>
    let jobs: TaskCoalescer<Key, FetchedData>
    /// Told after every change of the queue or the jobs (both stages'): a hook for tests.
    let changes = StateChanges()
    /// The logger and tracer (both stages').
    let observer: PipelineObserver

    init(loader: any DataLoading, configuration: ImagePipeline.Configuration) {
        self.loader = loader
        disk = configuration.diskCache
        retry = configuration.retry
        sleep = configuration.sleep
        observer = PipelineObserver(configuration: configuration)
        jobs = TaskCoalescer(changes: changes)
        scheduler = ConcurrencyGate(limit: configuration.maxConcurrentLoads, changes: changes)
        dataCache = MemoryCache(
            totalCostLimit: configuration.dataCacheBytes,
            entryCostLimit: max(1, configuration.dataCacheBytes / 4))
    }

    /// The original bytes for `key` under `policy`.
    func data(
        for key: ImageRequest.DataKey, policy: CachePolicy,
        priority: ConcurrencyGate.Priority
    ) async throws(ImageRequest.Error) -> FetchedData {
        if policy.readsMemory, let bytes = dataCache[key] {
            return FetchedData(data: bytes, source: .memory, pending: .none)
        }
        return try await jobs.value(for: Key(data: key, policy: policy), url: key.url, priority: priority) { [self] p in
            await tracedFetch(key, policy: policy, priority: p)
        }
    }

    /// Does the cache writes a fetch owes, once, after a decode proved the bytes good.
    func commit(_ fetched: FetchedData, key: ImageRequest.DataKey) {
        guard fetched.pending.claim() else { return }
        if fetched.pending.remembersData { dataCache.set(fetched.data, for: key, cost: fetched.data.count) }
        guard let disk else { return }
        switch fetched.pending.disk {
        case .store(let entry)?: disk.store(entry)
        case .remove(let diskKey)?: disk.remove(diskKey)
        case nil: break
        }
    }

    /// Forgets bytes a decode found damaged, in memory and on disk.
    func discard(_ key: ImageRequest.DataKey) {
        dataCache.removeValue(for: key)
        // Ordered with the key's background stores: a replacement written
        // after this removal survives it.
        disk?.remove(key.diskKey)
    }

    /// One job: the caches its policy allows, then the network with retries.
    func fetch(
        _ key: ImageRequest.DataKey, policy: CachePolicy,
        priority: ConcurrencyGate.Priority
    ) async -> Result<FetchedData, ImageRequest.Error> {
        let url = key.url
        let disk = url.isNetworkURL ? self.disk : nil
        var cached: DiskCacheEntry?
        if policy.readsDisk, let disk {
            let found = await disk.lookUp(key.diskKey)
            if let damage = found.damage { observer.damagedEntry(url, damage) }
            cached = found.entry
        }
        if Task.isCancelled { return .failure(.cancelled(url)) }
        if let entry = cached, policy == .cacheOnly || entry.metadata.isFresh() {
            return .success(FetchedData(data: entry.data, source: .disk, pending: PendingWrites(remembersData: true)))
        }
        if policy == .cacheOnly { return .failure(.notCached(url)) }

        switch await tracedTransfer(key, revalidating: cached, priority: priority) {
        case .success(let response) where response.isNotModified:
            guard let entry = cached else { return .failure(.notModifiedWithoutCachedCopy(url)) }
            // A 304 that says no-store removes the copy it confirmed.
            let write: PendingWrites.Write =
                entry.metadata.revalidated(with: response.headers)
                .map { .store(DiskCacheEntry(key: key.diskKey, data: entry.data, metadata: $0)) } ?? .remove(key: key.diskKey)
            return .success(
                FetchedData(
                    data: entry.data, source: .revalidated,
                    pending: PendingWrites(disk: write, remembersData: true)))
        case .success(let response):
            var write: PendingWrites.Write?
            if policy.writesDisk, disk != nil, let metadata = CacheMetadata(response: response.headers) {
                write = .store(DiskCacheEntry(key: key.diskKey, data: response.data, metadata: metadata))
            }
            return .success(
                FetchedData(
                    data: response.data, source: .network,
                    pending: PendingWrites(disk: write, remembersData: policy.readsMemory)))
        case .failure(let error):
            // Offline or the origin failing (connection, timeout, 5xx): a
            // stale copy beats no image — unless the origin forbade it. A
            // definite answer such as 404 or 410 is not papered over.
            guard case .loadingFailed(let cause, _) = error, cause.isTransient,
                let entry = cached, !entry.metadata.mustRevalidate
            else { return .failure(error) }
            return .success(FetchedData(data: entry.data, source: .disk, staleBecause: error, pending: .none))
        }
    }

    private typealias PendingWrites = FetchedData.PendingWrites
}
