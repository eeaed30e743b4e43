import Foundation

/// The text a URL's cache entries are filed under, when it is not the URL
/// itself: a signed S3 or GCS URL whose signature changes every hour names
/// the same object, so dropping the signature lets a re-signed URL hit the
/// caches. Coalescing, the memory caches and the disk cache all use the
/// key this gives; the transfer still uses the URL as given.
///
/// ```swift
/// var request = ImageRequest(url: signedURL)
/// request.cacheKeyTransform = .ignoringCloudSignatures   // X-Amz-*, X-Goog-*
/// let custom = CacheKeyTransform.droppingQueryItems(named: ["token", "expires"])
/// ```
///
/// Two transforms are equal when their `name`s are: give each closure its
/// own name.
public struct CacheKeyTransform: Sendable, Hashable, CustomStringConvertible {
    /// Tells transforms apart (equality and hashing use it alone).
    package let name: String
    private let transform: @Sendable (URL) -> String

    /// A transform from `url` to its key text. The text must depend only
    /// on what identifies the image: two URLs it maps to the same text
    /// share every cache entry.
    public init(name: String, _ transform: @escaping @Sendable (URL) -> String) {
        self.name = name
        self.transform = transform
    }

    /// The key text of `url`.
    public func key(for url: URL) -> String { transform(url) }

    /// Drops the query items whose names start with one of `prefixes`
    /// (ASCII case-insensitive, after percent-decoding the name); the
    /// other items keep their order and exact encoding.
    public static func droppingQueryItems(prefixedBy prefixes: [String]) -> CacheKeyTransform {
        let lowered = prefixes.map { $0.lowercased() }
        return CacheKeyTransform(name: "droppingQueryItems(prefixedBy: \(lowered))") { url in
            dropQueryItems(from: url) { name in lowered.contains { name.hasPrefix($0) } }
        }
    }

    /// Drops the query items with one of these names (ASCII case-insensitive).
    public static func droppingQueryItems(named names: Set<String>) -> CacheKeyTransform {
        let lowered = Set(names.map { $0.lowercased() })
        return CacheKeyTransform(name: "droppingQueryItems(named: \(lowered.sorted()))") { url in
            dropQueryItems(from: url) { lowered.contains($0) }
        }
    }

    /// Drops the query items of AWS SigV4 and Google Cloud Storage V4
    /// signatures (`X-Amz-*`, `X-Goog-*`: algorithm, credential, date,
    /// expiry, signed headers, signature, security token).
    public static let ignoringCloudSignatures = droppingQueryItems(prefixedBy: ["X-Amz-", "X-Goog-"])

    /// The name.
    public var description: String { name }

    /// Equal names.
    public static func == (lhs: CacheKeyTransform, rhs: CacheKeyTransform) -> Bool { lhs.name == rhs.name }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `url`'s text without the query items whose lowercased, decoded
    /// name `drops` says to drop; no `?` is left when none remain.
    static func dropQueryItems(from url: URL, where drops: (String) -> Bool) -> String {
        let text = url.absoluteString
        guard let question = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[question...].firstIndex(of: "#") ?? text.endIndex
        let items = text[text.index(after: question)..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false)
        let kept = items.filter { item in
            let rawName = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let name = (String(rawName).removingPercentEncoding ?? String(rawName)).lowercased()
            return !drops(name)
        }
        let query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
        return String(text[..<question]) + query + String(text[fragmentStart...])
    }
}
