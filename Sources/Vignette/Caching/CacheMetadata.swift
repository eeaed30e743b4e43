import Foundation

/// What a disk-cache entry knows about its resource besides the bytes: the
/// HTTP validators to revalidate it and how long it stays fresh.
public struct CacheMetadata: Sendable, Hashable, Codable {
    /// The `ETag` response header, sent back as `If-None-Match`.
    package var etag: String?
    /// The `Last-Modified` response header, sent back as `If-Modified-Since`.
    package var lastModified: String?
    /// When the response was received (or last revalidated).
    public var storedAt: Date
    /// Until when the entry may be used without asking the server; nil means
    /// it must be revalidated before use (`no-cache`, or no freshness given).
    public var freshUntil: Date?
    /// The stored `Cache-Control` header: a 304 that omits it keeps it.
    package var cacheControl: String?
    /// The stored `Expires` header.
    package var expires: String?
    /// `must-revalidate`: never served stale when the network fails. (A
    /// `no-cache` entry is, with the failure reported: RFC 9111 would refuse,
    /// but a renderer is better served by a flagged stale image than none.)
    public var mustRevalidate: Bool

    /// Metadata with the given validators and freshness.
    package init(
        etag: String? = nil, lastModified: String? = nil, storedAt: Date = Date(), freshUntil: Date? = nil,
        cacheControl: String? = nil, expires: String? = nil, mustRevalidate: Bool = false
    ) {
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.cacheControl = cacheControl
        self.expires = expires
        self.mustRevalidate = mustRevalidate
    }

    /// The validators to send on revalidation.
    public var validators: CacheValidators { CacheValidators(etag: etag, lastModified: lastModified) }

    /// True while the entry may be served without revalidation.
    public func isFresh(at date: Date = Date()) -> Bool {
        guard let freshUntil else { return false }
        return date < freshUntil
    }
}

/// HTTP validators for a conditional request (`If-None-Match`,
/// `If-Modified-Since`); a server answering 304 confirms the cached bytes.
public struct CacheValidators: Sendable, Hashable, Codable {
    /// Sent as `If-None-Match`.
    public var etag: String?
    /// Sent as `If-Modified-Since`.
    public var lastModified: String?

    /// Validators from response headers.
    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// True when there is nothing to validate with.
    package var isEmpty: Bool { etag == nil && lastModified == nil }
}
