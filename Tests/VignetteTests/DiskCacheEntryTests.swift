import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

@Suite struct DiskCacheEntryTests {
    static let metadata = CacheMetadata(
        etag: "\"abc-123\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT",
        storedAt: Date(timeIntervalSince1970: 1_700_000_000.5), freshUntil: Date(timeIntervalSince1970: 1_700_003_600))
    static let small = DiskCacheEntry(key: "https://example.com/a.png", data: Data([1, 2, 3, 250, 0, 7]), metadata: metadata)

    @Test func roundTripKeepsKeyDataAndMetadata() throws {
        let bytes = Self.small.serialized()
        let decoded = try DiskCacheEntry(serialized: bytes, key: Self.small.key)
        #expect(decoded == Self.small)
        #expect(decoded.metadata.etag == "\"abc-123\"")
        #expect(decoded.metadata.validators == CacheValidators(etag: "\"abc-123\"", lastModified: "Wed, 21 Oct 2015 07:28:00 GMT"))
        // Without an expected key the stored one is taken as is.
        #expect(try DiskCacheEntry(serialized: bytes) == Self.small)
    }

    @Test func emptyDataAndDefaultMetadataRoundTrip() throws {
        let entry = DiskCacheEntry(key: "k", data: Data(), metadata: CacheMetadata(storedAt: Date(timeIntervalSince1970: 0)))
        let decoded = try DiskCacheEntry(serialized: entry.serialized(), key: "k")
        #expect(decoded == entry)
        #expect(decoded.data.isEmpty)
        #expect(decoded.metadata.validators.isEmpty)
    }

    @Test func largePayloadAndUnicodeKeyRoundTrip() throws {
        let payload = Data((0..<70_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let entry = DiskCacheEntry(key: "https://exämple.com/😀?q=1", data: payload, metadata: Self.metadata)
        #expect(try DiskCacheEntry(serialized: entry.serialized(), key: entry.key) == entry)
    }

    @Test func readsFromASliceThatDoesNotStartAtZero() throws {
        let padded = Data([0xEE, 0xEE, 0xEE]) + Self.small.serialized()
        let slice = padded.dropFirst(3)
        #expect(slice.startIndex == 3)
        #expect(try DiskCacheEntry(serialized: slice, key: Self.small.key) == Self.small)
    }

    @Test func everyTruncationIsRejected() {
        let bytes = Self.small.serialized()
        for length in 0..<bytes.count {
            #expect(throws: DiskCache.Error.self, "truncated to \(length) of \(bytes.count) bytes") {
                try DiskCacheEntry(serialized: bytes.prefix(length), key: Self.small.key)
            }
        }
    }

    @Test func aBitFlipAnywhereIsRejected() {
        let bytes = Self.small.serialized()
        for index in 0..<bytes.count {
            for bit in 0..<8 {
                var damaged = bytes
                damaged[index] ^= UInt8(1) << UInt8(bit)
                #expect(throws: DiskCache.Error.self, "bit \(bit) of byte \(index)") {
                    try DiskCacheEntry(serialized: damaged, key: Self.small.key)
                }
            }
        }
    }

    @Test func anExtraTrailingByteIsRejected() {
        let bytes = Self.small.serialized() + Data([0])
        #expect(throws: DiskCache.Error.self) { try DiskCacheEntry(serialized: bytes, key: Self.small.key) }
    }

    @Test func theWrongExpectedKeyIsRejected() {
        let bytes = Self.small.serialized()
        #expect(
            throws: DiskCache.Error.corruptEntry(
                key: "https://example.com/b.png", reason: "stored for another key (https://example.com/a.png)")
        ) {
            try DiskCacheEntry(serialized: bytes, key: "https://example.com/b.png")
        }
    }

    @Test func errorMessagesNameTheKeyAndTheReason() {
        let bytes = Self.small.serialized()
        var flipped = bytes
        flipped[bytes.count - 10] ^= 0x40
        let cases: [(Data, String)] = [
            (bytes.prefix(10), "10 bytes, shorter than a header"),
            (Data(repeating: 0x41, count: 64), "not a Vignette cache entry"),
            (bytes.prefix(bytes.count - 1), "length is \(bytes.count - 1) bytes, header says"),
            (flipped, "checksum mismatch")
        ]
        for (damaged, reason) in cases {
            #expect {
                try DiskCacheEntry(serialized: damaged, key: "https://example.com/a.png")
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix("cache entry for https://example.com/a.png is damaged (")
                    && text.contains(reason) && text.hasSuffix("it was dropped")
            }
        }
    }
}
