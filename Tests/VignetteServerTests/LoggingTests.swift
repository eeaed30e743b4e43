import Foundation
import Logging
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// What the server logs through swift-log: nothing per healthy request at
/// `info`; retries with their cause, address-policy refusals and decoding
/// warnings when they happen; a source named by its host, never its query.
@Suite(.timeLimit(.minutes(30))) struct LoggingTests {
    @Test func aHealthyServerLogsNothingPerRequestAtInfo() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = LogCapture()
        let service = try RenderService(configuration: .testing { $0.cacheDir = folder.path }, logger: log.logger)
        try await TestServer.with(service: service) { server in
            for (source, size) in [("/photo.jpg", 10), ("/photo.jpg", 10), ("/photo.jpg", 20), ("/etag/a.png", 10), ("/alpha.png", 8)] {
                let status = try await server.render("thumb", source: origin.address(source), w: size, h: size).status
                #expect(status == 200)
            }
            _ = try await server.get("/metrics")
            _ = try await server.get("/health")
        }
        #expect(log.records(atLeast: .info).isEmpty, "\(log.records)")
    }

    @Test func aRetryIsLoggedWithItsCauseAndTheHostOnly() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let log = LogCapture()
        let service = try RenderService(configuration: .testing { $0.sourceRetries = 1 }, logger: log.logger)
        try await TestServer.with(service: service) { server in
            let reply = try await server.render("thumb", source: origin.address("/flaky/1/a.png?token=s3cr3t"), w: 10, h: 10)
            #expect(reply.status == 200)
        }
        let records = log.records(atLeast: .info)
        #expect(records.map(\.message) == ["retrying a transient source failure"], "\(records)")
        #expect(records.first?.level == .info)
        #expect(records.first?.metadata["cause"] == "HTTP 503")
        #expect(records.first?.metadata["source"] == "http://127.0.0.1:\(origin.port)")
        #expect(log.records.allSatisfy { !$0.description.contains("s3cr3t") })
    }

    @Test func addressPolicyRefusalsAreNotices() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let log = LogCapture()
        // Off the allow-list: refused before admission.
        let listed = try RenderService(configuration: .testing { $0.allowHosts = [HostPattern("cdn.example.com")!] }, logger: log.logger)
        try await TestServer.with(service: listed) { server in
            let status = try await server.render("thumb", source: "http://evil.example/a.png?key=s3cr3t", w: 10, h: 10).status
            #expect(status == 403)
        }
        // A private address: refused when connecting (whatever DNS said).
        let strict = try RenderService(configuration: .testing { $0.allowPrivateNetworks = false }, logger: log.logger)
        try await TestServer.with(service: strict) { server in
            let status = try await server.render("thumb", source: origin.address("/photo.jpg?key=s3cr3t"), w: 10, h: 10).status
            #expect(status == 403)
        }
        let notices = log.records(atLeast: .info)
        #expect(notices.map(\.level) == [.notice, .notice], "\(notices)")
        #expect(notices.map { $0.metadata["source"] } == ["http://evil.example", "http://127.0.0.1:\(origin.port)"])
        #expect(notices.last?.metadata["reason"]?.contains("not a public address") == true)
        #expect(origin.requests(to: "/photo.jpg") == 0)
        #expect(log.records.allSatisfy { !$0.description.contains("s3cr3t") })
    }

    @Test func decodingWarningsAreLoggedOncePerDecode() async throws {
        let damaged = DamagedJPEG.badHuffmanCode([UInt8](try Fixtures.data("jpeg/photo.jpg")), at: 0.6)
        let origin = try LoopbackServer(png: Data(damaged))
        defer { origin.stop() }
        let log = LogCapture()
        let service = try RenderService(configuration: .testing(), logger: log.logger)
        try await TestServer.with(service: service) { server in
            for _ in 0..<2 {
                let status = try await server.render("thumb", source: origin.address("/ok.png"), w: 10, h: 10).status
                #expect(status == 200)
            }
        }
        let records = log.records(atLeast: .info)
        #expect(records.map(\.message) == ["image decoded with warnings"], "\(records)")
        #expect(records.first?.metadata["warnings"]?.isEmpty == false)
    }
}
