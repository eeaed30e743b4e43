/// Where a `DiskCache` keeps its entries: one small protocol, two engines in
/// this package (`FileCacheStorage`, one file per entry; `SQLiteCacheStorage`
/// in the `VignetteSQLite` module, one database in WAL mode).
///
/// Every engine guarantees:
/// - **integrity**: an entry is returned only if it is complete and its
///   checksum and key match (`DiskCacheEntry.init(serialized:key:)`); a torn
///   or corrupt entry is removed and reported as a miss;
/// - **crash safety**: a process killed with SIGKILL in the middle of a write
///   leaves either the previous entry or the new one, never a partial one;
/// - **sharing**: two processes may use one folder at once;
/// - **no blocking of the cooperative pool**: disk waits run on the engine's
///   own threads.
///
/// ```swift
/// let storage = try FileCacheStorage(directory: "/var/cache/thumbs")
/// let cache = try DiskCache(storage: storage, sizeLimit: 200 << 20)
/// ```
public protocol DiskCacheStorage: Sendable {
    /// The engine's name for messages: "files", "sqlite".
    var engineName: String { get }
    /// The folder the engine owns.
    var directory: String { get }

    /// The verified entry for `key`, or nil when absent, torn or corrupt
    /// (a damaged entry is deleted). Records the access for the LRU sweep.
    func entry(for key: String) async throws(DiskCache.Error) -> DiskCacheEntry?
    /// Stores `entry` under `entry.key`, replacing any previous one atomically.
    func store(_ entry: DiskCacheEntry) async throws(DiskCache.Error)
    /// Deletes the entry for `key`, if any.
    func removeEntry(for key: String) async throws(DiskCache.Error)
    /// Deletes every entry.
    func removeAll() async throws(DiskCache.Error)
    /// Bytes the cache occupies on disk, the engine's own files included
    /// (index, database, write-ahead log).
    func totalSize() async throws(DiskCache.Error) -> Int
    /// Number of entries stored.
    func count() async throws(DiskCache.Error) -> Int
    /// Deletes least-recently-used entries until `totalSize()` is at most
    /// `targetBytes`; entries written by other processes count too.
    func sweep(toFit targetBytes: Int) async throws(DiskCache.Error) -> DiskCache.SweepReport
    /// Saves what the engine batches in memory (recorded access times), so
    /// the next process's sweep sees this one's reads. Called by
    /// `DiskCache.flush()`.
    func synchronize() async throws(DiskCache.Error)
}

/// What a look-up found: the verified entry, or nil with, when a damaged
/// entry was dropped, why (`DiskCache.Error.corruptEntry`).
package struct DiskCacheLookup: Sendable {
    /// The verified entry, or nil.
    package var entry: DiskCacheEntry?
    /// Why a stored entry was dropped as damaged; nil when none was.
    package var damage: DiskCache.Error?

    /// A look-up's outcome.
    package init(entry: DiskCacheEntry?, damage: DiskCache.Error? = nil) {
        self.entry = entry
        self.damage = damage
    }
}

/// An engine that can say why it dropped a damaged entry (this package's
/// engines): the pipeline logs the reason. Other engines report misses only.
package protocol DamageReportingStorage: DiskCacheStorage {
    /// `entry(for:)`, with why a damaged entry was dropped.
    func lookUp(_ key: String) async throws(DiskCache.Error) -> DiskCacheLookup
}

extension DiskCacheStorage {
    /// `entry(for:)`, with why a damaged entry was dropped when the engine
    /// can say (`DamageReportingStorage`); no damage reported otherwise.
    package func lookUpReportingDamage(_ key: String) async throws(DiskCache.Error) -> DiskCacheLookup {
        if let engine = self as? any DamageReportingStorage { return try await engine.lookUp(key) }
        return DiskCacheLookup(entry: try await entry(for: key))
    }
}
