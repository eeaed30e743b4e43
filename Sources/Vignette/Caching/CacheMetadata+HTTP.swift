import Foundation

extension CacheMetadata {
    /// Freshness and validators from an HTTP response, following RFC 9111
    /// for a private cache: `Cache-Control: max-age` (less `Age`) first, then
    /// `Expires` relative to `Date`, then — only with `Last-Modified` — the
    /// heuristic 10 % of the resource's age, at most a day. `no-cache`, or no
    /// freshness information at all, means "revalidate before every use".
    /// Returns nil when the response must not be stored (`no-store`).
    public init?(response headers: [String: String], receivedAt now: Date = Date()) {
        let directives = Self.directives(headers["cache-control"])
        if directives["no-store"] != nil { return nil }
        func nonEmpty(_ name: String) -> String? { headers[name].flatMap { $0.isEmpty ? nil : $0 } }
        self.init(
            etag: nonEmpty("etag"), lastModified: nonEmpty("last-modified"), storedAt: now,
            freshUntil: Self.freshUntil(headers, directives: directives, now: now),
            cacheControl: nonEmpty("cache-control"), expires: nonEmpty("expires"),
            mustRevalidate: directives["must-revalidate"] != nil)
    }

    /// The entry after a 304 (RFC 9111 §4.3.4): the stored headers updated
    /// by the ones the 304 carries, freshness computed again from them; nil
    /// when the 304 says `no-store`.
    public func revalidated(with headers: [String: String], at now: Date = Date()) -> CacheMetadata? {
        let stored = ["etag": etag, "last-modified": lastModified, "cache-control": cacheControl, "expires": expires]
        let merged = stored.compactMapValues { $0 }.merging(headers) { _, new in new }
        return CacheMetadata(response: merged, receivedAt: now)
    }

    private static func freshUntil(_ headers: [String: String], directives: [String: String], now: Date) -> Date? {
        if directives["no-cache"] != nil { return nil }
        let age = headers["age"].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        if let maxAge = directives["max-age"].flatMap({ Double($0) }) {
            return now.addingTimeInterval(max(0, maxAge - max(0, age)))
        }
        func date(_ name: String) -> Date? { headers[name].flatMap { HTTPDate($0, relativeTo: now)?.date } }
        let serverDate = date("date") ?? now
        if headers["expires"] != nil {
            // An invalid Expires (often "0" or "-1") means already expired.
            guard let expires = date("expires") else { return nil }
            return now.addingTimeInterval(max(0, expires.timeIntervalSince(serverDate)))
        }
        if let modified = date("last-modified"), modified < serverDate {
            let heuristic = min(serverDate.timeIntervalSince(modified) / 10, 86_400)
            return now.addingTimeInterval(heuristic)
        }
        return nil
    }

    /// `max-age=60, no-cache` → ["max-age": "60", "no-cache": ""].
    static func directives(_ header: String?) -> [String: String] {
        guard let header else { return [:] }
        var result: [String: String] = [:]
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard let name = pair.first?.trimmingCharacters(in: .whitespaces).lowercased(), !name.isEmpty else { continue }
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
            result[name] = value
        }
        return result
    }
}
