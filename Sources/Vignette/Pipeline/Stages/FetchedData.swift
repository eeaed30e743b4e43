import Foundation

/// The fetch stage's product: original bytes, where they came from, and
/// what the caches should remember once a decode has proved them good.
struct FetchedData: Sendable {
    /// The encoded image.
    var data: Data
    /// Memory (the original-data cache), disk, revalidated or network.
    var source: ImageResponse.Source
    /// Set when a stale disk copy stands in for a failed network load.
    var staleBecause: ImageRequest.Error?
    /// The cache writes this fetch owes, done by `FetchStage.commit` after
    /// the first successful decode: bytes that are not a good image are
    /// never cached as good.
    var pending: PendingWrites

    /// The cache writes owed, done at most once.
    final class PendingWrites: Sendable {
        enum Write: Sendable {
            case store(DiskCacheEntry)
            case remove(key: String)
        }
        let disk: Write?
        let remembersData: Bool
        private let done = Locked(false)

        init(disk: Write? = nil, remembersData: Bool) {
            self.disk = disk
            self.remembersData = remembersData
        }

        /// True the first time only.
        func claim() -> Bool {
            done.withLock { d in
                defer { d = true }
                return !d
            }
        }

        static let none = PendingWrites(remembersData: false)
    }
}
