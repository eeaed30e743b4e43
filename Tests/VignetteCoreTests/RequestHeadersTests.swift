import Foundation
import Testing

@testable import VignetteCore

/// `RequestHeaders`: checked when set, never printed; and how credentials
/// and a `CacheKeyTransform` shape a request's cache key.
@Suite struct RequestHeadersTests {
    static let url = URL(string: "https://cdn.example/p.png")!
    static let secret = "Bearer s3cr3t-t0ken"

    @Test(arguments: ["v\r\nX-Injected: 1", "v\nX", "v\rX", "a\u{0}b", "a\u{7F}"])
    func aValueWithALineBreakOrControlCharacterIsRefusedNamingTheHeader(value: String) {
        var headers = RequestHeaders()
        #expect(throws: RequestHeaders.Error.invalidValue(name: "Authorization")) {
            try headers.set("Authorization", value)
        }
        #expect(headers.isEmpty)
        let message = "\(RequestHeaders.Error.invalidValue(name: "Authorization"))"
        #expect(message.contains("Authorization") && !message.contains(value))
    }

    @Test(arguments: ["", "X Bad", "X:Bad", "X\r\nY", "Ünicode", String(repeating: "a", count: 257)])
    func aNameThatIsNotATokenIsRefused(name: String) {
        var headers = RequestHeaders()
        #expect(throws: RequestHeaders.Error.invalidName(name)) { try headers.set(name, "v") }
    }

    @Test func namesTheLoaderSetsAreReservedAndLongValuesRefused() {
        var headers = RequestHeaders()
        #expect(throws: RequestHeaders.Error.reservedName("Host")) { try headers.set("Host", "evil.example") }
        #expect(throws: RequestHeaders.Error.reservedName("If-None-Match")) { try headers.set("If-None-Match", "x") }
        let long = String(repeating: "x", count: RequestHeaders.maxValueBytes + 1)
        #expect(throws: RequestHeaders.Error.valueTooLong(name: "X-Long", limit: RequestHeaders.maxValueBytes)) {
            try headers.set("X-Long", long)
        }
        #expect(throws: Never.self) { try headers.set("X-Tab", "a\tb") }
    }

    @Test func credentialsAreSensitiveByDefaultAndOthersWhenMarked() throws {
        var headers = RequestHeaders()
        try headers.set("x-trace", "1")
        #expect(!headers.hasCredentials)
        for name in ["authorization", "Cookie", "PROXY-AUTHORIZATION"] {
            var one = RequestHeaders()
            try one.set(name, "v")
            #expect(one.hasCredentials, "\(name)")
        }
        try headers.set("X-Api-Key", "k", sensitive: true)
        #expect(headers.hasCredentials)
        try headers.set("X-TRACE", "2")  // replaces, whatever the case
        #expect(headers.fields.map(\.name) == ["X-TRACE", "X-Api-Key"] && headers["x-trace"] == "2")
        #expect(headers.withoutCredentials.fields.map(\.name) == ["X-TRACE"])
    }

    @Test func noDescriptionOfARequestOrItsHeadersShowsAValue() throws {
        var request = ImageRequest(url: Self.url)
        try request.headers.set("Authorization", Self.secret)
        try request.headers.set("X-Trace", "trace-value-42")
        var dumped = ""
        dump(request, to: &dumped)
        for text in [
            "\(request)", String(reflecting: request), "\(request.headers)", String(reflecting: request.headers),
            dumped, "\(request.dataKey)", request.dataKey.diskKey
        ] {
            #expect(!text.contains("s3cr3t") && !text.contains("trace-value-42"), "\(text)")
        }
        #expect("\(request)".contains("Authorization"))
    }

    @Test func aRequestWithCredentialsHasItsOwnKeyUnlessItOptsIn() throws {
        let plain = ImageRequest(url: Self.url)
        var alice = plain
        try alice.headers.set("Authorization", "Bearer alice")
        var bob = plain
        try bob.headers.set("Authorization", "Bearer bob")
        #expect(alice.key != plain.key && alice.dataKey != plain.dataKey && bob.dataKey != alice.dataKey)
        #expect(alice.dataKey.diskKey != plain.dataKey.diskKey && alice.dataKey.diskKey.hasSuffix(Self.url.absoluteString))
        var again = plain
        try again.headers.set("authorization", "Bearer alice")  // the same credential, however the name is written
        #expect(again.key == alice.key)
        var shared = alice
        shared.credentialCaching = .sharedAcrossCredentials
        #expect(shared.key == plain.key && shared.dataKey.diskKey == plain.dataKey.diskKey)
        var traced = plain
        try traced.headers.set("X-Trace", "1")  // not a credential: same entries
        #expect(traced.key == plain.key)
    }

    @Test func theCloudSignatureTransformDropsOnlyTheSignatureItems() throws {
        let signed = URL(
            string:
                "https://bucket.s3.amazonaws.com/a%20b.png?w=10&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AK%2F2026&x-amz-date=20261126T000000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=abc&v=2#top"
        )!
        let transform = CacheKeyTransform.ignoringCloudSignatures
        #expect(transform.key(for: signed) == "https://bucket.s3.amazonaws.com/a%20b.png?w=10&v=2#top")
        let goog = URL(string: "https://storage.googleapis.com/b/o.jpg?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=ff")!
        #expect(transform.key(for: goog) == "https://storage.googleapis.com/b/o.jpg")
        #expect(transform.key(for: Self.url) == Self.url.absoluteString)
        let named = CacheKeyTransform.droppingQueryItems(named: ["token"])
        #expect(named.key(for: URL(string: "https://a.example/x?token=1&tokens=2")!) == "https://a.example/x?tokens=2")
    }

    @Test func twoSignaturesOfOneObjectShareEveryKey() throws {
        var first = ImageRequest(url: URL(string: "https://b.example/o.png?X-Amz-Date=1&X-Amz-Signature=aaa")!)
        var second = ImageRequest(url: URL(string: "https://b.example/o.png?X-Amz-Date=2&X-Amz-Signature=bbb")!)
        #expect(first.key != second.key)
        first.cacheKeyTransform = .ignoringCloudSignatures
        second.cacheKeyTransform = .ignoringCloudSignatures
        #expect(first.key == second.key && first.dataKey.diskKey == second.dataKey.diskKey)
        #expect(first.dataKey.url != second.dataKey.url)  // each transfer still uses its own URL
    }
}
