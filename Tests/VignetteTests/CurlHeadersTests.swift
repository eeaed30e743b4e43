import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Request headers through libcurl against the loopback server: sent on
/// the wire, and kept from another origin on a redirect (127.0.0.1 and
/// localhost are two hosts on one server).
@Suite(.timeLimit(.minutes(30))) struct CurlHeadersTests {
    let server: LoopbackServer
    let loader = CurlDataLoader(options: LoadingOptions(timeout: .seconds(120)))

    init() throws { server = try LoopbackServer(png: Fixtures.iconPNG) }

    func headers(_ pairs: [(String, String)], sensitive: Set<String> = []) throws -> RequestHeaders {
        var headers = RequestHeaders()
        for (name, value) in pairs { try headers.set(name, value, sensitive: sensitive.contains(name)) }
        return headers
    }

    /// What the server saw, as "name: value" lines.
    func echoed(_ url: URL, _ headers: RequestHeaders) async throws -> String {
        String(decoding: try await loader.load(DataRequest(url: url, headers: headers)).data, as: UTF8.self)
    }

    @Test func theHeadersAreSent() async throws {
        let sent = try headers([("Authorization", "Bearer abc"), ("Cookie", "a=1"), ("X-Trace", "7"), ("Accept", "image/png")])
        let seen = try await echoed(server.url("/echo-headers"), sent)
        for line in ["authorization: Bearer abc", "cookie: a=1", "x-trace: 7", "accept: image/png"] {
            #expect(seen.contains(line + "\n"), "\(seen)")
        }
        #expect(!seen.contains("image/webp"))  // the caller's Accept replaces the default one
    }

    @Test func aRedirectOnTheSameHostKeepsTheCredentials() async throws {
        let sent = try headers([("Authorization", "Bearer abc"), ("Cookie", "a=1")])
        let seen = try await echoed(server.url("/redirect?to=/echo-headers"), sent)
        #expect(seen.contains("authorization: Bearer abc\n") && seen.contains("cookie: a=1\n"), "\(seen)")
    }

    @Test func aRedirectToAnotherHostDropsAuthorizationAndCookie() async throws {
        let sent = try headers([("Authorization", "Bearer abc"), ("Cookie", "a=1"), ("X-Trace", "7")])
        let elsewhere = "http://localhost:\(server.port)/echo-headers"
        let seen = try await echoed(server.url("/redirect?to=\(elsewhere)"), sent)
        #expect(seen.contains("host: localhost:\(server.port)\n"), "\(seen)")
        #expect(!seen.contains("authorization") && !seen.contains("cookie") && !seen.contains("abc"), "\(seen)")
        #expect(seen.contains("x-trace: 7\n"))  // not a credential
    }

    @Test func anotherSensitiveHeaderNeverLeavesItsOrigin() async throws {
        let sent = try headers([("X-Api-Key", "k-123")], sensitive: ["X-Api-Key"])
        let elsewhere = "http://localhost:\(server.port)/echo-headers"
        let redirect = server.url("/redirect?to=\(elsewhere)")
        await #expect(throws: ImageRequest.TransferError.refused(URL(string: elsewhere)!, reason: .credentialsToAnotherOrigin)) {
            _ = try await loader.load(DataRequest(url: redirect, headers: sent))
        }
        #expect(server.requests(to: "/echo-headers") == 0)
        // On its own origin it is sent as any header.
        #expect(try await echoed(server.url("/redirect?to=/echo-headers"), sent).contains("x-api-key: k-123\n"))
    }

    @Test func anErrorNeverShowsAHeaderValue() async throws {
        let sent = try headers([("Authorization", "Bearer s3cr3t")])
        do {
            _ = try await loader.load(DataRequest(url: server.url("/status/401"), headers: sent))
            Issue.record("expected HTTP 401")
        } catch {
            #expect(error == .httpStatus(server.url("/status/401"), status: 401, retryAfter: nil))
            #expect(!"\(error)".contains("s3cr3t") && !String(reflecting: error).contains("s3cr3t"))
        }
        #expect(!"\(DataRequest(url: server.url("/x"), headers: sent))".contains("s3cr3t"))
    }
}
