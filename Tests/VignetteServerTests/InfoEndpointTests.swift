import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// `GET /info?url=…`: the same JSON as `vignette info --json`, with the
/// checks and caching of a render, through the router in process against a
/// loopback origin.
@Suite(.timeLimit(.minutes(30))) struct InfoEndpointTests {
    static func infoPath(_ source: String) -> String {
        "/info?url=" + (source.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? source)
    }

    @Test func repliesWithTheImageInfoAsJSONAndCachesLikeARender() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let expected = try ImageInfo.read(Fixtures.iconPNG)
        try await TestServer.with(.testing()) { server in
            let reply = try await server.get(Self.infoPath(origin.address("/ok.png")))
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.text == expected.json(indent: 2) + "\n")
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
            #expect(reply.header("Cache-Control") == "public, max-age=\(RenderService.infoMaxAge)")
            let object = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
            #expect(object?["format"] as? String == "png")
            #expect(object?["width"] as? Int == expected.width && object?["frameCount"] as? Int == 1)
            #expect(object?["thumbhash"] as? String == expected.thumbhash)
            let etag = try #require(reply.header("ETag"))
            let again = try await server.get(Self.infoPath(origin.address("/ok.png")), headers: ["If-None-Match": etag])
            #expect(again.status == 304 && again.body.isEmpty)
        }
    }

    @Test func signaturesAreCheckedLikeRenders() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing { $0.signingKey = "s3cret" }) { server in
            let path = Self.infoPath(origin.address("/ok.png"))
            #expect(try await server.get(RequestSigner(key: "s3cret").sign(path)).status == 200)
            let unsigned = try await server.get(path)
            #expect(unsigned.status == 403 && unsigned.text.contains("missing signature"))
            #expect(try await server.get(RequestSigner(key: "guess").sign(path)).status == 403)
        }
    }

    @Test func badQueriesAre400AndOtherSchemes403() async throws {
        try await TestServer.with(.testing()) { server in
            #expect(try await server.get("/info").status == 400)
            #expect(try await server.get("/info?url=").status == 400)
            #expect(try await server.get("/info?url=nota%20url").status == 400)
            #expect(try await server.get("/info?url=http%3A%2F%2Fa.example%2Fx.png&w=10").status == 400)
            #expect(try await server.get("/info?url=http%3A%2F%2Fa&url=http%3A%2F%2Fb").status == 400)
            let file = try await server.get("/info?url=file%3A%2F%2F%2Fetc%2Fpasswd")
            #expect(file.status == 403 && file.text.contains("scheme"))
        }
    }

    @Test func theAddressPolicyAndSourceLimitsApply() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing { $0.allowPrivateNetworks = false }) { server in
            let reply = try await server.get(Self.infoPath(origin.address("/ok.png")))
            #expect(reply.status == 403 && reply.text.contains("refused"), "\(reply.text)")
        }
        #expect(origin.requestOrder.isEmpty)
        try await TestServer.with(.testing { $0.limits.maxSourceBytes = 100 }) { server in
            let reply = try await server.get(Self.infoPath(origin.address("/ok.png")))
            #expect(reply.status == 502, "\(reply.text)")
        }
        let icon = try ImageInfo.read(Fixtures.iconPNG)
        try await TestServer.with(.testing { $0.limits.maxSourcePixels = icon.width * icon.height - 1 }) { server in
            let reply = try await server.get(Self.infoPath(origin.address("/ok.png")))
            #expect(reply.status == 502 && reply.text.contains("limit"), "\(reply.text)")
        }
    }

    @Test func anOriginThatFailsGivesItsStatus() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let missing = try await server.get(Self.infoPath(origin.address("/missing")))
            #expect(missing.status == 404, "\(missing.status) \(missing.text)")
        }
    }
}
