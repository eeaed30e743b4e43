import Foundation

/// Loads images ahead of need at the lowest priority, so a later render
/// finds them in the caches. It never delays visible work: its loads run at
/// `.low` priority (which the pipeline never starts while normal work
/// waits) and at most `maxConcurrentLoads` at once, fewer than the pipeline's
/// own limit. Equivalent requests join one load (also a visible one already
/// in flight); stopping cancels a load unless someone else waits for it.
///
/// ```swift
/// let prefetcher = ImagePrefetcher()
/// prefetcher.startPrefetching(with: nextPageURLs)       // low priority, in order
/// // the user scrolled elsewhere: those are no longer needed
/// prefetcher.stopPrefetching(with: nextPageURLs)
/// ```
public final class ImagePrefetcher: Sendable {
    /// The loader prefetches go through.
    package let loader: any ImageLoading
    /// Prefetch loads at once.
    package let maxConcurrentLoads: Int

    private struct State {
        var queue: [ImageRequest] = []
        var queued: Set<ImageRequest.Key> = []
        var running: [ImageRequest.Key: (id: UInt64, task: Task<Void, Never>)] = [:]
        var nextID: UInt64 = 0
        var completed = 0
    }

    private let state = Locked(State())

    /// A prefetcher over `loader` (default `ImageEnvironment.current.resolvedLoader`).
    /// With a loader that has a `concurrencyLimit` (an `ImagePipeline`),
    /// `maxConcurrentLoads` is kept below it so visible loads always find a
    /// free slot.
    public init(loader: (any ImageLoading)? = nil, maxConcurrentLoads: Int = 2) {
        let loader = loader ?? ImageEnvironment.current.resolvedLoader
        var limit = max(1, maxConcurrentLoads)
        if let loaderLimit = loader.concurrencyLimit {
            limit = min(limit, max(1, loaderLimit - 1))
        }
        self.loader = loader
        self.maxConcurrentLoads = limit
    }

    /// Starts prefetching `requests` in order (already cached, queued or
    /// running ones are skipped).
    public func startPrefetching(with requests: [ImageRequest]) {
        state.withLock { s in
            for request in requests where s.running[request.key] == nil && !s.queued.contains(request.key) {
                if loader.cachedImage(for: request) != nil { continue }
                s.queue.append(request)
                s.queued.insert(request.key)
            }
        }
        launchReady()
    }

    /// Starts prefetching `urls`.
    public func startPrefetching(with urls: [URL]) {
        startPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Stops prefetching `requests`: queued ones are dropped, running ones
    /// cancelled (the transfer goes on if a visible load shares it).
    public func stopPrefetching(with requests: [ImageRequest]) {
        let keys = Set(requests.map(\.key))
        let cancelled = state.withLock { s -> [Task<Void, Never>] in
            s.queue.removeAll { keys.contains($0.key) }
            s.queued.subtract(keys)
            return keys.compactMap { s.running.removeValue(forKey: $0)?.task }
        }
        for task in cancelled { task.cancel() }
        launchReady()
    }

    /// Stops prefetching `urls`.
    public func stopPrefetching(with urls: [URL]) {
        stopPrefetching(with: urls.map { ImageRequest(url: $0) })
    }

    /// Stops everything.
    public func stopPrefetching() {
        let cancelled = state.withLock { s -> [Task<Void, Never>] in
            s.queue = []
            s.queued = []
            defer { s.running = [:] }
            return s.running.values.map(\.task)
        }
        for task in cancelled { task.cancel() }
    }

    /// Loads waiting for a slot and loads running.
    package var pendingCount: (queued: Int, running: Int) {
        state.withLock { ($0.queue.count, $0.running.count) }
    }

    /// Prefetch loads that ran to the end (loaded or failed).
    package var completedCount: Int { state.withLock { $0.completed } }

    /// Returns once nothing is queued or running (for tools and tests).
    public func waitUntilIdle() async {
        while true {
            let running = state.withLock { $0.running.values.map(\.task) }
            if running.isEmpty { return }
            for task in running { await task.value }
        }
    }

    private func launchReady() {
        state.withLock { s in
            while s.running.count < maxConcurrentLoads, !s.queue.isEmpty {
                let request = s.queue.removeFirst()
                s.queued.remove(request.key)
                s.nextID += 1
                let id = s.nextID
                // A stopped-then-restarted request gets a new id, so a late
                // finish of the old task does not remove the new one.
                s.running[request.key] = (
                    id,
                    Task { [self] in
                        _ = try? await loader.image(for: request, priority: .low)
                        let stillOurs = state.withLock { s -> Bool in
                            guard s.running[request.key]?.id == id else { return false }
                            s.running[request.key] = nil
                            s.completed += 1
                            return true
                        }
                        if stillOurs { launchReady() }
                    }
                )
            }
        }
    }
}
