import Foundation

/// What to load and how to decode it. Its `key` identifies equivalent
/// requests for coalescing and caching — a structured value, never a string.
public struct ImageRequest: Sendable, Hashable {
    /// Where the bytes are (http, https, file or data).
    public var url: URL { didSet { key = Key(url: url, scale: scale, maxPixelCount: maxPixelCount) } }
    /// The scale given to the decoded bitmap.
    public var scale: Double { didSet { key = Key(url: url, scale: scale, maxPixelCount: maxPixelCount) } }
    /// The decoder's pixel limit.
    public var maxPixelCount: Int { didSet { key = Key(url: url, scale: scale, maxPixelCount: maxPixelCount) } }
    /// Which caches the load may use (not part of the key: every policy
    /// reads and writes the same entries).
    public var cachePolicy: CachePolicy = .memoryAndDisk
    /// The cache and coalescing key, kept up to date so a memory-cache
    /// look-up does not rebuild it.
    public private(set) var key: Key

    /// A request; the scale defaults to the URL's `@2x`/`@3x` suffix, else 1.
    public init(url: URL, scale: Double? = nil, maxPixelCount: Int = PNGCodec.defaultMaxPixelCount,
                cachePolicy: CachePolicy = .memoryAndDisk) {
        let scale = scale ?? ImageScale.fromFileName(url.path)
        self.cachePolicy = cachePolicy
        self.url = url
        self.scale = scale
        self.maxPixelCount = maxPixelCount
        key = Key(url: url, scale: scale, maxPixelCount: maxPixelCount)
    }

    /// The cache and coalescing key: URL plus every decode option. Its hash
    /// is computed once (hashing a `URL` is costly and a cache hit is on a
    /// surface's synchronous path).
    public struct Key: Sendable, Hashable {
        /// The URL, as given.
        public let url: URL
        /// The decoded scale.
        public let scale: Double
        /// The decoder's pixel limit.
        public let maxPixelCount: Int
        private let address: String
        private let precomputedHash: Int

        /// A key from its parts.
        public init(url: URL, scale: Double, maxPixelCount: Int) {
            self.url = url
            self.scale = scale
            self.maxPixelCount = maxPixelCount
            address = url.absoluteString
            var hasher = Hasher()
            hasher.combine(address)
            hasher.combine(scale)
            hasher.combine(maxPixelCount)
            precomputedHash = hasher.finalize()
        }

        /// Same URL text and decode options.
        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.precomputedHash == rhs.precomputedHash && lhs.scale == rhs.scale
                && lhs.maxPixelCount == rhs.maxPixelCount && lhs.address == rhs.address
        }

        /// Feeds the precomputed hash.
        public func hash(into hasher: inout Hasher) { hasher.combine(precomputedHash) }
    }


}

/// Which loads go first when the pipeline is at its concurrency limit.
/// Low-priority work (prefetching) never starts while higher work waits.
public enum ImagePriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Prefetching.
    case low
    /// Visible work.
    case normal
    /// Urgent visible work.
    case high

    /// Lower priorities sort first: `.low < .normal < .high`.
    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
