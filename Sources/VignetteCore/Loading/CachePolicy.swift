/// Which caches a request may read and write.
///
/// ```swift
/// var request = ImageRequest(url: url)
/// request.cachePolicy = .cacheOnly      // offline: never the network
/// ```
public enum CachePolicy: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Memory, then the disk cache (fresh entries as they are, stale ones
    /// revalidated with their validators), then the network; stores in both.
    /// A failed network load with a stale entry on disk serves the stale
    /// entry (`ImageResponse.staleBecause` says why).
    case memoryAndDisk
    /// Memory, then the network; the disk cache is neither read nor written.
    case memoryOnly
    /// Memory, then the disk cache whatever its freshness; never the
    /// network. A miss fails with `ImageRequest.Error.notCached`.
    case cacheOnly
    /// The network, ignoring cached copies; the result replaces them.
    case reloadIgnoringCaches

    /// `memory+disk`, `memory only`, `cache only`, `reload`.
    public var description: String {
        switch self {
        case .memoryAndDisk: "memory+disk"
        case .memoryOnly: "memory only"
        case .cacheOnly: "cache only"
        case .reloadIgnoringCaches: "reload"
        }
    }

    package var readsMemory: Bool { self != .reloadIgnoringCaches }
    package var readsDisk: Bool { self == .memoryAndDisk || self == .cacheOnly }
    package var writesDisk: Bool { self == .memoryAndDisk || self == .reloadIgnoringCaches }
}
