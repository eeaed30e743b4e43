extension DiskCache {
    /// Why the disk cache could not do what was asked. A damaged entry is
    /// not an error (it is dropped and reads as a miss).
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The cache folder could not be created or opened.
        case directoryUnavailable(String, reason: String)
        /// The cache folder exists but belongs to another user (`owner`, a
        /// user id), not to this process's `user`: it is refused.
        case directoryNotOwned(String, owner: UInt32, user: UInt32)
        /// The engine's storage failed (any engine: files, SQLite, others).
        case storageFailed(StorageFailure)
        /// A serialized entry failed verification (only thrown by
        /// `DiskCacheEntry.init(serialized:key:)`; engines turn it into a miss).
        case corruptEntry(key: String, reason: String)
        /// The size limit given was not positive.
        case invalidSizeLimit(Int)

        /// What went wrong and where.
        public var description: String {
            switch self {
            case .directoryUnavailable(let path, let reason):
                "cache folder \(path) is unavailable: \(reason)"
            case .directoryNotOwned(let path, let owner, let user):
                "cache folder \(path) belongs to user id \(owner), not to this process's user id \(user): "
                    + "refusing it (its owner could read the cached URLs or plant entries)"
            case .storageFailed(let failure):
                failure.description
            case .corruptEntry(let key, let reason):
                "cache entry for \(key) is damaged (\(reason)); it was dropped"
            case .invalidSizeLimit(let limit):
                "cache size limit must be positive, got \(limit) bytes"
            }
        }
    }

    /// What one LRU sweep did.
    public struct SweepReport: Sendable, Hashable {
        /// Entries deleted.
        public var removedEntries: Int
        /// Bytes on disk before and after.
        public var bytesBefore: Int
        /// Bytes on disk after the sweep.
        public var bytesAfter: Int

        /// A report.
        public init(removedEntries: Int, bytesBefore: Int, bytesAfter: Int) {
            self.removedEntries = removedEntries
            self.bytesBefore = bytesBefore
            self.bytesAfter = bytesAfter
        }
    }
}
