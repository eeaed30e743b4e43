import Foundation

/// What to load and how to decode it.
///
/// A request names two things a loader keeps apart: the *original data*
/// (the URL and cache policy — one transfer serves every request for the
/// same URL) and the *decoded image* (the data plus `options` — each scale
/// is its own decode and its own memory-cache entry).
///
/// ```swift
/// let retina = ImageRequest(url: url, scale: 2)
/// let plain = ImageRequest(url: url)            // same download, another decode
/// ```
public struct ImageRequest: Sendable, Hashable {
    /// Where the bytes are (http, https, file or data).
    public var url: URL { didSet { key = Key(url: url, options: options) } }
    /// How the bytes are decoded.
    public var options: DecodingOptions { didSet { key = Key(url: url, options: options) } }
    /// Which caches the load may use (not part of the key: every policy
    /// reads and writes the same entries).
    public var cachePolicy: CachePolicy = .memoryAndDisk
    /// The memory-cache and decode key, kept up to date so a memory-cache
    /// look-up does not rebuild it.
    package private(set) var key: Key

    /// A request; the scale defaults to the URL's `@2x`/`@3x` suffix, else 1.
    public init(
        url: URL, scale: Double? = nil, maxPixelCount: Int = DecodingOptions.defaultMaxPixelCount,
        cachePolicy: CachePolicy = .memoryAndDisk
    ) {
        let options = DecodingOptions(scale: scale ?? ImageScale.fromFileName(url.path), maxPixelCount: maxPixelCount)
        self.cachePolicy = cachePolicy
        self.url = url
        self.options = options
        key = Key(url: url, options: options)
    }

    /// The scale given to the decoded bitmap.
    public var scale: Double {
        get { options.scale }
        set { options.scale = newValue }
    }

    /// The decoder's pixel limit.
    public var maxPixelCount: Int {
        get { options.maxPixelCount }
        set { options.maxPixelCount = newValue }
    }

    /// The key of the same request without a shrink target: a full-size
    /// decode, which serves every target.
    package var fullSizeKey: Key {
        var full = options
        full.shrinkTarget = nil
        return Key(url: url, options: full)
    }

    /// The original data's key: the URL's text. Requests that differ only in
    /// decode options share it, and so share one transfer.
    package var dataKey: DataKey { key.data }

    /// The decoded image's key: the data key plus every decode option. Its
    /// hash is computed once (hashing a URL is costly and a memory-cache hit
    /// is on a surface's synchronous path).
    package struct Key: Sendable, Hashable {
        /// Which original data.
        package let data: DataKey
        /// How it is decoded.
        package let options: DecodingOptions
        private let precomputedHash: Int

        /// A key from its parts.
        package init(url: URL, options: DecodingOptions) {
            data = DataKey(url: url)
            self.options = options
            var hasher = Hasher()
            hasher.combine(data)
            hasher.combine(options)
            precomputedHash = hasher.finalize()
        }

        /// The URL, as given.
        package var url: URL { data.url }

        /// Same data and options (scales compared bit for bit).
        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.precomputedHash == rhs.precomputedHash && lhs.options == rhs.options && lhs.data == rhs.data
        }

        /// Feeds the precomputed hash.
        package func hash(into hasher: inout Hasher) { hasher.combine(precomputedHash) }
    }

    /// The original data's key: the URL's absolute text.
    package struct DataKey: Sendable, Hashable, CustomStringConvertible {
        /// The URL, as given.
        package let url: URL
        /// `url.absoluteString`, what equality and hashing use.
        package let address: String

        /// The key of a URL.
        package init(url: URL) {
            self.url = url
            address = url.absoluteString
        }

        /// Same URL text.
        package static func == (lhs: DataKey, rhs: DataKey) -> Bool { lhs.address == rhs.address }
        /// Hashes the URL text.
        package func hash(into hasher: inout Hasher) { hasher.combine(address) }
        /// The URL text.
        package var description: String { address }
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
