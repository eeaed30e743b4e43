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
///
/// Origins that need keys: `headers` are sent with the transfer (and
/// never printed), and `cacheKeyTransform` files a signed URL under a key
/// without its signature.
public struct ImageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Where the bytes are (http, https, file or data).
    public var url: URL { didSet { rekey() } }
    /// How the bytes are decoded.
    public var options: DecodingOptions { didSet { rekey() } }
    /// Which caches the load may use (not part of the key: every policy
    /// reads and writes the same entries).
    public var cachePolicy: CachePolicy = .memoryAndDisk
    /// Headers sent with the transfer (http and https): `Authorization`,
    /// cookies, an API key. Sensitive ones keep their own cache entries
    /// unless `credentialCaching` says otherwise.
    public var headers = RequestHeaders() { didSet { rekey() } }
    /// Whether a request with credentials shares cache entries, and a
    /// transfer, with requests without them (or with other ones). Default
    /// `.separate`.
    public var credentialCaching = CredentialCaching.separate { didSet { rekey() } }
    /// Files the request's data under another key than the URL's text
    /// (e.g. without a signature); nil uses the URL as given.
    public var cacheKeyTransform: CacheKeyTransform? { didSet { rekey() } }
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
        key = Key(data: DataKey(url: url), options: options)
    }

    /// Whether requests with credentials share cache entries with others.
    public enum CredentialCaching: Sendable, Hashable {
        /// The default: a request with sensitive headers has its own entries
        /// in the memory caches and the disk cache, and its own transfer,
        /// apart from requests without credentials or with other ones (its
        /// key holds a SHA-256 digest of the sensitive fields, never their
        /// text).
        case separate
        /// Opting in: the credentials do not enter the key, so this
        /// request reads and writes the same entries as any request for the
        /// same key without them — right only when every caller may see
        /// every image behind the URL (a CDN key shared by all users).
        case sharedAcrossCredentials
    }

    private mutating func rekey() {
        key = Key(
            data: DataKey(url: url, headers: headers, caching: credentialCaching, transform: cacheKeyTransform),
            options: options)
    }

    /// The URL and the names of the headers, never their values.
    public var description: String {
        "ImageRequest(\(url.absoluteString), scale: \(scale)" + (headers.isEmpty ? "" : ", headers: \(headers)") + ")"
    }

    /// The scale given to the decoded bitmap.
    package var scale: Double {
        get { options.scale }
        set { options.scale = newValue }
    }

    /// The decoder's pixel limit.
    package var maxPixelCount: Int {
        get { options.maxPixelCount }
        set { options.maxPixelCount = newValue }
    }

    /// The key of the same request without a shrink target: a full-size
    /// decode, which serves every target.
    package var fullSizeKey: Key {
        var full = options
        full.shrinkTarget = nil
        return Key(data: key.data, options: full)
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
        package init(data: DataKey, options: DecodingOptions) {
            self.data = data
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

    /// The original data's key: the URL's text (or its transform's), and
    /// a digest of the credentials unless they are shared. It also carries
    /// what the transfer sends (the URL as given and the headers), which
    /// equality ignores: equal keys share one transfer.
    package struct DataKey: Sendable, Hashable, CustomStringConvertible {
        /// The URL to load, as given.
        package let url: URL
        /// The headers to send.
        package let headers: RequestHeaders
        /// The cache identity: `url.absoluteString`, or the transform's text.
        package let address: String
        /// SHA-256 (hex) of the sensitive fields, when they keep their own entries.
        package let credentials: String?

        /// The key of a URL without headers.
        package init(url: URL) {
            self.url = url
            headers = RequestHeaders()
            address = url.absoluteString
            credentials = nil
        }

        /// The key of a request's data.
        package init(url: URL, headers: RequestHeaders, caching: CredentialCaching, transform: CacheKeyTransform?) {
            self.url = url
            self.headers = headers
            address = transform?.key(for: url) ?? url.absoluteString
            credentials = caching == .separate && headers.hasCredentials ? Self.digest(headers) : nil
        }

        /// The disk cache's key: the address, prefixed by the credentials'
        /// digest when there are any (no URL's text starts with a space).
        package var diskKey: String { credentials.map { " credentials=\($0) \(address)" } ?? address }

        private static func digest(_ headers: RequestHeaders) -> String {
            var bytes: [UInt8] = []
            for field in headers.fields where field.isSensitive {
                bytes += Array(field.name.lowercased().utf8) + [0] + Array(field.value.utf8) + [0]
            }
            return SHA256Digest.hex(bytes)
        }

        /// Same cache identity.
        package static func == (lhs: DataKey, rhs: DataKey) -> Bool {
            lhs.address == rhs.address && lhs.credentials == rhs.credentials
        }
        /// Hashes the cache identity.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(address)
            hasher.combine(credentials)
        }
        /// The address (the credentials' digest is not shown).
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
