/// A thread-safe, strict-LRU memory cache bounded by total cost, with a
/// per-entry ceiling (an entry over it is not stored). Reads are synchronous.
///
/// ```swift
/// let cache = MemoryCache<ImageRequest.Key, Bitmap>(totalCostLimit: 256 << 20, entryCostLimit: 32 << 20)
/// cache.set(bitmap, for: request.key, cost: bitmap.pixels.count)
/// let hit = cache[request.key]
/// ```
package final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The most the cache holds, in cost units (bytes for bitmaps).
    package let totalCostLimit: Int
    /// The largest single entry stored.
    package let entryCostLimit: Int
    private let store = Locked(LRUStore<Key, Value>())

    /// A cache with the given limits.
    package init(totalCostLimit: Int, entryCostLimit: Int? = nil) {
        self.totalCostLimit = max(0, totalCostLimit)
        self.entryCostLimit = min(self.totalCostLimit, entryCostLimit ?? self.totalCostLimit)
    }

    /// The value for `key`, which becomes the most recently used.
    package subscript(key: Key) -> Value? {
        store.withLock { $0.value(for: key) }
    }

    /// Stores `value`, evicting least recently used entries to fit. Returns
    /// false (and stores nothing) when `cost` is over the per-entry limit.
    @discardableResult
    package func set(_ value: Value, for key: Key, cost: Int) -> Bool {
        guard cost <= entryCostLimit else {
            store.withLock { _ = $0.removeValue(for: key) }
            return false
        }
        let limit = totalCostLimit
        store.withLock { _ = $0.set(value, for: key, cost: max(0, cost), limit: limit) }
        return true
    }

    /// True when `key` is held (its recency unchanged).
    package func contains(_ key: Key) -> Bool { store.withLock { $0.contains(key) } }

    /// Removes one entry.
    package func removeValue(for key: Key) { store.withLock { _ = $0.removeValue(for: key) } }

    /// Empties the cache.
    package func removeAll() { store.withLock { $0.removeAll() } }

    /// Entries held.
    package var count: Int { store.withLock { $0.count } }

    /// Total cost held.
    package var totalCost: Int { store.withLock { $0.totalCost } }

    /// Keys from most to least recently used (for tests and diagnostics).
    package var keysByRecency: [Key] { store.withLock { $0.keysByRecency } }
}
