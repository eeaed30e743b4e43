import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

@testable import Vignette

/// A transient origin failure is retried once by default, within the
/// source timeout, as the library's pipeline does.
@Suite(.timeLimit(.minutes(30))) struct OriginRetryTests {
    @Test func oneRetryIsTheDefault() throws {
        #expect(ServerConfiguration().sourceRetries == 1)
        #expect(try ServerConfiguration(yaml: "sourceRetries: 0").sourceRetries == 0)
    }

    @Test func anOriginAnswering503OnceThen200Gives200() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let reply = try await server.render("thumb", source: origin.address("/flaky/1/retried.png"), w: 10, h: 10)
            #expect(reply.status == 200, "\(reply.status) \(reply.text)")
            #expect(origin.requests(to: "/flaky/1/retried.png") == 2)
        }
    }

    @Test func withoutRetriesTheSingle503IsA502() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing { $0.sourceRetries = 0 }) { server in
            let reply = try await server.render("thumb", source: origin.address("/flaky/1/once.png"), w: 10, h: 10)
            #expect(reply.status == 502)
            #expect(origin.requests(to: "/flaky/1/once.png") == 1)
        }
    }

    @Test func theRetryStaysWithinTheSourceTimeout() throws {
        var configuration = ServerConfiguration.testing { $0.limits.sourceTimeout = .seconds(3) }
        let service = try RenderService(configuration: configuration)
        #expect(service.pipeline.configuration.retry.budget == .seconds(3))
        #expect(service.pipeline.configuration.retry.maxRetries == 1)
        configuration.sourceRetries = 3
        #expect(try RenderService(configuration: configuration).pipeline.configuration.retry.maxRetries == 3)
    }
}
