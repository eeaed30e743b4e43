import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

@testable import Vignette

/// `origins:` — headers per source host with values from the environment,
/// and a cache-key transform — from the YAML to the origin's socket.
@Suite(.timeLimit(.minutes(30))) struct OriginHeadersServerTests {
    static let yaml = """
        allowHosts: ["media.example.com", "*.amazonaws.com"]
        origins:
          - host: media.example.com
            headers:
              Authorization: {env: MEDIA_TOKEN, prefix: "Bearer "}
              X-Api-Key: {env: MEDIA_KEY, sensitive: true}
          - host: "*.amazonaws.com"
            cacheKey: ignoreCloudSignatures
        """

    @Test func theRulesParse() throws {
        let configuration = try ServerConfiguration(yaml: Self.yaml)
        #expect(configuration.origins.count == 2)
        let media = configuration.origins[0]
        #expect(media.host.description == "media.example.com" && media.cacheKey == nil)
        #expect(
            media.headers == [
                .init(name: "Authorization", environmentVariable: "MEDIA_TOKEN", prefix: "Bearer "),
                .init(name: "X-Api-Key", environmentVariable: "MEDIA_KEY", sensitive: true)
            ])
        #expect(configuration.origins[1].cacheKey == .ignoringCloudSignatures)
        let dropping = try ServerConfiguration(yaml: "origins: [{host: a.example, cacheKey: {dropQueryItems: [token]}}]")
        #expect(dropping.origins[0].cacheKey == .droppingQueryItems(named: ["token"]))
    }

    @Test(arguments: [
        ("origins: [{host: a.example, headers: {Authorization: \"Bearer abc\"}}]", "origins[0].headers.Authorization", "environment"),
        ("origins: [{host: a.example, headers: {\"Bad Name\": {env: X}}}]", "origins[0].headers.Bad Name", "not a valid header name"),
        ("origins: [{host: a.example, headers: {Host: {env: X}}}]", "origins[0].headers.Host", "set by the loader"),
        ("origins: [{host: a.example, headers: {X-Key: {env: \"1X\"}}}]", "origins[0].headers.X-Key.env", "not an environment variable name"),
        ("origins: [{host: a.example, cacheKey: everything}]", "origins[0].cacheKey", "ignoreCloudSignatures"),
        ("allowHosts: [b.example]\norigins: [{host: a.example}]", "origins[0].host", "not in allowHosts"),
        ("origins: [{headers: {}}]", "origins[0].host", "required")
    ])
    func aWrongRuleIsAnErrorNamingTheKey(yaml: String, key: String, reason: String) {
        do {
            _ = try ServerConfiguration(yaml: yaml)
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect("\(error)".hasPrefix(key + ":"), "\(error)")
            #expect("\(error)".contains(reason), "\(error)")
            #expect(!"\(error)".contains("abc"))
        }
    }

    @Test func aMissingVariableStopsTheServiceNamingIt() throws {
        let configuration = try ServerConfiguration(yaml: Self.yaml)
        #expect(throws: ServerConfiguration.Error.missingEnvironmentVariable(key: "origins[0].headers.X-Api-Key", variable: "MEDIA_KEY")) {
            _ = try RenderService(configuration: configuration, environment: ["MEDIA_TOKEN": "t"])
        }
        let message = "\(ServerConfiguration.Error.missingEnvironmentVariable(key: "origins[0].headers.X-Api-Key", variable: "MEDIA_KEY"))"
        #expect(message.contains("MEDIA_KEY") && message.contains("not set"))
        #expect(throws: Never.self) { _ = try RenderService(configuration: configuration, environment: ["MEDIA_TOKEN": "t", "MEDIA_KEY": "k"]) }
        #expect(throws: ServerConfiguration.Error.self) {  // a value that would split the request
            _ = try RenderService(configuration: configuration, environment: ["MEDIA_TOKEN": "t\r\nX: 1", "MEDIA_KEY": "k"])
        }
    }

    /// The loopback origin with one rule for it.
    func configuration(_ origin: LoopbackServer, _ rule: String) throws -> ServerConfiguration {
        var configuration = ServerConfiguration.testing()
        configuration.origins = try ServerConfiguration(yaml: "origins: [{host: \"127.0.0.1:\(origin.port)\", \(rule)}]").origins
        return configuration
    }

    @Test func theOriginGetsTheHeaderFromTheEnvironment() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let source = origin.address("/auth/s3cr3t/a.png")
        let keyed = try configuration(origin, "headers: {Authorization: {env: ORIGIN_TOKEN, prefix: \"Bearer \"}}")
        let service = try RenderService(configuration: keyed, environment: ["ORIGIN_TOKEN": "s3cr3t"])
        let target = TestServer.renderPath("thumb", source: source, w: 10, h: 10)
        let reply = await service.render(target: target, preset: "thumb", accept: nil, ifNoneMatch: nil)
        #expect(reply.status == 200)
        #expect(origin.requests(to: "/auth/s3cr3t/a.png") == 1)
        try await TestServer.with(.testing()) { server in  // without the rule: the origin refuses, the placeholder answers
            let refused = try await server.render("thumb", source: source, w: 10, h: 10)
            #expect(refused.status == 502 && refused.header("X-Vignette-Error")?.contains("401") == true)
        }
    }

    @Test func aReSignedURLIsServedFromTheCache() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let keyed = try configuration(origin, "cacheKey: ignoreCloudSignatures")
        try await TestServer.with(keyed) { server in
            for signature in ["aaa", "bbb"] {
                let source = origin.address("/ok.png?X-Amz-Signature=\(signature)")
                let reply = try await server.render("thumb", source: source, w: 10, h: 10)
                #expect(reply.status == 200)
            }
            #expect(origin.requestOrder == ["/ok.png?X-Amz-Signature=aaa"])
        }
    }
}
