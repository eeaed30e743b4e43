import Foundation

/// What to load and how to decode it. Its `key` identifies equivalent
/// requests for coalescing and caching — a structured value, never a string.
public struct ImageRequest: Sendable, Hashable {
    /// Where the bytes are (http, https, file or data).
    public var url: URL
    /// The scale given to the decoded bitmap.
    public var scale: Double
    /// The decoder's pixel limit.
    public var maxPixelCount: Int

    /// A request; the scale defaults to the URL's `@2x`/`@3x` suffix, else 1.
    public init(url: URL, scale: Double? = nil, maxPixelCount: Int = PNGCodec.defaultMaxPixelCount) {
        self.url = url
        self.scale = scale ?? ImageScale.fromFileName(url.path)
        self.maxPixelCount = maxPixelCount
    }

    /// The cache and coalescing key: URL plus every decode option.
    public struct Key: Sendable, Hashable {
        /// The URL, as given.
        public var url: URL
        /// The decoded scale.
        public var scale: Double
        /// The decoder's pixel limit.
        public var maxPixelCount: Int
    }

    /// This request's key.
    public var key: Key { Key(url: url, scale: scale, maxPixelCount: maxPixelCount) }
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

    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
