import Foundation

/// A persistent cache of original image bytes with HTTP metadata, over a
/// `DiskCacheStorage` engine, kept under a size limit by an LRU sweep the
/// cache schedules itself: after every tenth of the limit written and on a
/// timer (a server has no app-lifecycle events to hook).
///
/// Writes happen in the background so a load is never held up by the disk;
/// `flush()` waits for them (call it before a tool exits).
///
/// ```swift
/// let cache = try DiskCache(storage: FileCacheStorage(directory: "/var/cache/thumbs"), sizeLimit: 200 << 20)
/// let pipeline = ImagePipeline(configuration: .init(diskCache: cache))
/// for url in urls { _ = try await pipeline.image(for: url) }      // bytes kept on disk
/// await cache.flush()
/// ```
public final class DiskCache: Sendable {
    /// The engine.
    public let storage: any DiskCacheStorage
    /// Bytes on disk the sweep keeps the cache under.
    package let sizeLimit: Int
    /// Largest entry stored (a quarter of the limit): one image never evicts
    /// most of the cache.
    package var entrySizeLimit: Int { max(1, sizeLimit / 4) }
    /// How often the timer sweeps.
    package let sweepInterval: Duration

    private struct State {
        var bytesSinceSweep = 0
        var nextWrite: UInt64 = 0
        var pendingWrites: [UInt64: Task<Void, Never>] = [:]
        /// The last write queued per key: a newer write waits for it, so
        /// writes of one key land in the order they were made.
        var lastWrite: [String: (id: UInt64, task: Task<Void, Never>)] = [:]
        var sweep: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var lastError: DiskCache.Error?
    }

    private let state = Locked(State())

    /// A cache over `storage`, kept under `sizeLimit` bytes.
    public init(
        storage: any DiskCacheStorage, sizeLimit: Int = 200 << 20,
        sweepInterval: Duration = .seconds(60)
    ) throws(DiskCache.Error) {
        guard sizeLimit > 0 else { throw .invalidSizeLimit(sizeLimit) }
        self.storage = storage
        self.sizeLimit = sizeLimit
        self.sweepInterval = sweepInterval
        let timer = Task { [weak self] in
            while !Task.isCancelled {
                guard let interval = self?.sweepInterval else { return }
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let self else { return }
                await self.sweepIfNeeded()
            }
        }
        state.withLock { $0.timer = timer }
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    /// The verified entry for `key`, or nil (absent, damaged, or the disk
    /// failed — a cache that cannot read behaves as empty; see `lastError`).
    public func entry(for key: String) async -> DiskCacheEntry? {
        await lookUp(key).entry
    }

    /// `entry(for:)`, with why a damaged entry was dropped (the pipeline
    /// logs it); a failing disk reads as empty, as there.
    package func lookUp(_ key: String) async -> DiskCacheLookup {
        do {
            return try await storage.lookUpReportingDamage(key)
        } catch {
            state.withLock { $0.lastError = error }
            return DiskCacheLookup(entry: nil)
        }
    }

    /// Stores `entry` in the background; entries over `entrySizeLimit` are skipped.
    public func store(_ entry: DiskCacheEntry) {
        guard entry.data.count <= entrySizeLimit else { return }
        enqueue(key: entry.key) { [self] in await write(entry) }
    }

    /// Deletes the entry for `key` in the background, in order with the
    /// background stores of that key: a store queued after it survives.
    public func remove(_ key: String) {
        enqueue(key: key) { [self] in
            do throws(DiskCache.Error) { try await storage.removeEntry(for: key) } catch { state.withLock { $0.lastError = error } }
        }
    }

    /// Runs `operation` after every earlier background operation on `key`.
    private func enqueue(key: String, _ operation: @escaping @Sendable () async -> Void) {
        state.withLock { s in
            s.nextWrite += 1
            let id = s.nextWrite
            let previous = s.lastWrite[key]?.task
            let task = Task { [self] in
                await previous?.value
                await operation()
                state.withLock { s in
                    _ = s.pendingWrites.removeValue(forKey: id)
                    if s.lastWrite[key]?.id == id { s.lastWrite[key] = nil }
                }
            }
            s.pendingWrites[id] = task
            s.lastWrite[key] = (id, task)
        }
    }

    /// Stores `entry` and returns once it is on disk.
    package func storeAndWait(_ entry: DiskCacheEntry) async throws(DiskCache.Error) {
        guard entry.data.count <= entrySizeLimit else { return }
        try await storage.store(entry)
        noteWritten(entry.data.count)
    }

    private func write(_ entry: DiskCacheEntry) async {
        do {
            try await storage.store(entry)
            noteWritten(entry.data.count)
        } catch {
            state.withLock { $0.lastError = error }
        }
    }

    private func noteWritten(_ bytes: Int) {
        let due = state.withLock { s -> Bool in
            s.bytesSinceSweep += bytes
            return s.bytesSinceSweep >= max(sizeLimit / 10, 1)
        }
        if due { startSweep() }
    }

    /// Deletes the entry for `key`.
    package func removeEntry(for key: String) async throws(DiskCache.Error) {
        try await storage.removeEntry(for: key)
    }

    /// Deletes every entry.
    package func removeAll() async throws(DiskCache.Error) {
        try await storage.removeAll()
    }

    /// Bytes on disk now.
    package func totalSize() async throws(DiskCache.Error) -> Int {
        try await storage.totalSize()
    }

    /// The last error the background writes or reads met, if any.
    public var lastError: DiskCache.Error? { state.withLock { $0.lastError } }

    /// Sweeps now: least recently used entries go until the cache is at 90 %
    /// of its limit (the margin keeps the next few writes from sweeping again).
    @discardableResult
    public func sweep() async throws(DiskCache.Error) -> DiskCache.SweepReport {
        state.withLock { $0.bytesSinceSweep = 0 }
        return try await storage.sweep(toFit: sizeLimit - sizeLimit / 10)
    }

    private func sweepIfNeeded() async {
        do {
            if try await storage.totalSize() > sizeLimit { try await sweep() }
        } catch {
            state.withLock { $0.lastError = error }
        }
    }

    private func startSweep() {
        state.withLock { s in
            guard s.sweep == nil else { return }
            s.sweep = Task { [self] in
                await sweepIfNeeded()
                state.withLock { $0.sweep = nil }
            }
        }
    }

    /// Waits for background writes and sweeps, then sweeps if the cache is
    /// over its limit. Call before a process that wrote entries exits.
    public func flush() async {
        while true {
            let pending = state.withLock { s in Array(s.pendingWrites.values) + (s.sweep.map { [$0] } ?? []) }
            if pending.isEmpty { break }
            for task in pending { await task.value }
        }
        await sweepIfNeeded()
        do {
            try await storage.synchronize()
        } catch {
            state.withLock { $0.lastError = error }
        }
    }
}
