import Foundation

/// Loads, decodes and caches images: one transfer for every waiter of the
/// same request (cancelled only when all of them cancel), priorities with
/// bounded concurrency, retries with backoff for transient failures, a
/// strict-LRU memory cache answered synchronously, and an optional disk
/// cache of original bytes with HTTP revalidation (see `CachePolicy`).
///
/// ```swift
/// let cache = try DiskCache(storage: FileCacheStorage(directory: "/var/cache/thumbs"))
/// let pipeline = ImagePipeline(configuration: .init(diskCache: cache))
/// let photo = try await pipeline.image(for: ImageRequest(url: url))          // normal priority
/// if let hit = pipeline.cachedImage(for: ImageRequest(url: url)) { … }      // no suspension
/// ```
public final class ImagePipeline: Sendable {
    /// Pipeline settings.
    public struct Configuration: Sendable {
        /// Transfers at once. Default 8: with 50 ms of origin latency,
        /// throughput rises to 8 and is flat beyond (2, 4, 6, 8, 12, 16 →
        /// 36, 69, 96, 106, 104, 102 images/s; `Benchmarks/remote_render.py
        /// --latency 50`); on loopback 4 already saturates 2 cores.
        public var maxConcurrentLoads: Int
        /// Retry rules for transient failures.
        public var retry: RetryPolicy
        /// Memory cache size in bytes of decoded pixels.
        public var memoryCacheBytes: Int
        /// Largest single bitmap the memory cache keeps.
        public var memoryCacheEntryBytes: Int
        /// Original bytes of http(s) images with their validators; nil keeps
        /// nothing on disk. (`file:` and `data:` URLs are never disk-cached.)
        public var diskCache: DiskCache?

        /// Creates a configuration.
        public init(maxConcurrentLoads: Int = 8, retry: RetryPolicy = RetryPolicy(),
                    memoryCacheBytes: Int = 256 << 20, memoryCacheEntryBytes: Int = 64 << 20,
                    diskCache: DiskCache? = nil) {
            self.maxConcurrentLoads = max(1, maxConcurrentLoads)
            self.retry = retry
            self.memoryCacheBytes = memoryCacheBytes
            self.memoryCacheEntryBytes = memoryCacheEntryBytes
            self.diskCache = diskCache
        }
    }

    /// Where bytes come from.
    public let loader: any DataLoading
    /// Decoded images by request key.
    public let memoryCache: MemoryCache<ImageRequest.Key, Bitmap>
    /// The settings.
    public let configuration: Configuration
    let scheduler: LoadScheduler

    /// Requests coalesce when their key and cache policy agree (a reload
    /// must not be answered by a job that read the disk cache).
    private struct JobKey: Hashable {
        var key: ImageRequest.Key
        var policy: CachePolicy
    }

    private struct Job {
        /// Tells this job from a newer one for the same key (after all
        /// waiters left and a new request came), so a late finish of the old
        /// task never takes the new job's waiters.
        var id: UInt64
        var task: Task<Void, Never>?
        /// Rises when a more urgent waiter joins, even while queued.
        var priority: LoadScheduler.Priority
        var waiters: [UInt64: CheckedContinuation<ImageResponse, any Swift.Error>] = [:]
    }

    private struct State {
        var jobs: [JobKey: Job] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Locked(State())

    /// A pipeline over `loader` (libcurl + file: + data: by default).
    public init(loader: any DataLoading = DefaultDataLoader(), configuration: Configuration = Configuration()) {
        self.loader = loader
        self.configuration = configuration
        memoryCache = MemoryCache(totalCostLimit: configuration.memoryCacheBytes,
                                  entryCostLimit: configuration.memoryCacheEntryBytes)
        scheduler = LoadScheduler(limit: configuration.maxConcurrentLoads)
    }

    /// The memory-cached image, without suspending.
    public func cachedImage(for request: ImageRequest) -> Bitmap? {
        request.cachePolicy.readsMemory ? memoryCache[request.key] : nil
    }

    /// The image for `request`: from memory, or joining an equivalent load
    /// in flight, or starting one at `priority`.
    public func image(for request: ImageRequest, priority: ImagePriority = .normal) async throws(ImagePipeline.Error) -> Bitmap {
        try await response(for: request, priority: priority).image
    }

    /// The image with where it came from (memory, disk, revalidated,
    /// network) and, when a stale copy was served, the failure behind it.
    public func response(for request: ImageRequest, priority: ImagePriority = .normal) async throws(ImagePipeline.Error) -> ImageResponse {
        if let hit = cachedImage(for: request) { return ImageResponse(image: hit, source: .memory) }
        let key = JobKey(key: request.key, policy: request.cachePolicy)
        let waiter = state.withLock { s -> UInt64 in s.nextWaiter += 1; return s.nextWaiter }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    join(request, key: key, priority: priority, waiter: waiter, continuation: continuation)
                }
            } onCancel: {
                leave(key, waiter: waiter, url: request.url)
            }
        } catch let error as ImagePipeline.Error {
            throw error
        } catch {
            throw .cancelled(request.url)
        }
    }

    /// Waiters of the job in flight for `request` (0 when none): for tests.
    func waiterCount(for request: ImageRequest) -> Int {
        state.withLock { $0.jobs[JobKey(key: request.key, policy: request.cachePolicy)]?.waiters.count ?? 0 }
    }

    private func join(_ request: ImageRequest, key: JobKey, priority: ImagePriority, waiter: UInt64,
                      continuation: CheckedContinuation<ImageResponse, any Swift.Error>) {
        let cancelled = state.withLock { s -> Bool in
            if s.cancelledEarly.remove(waiter) != nil { return true }
            if s.jobs[key] != nil {
                s.jobs[key]!.waiters[waiter] = continuation
                s.jobs[key]!.priority.raise(to: priority)
                return false
            }
            let jobPriority = LoadScheduler.Priority(priority)
            var job = Job(id: waiter, priority: jobPriority)
            job.waiters[waiter] = continuation
            job.task = Task { [self] in
                let result = await execute(request, priority: jobPriority)
                deliver(key, job: waiter, result)
            }
            s.jobs[key] = job
            return false
        }
        if cancelled { continuation.resume(throwing: ImagePipeline.Error.cancelled(request.url)) }
    }

    private func leave(_ key: JobKey, waiter: UInt64, url: URL) {
        let (continuation, orphaned) = state.withLock { s -> (CheckedContinuation<ImageResponse, any Swift.Error>?, Task<Void, Never>?) in
            guard let removed = s.jobs[key]?.waiters.removeValue(forKey: waiter) else {
                s.cancelledEarly.insert(waiter)
                return (nil, nil)
            }
            // The last waiter gone: abort the transfer nobody wants any more.
            if s.jobs[key]!.waiters.isEmpty {
                let task = s.jobs[key]!.task
                s.jobs[key] = nil
                return (removed, task)
            }
            return (removed, nil)
        }
        orphaned?.cancel()
        continuation?.resume(throwing: ImagePipeline.Error.cancelled(url))
    }

    private func deliver(_ key: JobKey, job id: UInt64, _ result: Result<ImageResponse, ImagePipeline.Error>) {
        let waiters = state.withLock { s -> [CheckedContinuation<ImageResponse, any Swift.Error>] in
            guard s.jobs[key]?.id == id else { return [] }
            return s.jobs.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(with: result.mapError { $0 as any Swift.Error }) }
    }
}
