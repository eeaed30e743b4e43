import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// HTTP freshness and validators (RFC 9111, private cache).
@Suite struct CacheMetadataTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func metadata(_ headers: [String: String]) -> CacheMetadata? { CacheMetadata(response: headers, receivedAt: now) }

    @Test func maxAgeLessAgeSetsFreshness() throws {
        let m = try #require(metadata(["cache-control": "public, max-age=600", "age": "100", "etag": "\"x\""]))
        #expect(m.freshUntil == now.addingTimeInterval(500))
        #expect(m.etag == "\"x\"" && m.isFresh(at: now.addingTimeInterval(499)) && !m.isFresh(at: now.addingTimeInterval(500)))
    }

    @Test func noStoreIsNotStoredAndNoCacheAlwaysRevalidates() throws {
        #expect(metadata(["cache-control": "no-store"]) == nil)
        #expect(metadata(["cache-control": "max-age=600, NO-STORE"]) == nil)
        let m = try #require(metadata(["cache-control": "no-cache, max-age=600", "etag": "\"y\""]))
        #expect(m.freshUntil == nil && !m.isFresh(at: now))
    }

    @Test func expiresCountsFromTheServersDate() throws {
        let m = try #require(metadata(["date": "Sun, 22 Nov 2026 10:00:00 GMT", "expires": "Sun, 22 Nov 2026 10:05:00 GMT"]))
        #expect(m.freshUntil == now.addingTimeInterval(300))
        // An invalid Expires ("0") means already expired; max-age wins over Expires.
        #expect(try #require(metadata(["expires": "0"])).freshUntil == nil)
        #expect(try #require(metadata(["expires": "0", "cache-control": "max-age=60"])).freshUntil == now.addingTimeInterval(60))
    }

    @Test func lastModifiedGivesHeuristicFreshnessCappedAtADay() throws {
        let tenHours = try #require(metadata(["date": "Sun, 22 Nov 2026 10:00:00 GMT", "last-modified": "Sun, 22 Nov 2026 00:00:00 GMT"]))
        #expect(tenHours.freshUntil == now.addingTimeInterval(3600))
        let old = try #require(metadata(["date": "Sun, 22 Nov 2026 10:00:00 GMT", "last-modified": "Mon, 01 Jan 2024 00:00:00 GMT"]))
        #expect(old.freshUntil == now.addingTimeInterval(86_400))
        #expect(old.lastModified == "Mon, 01 Jan 2024 00:00:00 GMT")
    }

    @Test func withoutFreshnessInformationAnEntryIsStaleAtOnce() throws {
        let m = try #require(metadata(["etag": "\"z\""]))
        #expect(m.freshUntil == nil && m.validators == CacheValidators(etag: "\"z\""))
        #expect(try #require(metadata([:])).validators.isEmpty)
    }

    @Test func revalidationKeepsValidatorsAndTakesNewFreshness() throws {
        let stored = CacheMetadata(etag: "\"v1\"", lastModified: "Mon, 01 Jan 2024 00:00:00 GMT", storedAt: now, freshUntil: nil)
        let later = now.addingTimeInterval(1000)
        let refreshed = try #require(stored.revalidated(with: ["cache-control": "max-age=60"], at: later))
        #expect(refreshed.etag == "\"v1\"" && refreshed.lastModified == stored.lastModified)
        #expect(refreshed.storedAt == later && refreshed.freshUntil == later.addingTimeInterval(60))
        #expect(try #require(stored.revalidated(with: ["etag": "\"v2\"", "cache-control": "no-cache"], at: later)).etag == "\"v2\"")
    }

    /// Every HTTP-date form counts, the obsolete ones included (parsed by `HTTPDate`).
    @Test func obsoleteDateFormsCountForFreshness() throws {
        let rfc850 = try #require(metadata(["date": "Sunday, 22-Nov-26 10:00:00 GMT", "expires": "Sunday, 22-Nov-26 10:05:00 GMT"]))
        #expect(rfc850.freshUntil == now.addingTimeInterval(300))
        let asctime = try #require(metadata(["date": "Sun Nov 22 10:00:00 2026", "last-modified": "Sun Nov 22 00:00:00 2026"]))
        #expect(asctime.freshUntil == now.addingTimeInterval(3600))
    }

    @Test func a304KeepsTheStoredLifetimeAndCanForbidStorage() throws {
        let stored = try #require(metadata(["cache-control": "max-age=600", "etag": "\"v1\""]))
        let later = now.addingTimeInterval(5000)
        let refreshed = try #require(stored.revalidated(with: ["date": "Sun, 22 Nov 2026 10:00:00 GMT"], at: later))
        #expect(refreshed.freshUntil == later.addingTimeInterval(600))
        #expect(stored.revalidated(with: ["cache-control": "no-store"], at: later) == nil)
        #expect(try #require(metadata(["cache-control": "max-age=60, must-revalidate"])).mustRevalidate)
        #expect(try #require(metadata(["cache-control": "no-cache"])).mustRevalidate == false)
        #expect(try #require(metadata(["cache-control": "max-age=60"])).mustRevalidate == false)
    }
}
