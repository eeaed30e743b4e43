import Dispatch
import Foundation

/// A disk-cache engine that keeps one file per entry in a folder.
///
/// Layout of the folder:
/// - `<32 hex digits>.entry`: one entry, named by a 128-bit hash of its key,
///   holding `DiskCacheEntry.serialized()` (which carries the key, so a hash
///   collision reads as a miss, never as another resource's bytes);
/// - `index.v1`: the access times the LRU sweep uses, kept by the cache
///   itself because file systems are often mounted `noatime`; rewritten by
///   every sweep and, when reads or writes changed it, at most every ten
///   seconds;
/// - `sweep.lock`: the `flock` that keeps two processes from sweeping at once;
/// - `.<name>.<random>.tmp`: a write in progress (or left by a killed writer;
///   sweeps delete those older than ten minutes).
///
/// Entries are written to a temp file and renamed into place, so a reader
/// sees the old entry or the new one, never a torn one. File IO runs on the
/// engine's own dispatch queue; `init` scans the folder synchronously.
///
/// ```swift
/// let storage = try FileCacheStorage(directory: "/var/cache/thumbs")
/// let cache = try DiskCache(storage: storage, sizeLimit: 200 << 20)
/// ```
public final class FileCacheStorage: DiskCacheStorage, DamageReportingStorage {
    /// "files".
    public var engineName: String { Self.engine }
    static let engine = "files"
    /// The folder the engine owns.
    public let directory: String

    let queue = DispatchQueue(label: "Vignette.FileCacheStorage", attributes: .concurrent)
    let state: Locked<State>

    /// Opens (creating it and its parents if needed) the cache folder at
    /// `directory` and loads its index, reconciled with the files present.
    public init(directory: String) throws(DiskCache.Error) {
        self.directory = directory
        try DiskCache.prepareDirectory(directory)
        let files = try Self.scan(directory)
        let persisted = Index.load(from: directory + "/" + Self.indexName)
        let records = Self.merge(files, memory: [:], persisted: persisted)
        state = Locked(State(records: records))
    }

    /// Writes the index (sizes and access times) merged with the one on disk.
    public func synchronize() async throws(DiskCache.Error) {
        try await onQueue { [self] () throws(DiskCache.Error) in try persistIndex(blocking: true) }
    }

    /// The verified entry for `key`, or nil when absent or damaged (a damaged
    /// entry file is deleted).
    public func entry(for key: String) async throws(DiskCache.Error) -> DiskCacheEntry? {
        try await lookUp(key).entry
    }

    /// `entry(for:)`, with why a damaged entry file was deleted.
    package func lookUp(_ key: String) async throws(DiskCache.Error) -> DiskCacheLookup {
        let name = Self.fileName(for: key)
        return try await onQueue { [self] () throws(DiskCache.Error) in
            let path = path(of: name)
            guard let file = try Self.readFile(at: path) else {
                state.withLock { _ = $0.records.removeValue(forKey: name) }
                return DiskCacheLookup(entry: nil)
            }
            let entry: DiskCacheEntry
            do throws(DiskCache.Error) {
                entry = try DiskCacheEntry(serialized: file.data, key: key)
            } catch {
                Self.unlink(path, ifStill: file.identity)
                state.withLock { _ = $0.records.removeValue(forKey: name) }
                return DiskCacheLookup(entry: nil, damage: error)
            }
            touch(name, size: file.data.count)
            return DiskCacheLookup(entry: entry)
        }
    }

    /// Writes `entry` to a temp file and renames it over the previous one.
    public func store(_ entry: DiskCacheEntry) async throws(DiskCache.Error) {
        let bytes = entry.serialized()
        let name = Self.fileName(for: entry.key)
        try await onQueue { [self] () throws(DiskCache.Error) in
            try Self.write(bytes, to: path(of: name))
            touch(name, size: bytes.count)
        }
    }

    /// Deletes the entry file for `key`, if any.
    public func removeEntry(for key: String) async throws(DiskCache.Error) {
        let name = Self.fileName(for: key)
        try await onQueue { [self] () throws(DiskCache.Error) in
            try Self.remove(path(of: name))
            state.withLock { _ = $0.records.removeValue(forKey: name) }
        }
    }

    /// Deletes every entry and the index; the folder and its lock file stay.
    public func removeAll() async throws(DiskCache.Error) {
        try await onQueue { [self] () throws(DiskCache.Error) in
            // Under the sweep lock, so a sweeping process cannot write back
            // an index listing the entries deleted here.
            guard let lock = try SweepLock(path: path(of: Self.lockName), blocking: true) else { return }
            defer { lock.release() }
            for file in try Self.scan(directory) where file.kind == .entry || file.kind == .index {
                try Self.remove(path(of: file.name))
            }
            state.withLock { $0.records.removeAll() }
        }
    }

    /// Bytes of every file in the folder (entries from all processes, the
    /// index, the lock file and temp files).
    public func totalSize() async throws(DiskCache.Error) -> Int {
        try await onQueue { [directory] () throws(DiskCache.Error) in
            try Self.scan(directory).reduce(0) { $0 + $1.size }
        }
    }

    /// Entry files in the folder, from all processes.
    public func count() async throws(DiskCache.Error) -> Int {
        try await onQueue { [directory] () throws(DiskCache.Error) in
            try Self.scan(directory).count { $0.kind == .entry }
        }
    }

    /// Deletes least-recently-used entries (and abandoned temp files) until
    /// the folder holds at most `targetBytes`, holding the sweep lock.
    public func sweep(toFit targetBytes: Int) async throws(DiskCache.Error) -> DiskCache.SweepReport {
        try await onQueue { [self] () throws(DiskCache.Error) in
            try sweepNow(toFit: targetBytes)
        }
    }

    func path(of name: String) -> String {
        directory + "/" + name
    }

    /// Records an access (a read or a write) for the LRU sweep.
    private func touch(_ name: String, size: Int) {
        let due = state.withLock { s in
            let now = s.tick()
            s.records[name] = Record(size: size, accessed: now)
            s.dirty = true
            guard now - s.lastPersist >= Self.persistInterval else { return false }
            s.lastPersist = now
            return true
        }
        // Persisting is a hint for other processes and the next run: it must
        // not slow the access that triggered it, and a failure is retried later.
        if due { queue.async { [self] in try? persistIndex(blocking: false) } }
    }

    /// Runs `work` on the engine's queue, keeping disk waits off the
    /// cooperative thread pool.
    private func onQueue<T: Sendable>(
        _ work: @escaping @Sendable () throws(DiskCache.Error) -> T
    ) async throws(DiskCache.Error) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, DiskCache.Error>, Never>) in
            queue.async { continuation.resume(returning: Result(catching: work)) }
        }
        return try result.get()
    }
}
