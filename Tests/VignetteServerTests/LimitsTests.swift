import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Source limits, the disk cache, and the address policy as a library
/// user meets it in `CurlDataLoader`.
@Suite(.timeLimit(.minutes(30))) struct LimitsTests {
    @Test func aSlowSourceTimesOutInto502() async throws {
        // The source timeout is the loader's (libcurl's expiry of a held
        // response is DataLoadingTests' socket-level test)…
        let timeout = Duration.milliseconds(150)
        let configuration = ServerConfiguration.testing {
            $0.limits.sourceTimeout = timeout
            $0.sourceRetries = 0
        }
        #expect(configuration.loadingOptions.timeout == timeout && configuration.loadingOptions.connectTimeout == timeout)
        // …and the loader's timeout answers 502 with its reason, never stored.
        let loader = FailingLoader { .timedOut($0, limit: .load(timeout)) }
        try await TestServer.with(service: RenderService(configuration: configuration, loader: loader)) { server in
            let reply = try await server.render("thumb", source: "http://127.0.0.1:9/slow.png", w: 10, h: 10)
            #expect(reply.status == 502)
            #expect(reply.header("X-Vignette-Error")?.contains("timed out") == true, "\(reply.headers)")
            #expect(reply.header("Cache-Control") == "no-store")
        }
        #expect(loader.loads == 1)
    }

    @Test func sourcesOverTheByteOrPixelLimitAre502() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing { $0.limits.maxSourceBytes = 100 }) { server in
            let reply = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            #expect(reply.status == 502)
            #expect(reply.header("X-Vignette-Error")?.contains("larger than the limit of 100 bytes") == true, "\(reply.headers)")
        }
        try await TestServer.with(.testing { $0.limits.maxSourcePixels = 96 * 64 - 1 }) { server in
            let reply = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            #expect(reply.status == 502)
            #expect(reply.header("X-Vignette-Error") != nil)
        }
        try await TestServer.with(.testing { $0.limits.maxSourcePixels = 96 * 64 }) { server in
            let reply = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            #expect(reply.status == 200)
        }
    }

    @Test func theDiskCacheServesASourceToTheNextServer() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-serve-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ServerConfiguration.testing { $0.cacheDir = folder.path }
        let first = try await TestServer.with(configuration) { server in
            try await server.render("thumb", source: origin.address("/other.jpg"), w: 30, h: 20)
        }
        try await TestServer.with(configuration) { server in
            let again = try await server.render("thumb", source: origin.address("/other.jpg"), w: 30, h: 20)
            #expect(again.status == 200 && again.body == first.body)
            let metrics = try await server.get("/metrics").text
            #expect(OperationsTests.value(metrics, #"vignette_cache_hits_total{cache="disk"}"#) == 1, "\(metrics)")
        }
        #expect(first.status == 200)
        #expect(origin.requests(to: "/other.jpg") == 1)
    }

    @Test func curlDataLoaderRefusesAPrivateAddressWithoutConnecting() async throws {
        let forbidden = try LoopbackServer(png: Fixtures.iconPNG)
        defer { forbidden.stop() }
        var options = LoadingOptions()
        options.addressPolicy = .publicOnly
        options.addressPolicy.allowedHosts = [HostPattern("localhost")!]
        let url = URL(string: "http://localhost:\(forbidden.port)/ok.png")!
        do {
            _ = try await CurlDataLoader(options: options).load(url)
            Issue.record("loaded a loopback source")
        } catch {
            guard case .refused(_, .privateAddress(let text)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(text.contains("port \(forbidden.port)") && text.contains("loopback"))
        }
        #expect(forbidden.requestOrder.isEmpty)
        // The library default reaches it.
        let loaded = try await CurlDataLoader().load(url)
        #expect(loaded.data == Fixtures.iconPNG)
    }
}
