import CoreMetrics
import Foundation
import MetricsTestKit
import Prometheus
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// The server's metrics through swift-metrics: any backend receives them,
/// and the Prometheus one reads exactly as `/metrics` always has.
@Suite(.timeLimit(.minutes(30))) struct MetricsBackendTests {
    @Test func anySwiftMetricsBackendReceivesTheServersMetrics() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let backend = TestMetrics()
        let service = try RenderService(configuration: .testing(), metrics: ServerMetrics(factory: backend))
        try await TestServer.with(service: service) { server in
            for _ in 0..<2 { _ = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10) }
            _ = try await server.get("/render/nope?w=1")
            let scrape = try await server.get("/metrics")
            #expect(scrape.status == 404, "the backend exports them, not /metrics")
        }
        #expect(try backend.expectCounter("vignette_requests_total", [("preset", "thumb"), ("status", "200")]).totalValue == 2)
        #expect(try backend.expectCounter("vignette_requests_total", [("preset", "(unknown)"), ("status", "404")]).totalValue == 1)
        #expect(try backend.expectCounter("vignette_cache_misses_total").totalValue == 1)
        #expect(try backend.expectCounter("vignette_cache_hits_total", [("cache", "memory")]).totalValue == 1)
        #expect(try backend.expectTimer("vignette_render_duration_seconds").values.count == 2)
        #expect(try backend.expectTimer("vignette_fetch_duration_seconds").values.count == 1)
        #expect(try backend.expectMeter("vignette_requests_in_flight").lastValue == 0)
        #expect(try backend.expectMeter("vignette_queue_depth").lastValue == 0)
    }

    @Test func twoServersInOneProcessKeepTheirOwnCounts() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { first in
            try await TestServer.with(.testing()) { second in
                _ = try await first.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
                _ = try await first.render("thumb", source: origin.address("/photo.jpg"), w: 12, h: 12)
                _ = try await second.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
                let counts = try await [first, second].asyncMap {
                    OperationsTests.value(try await $0.get("/metrics").text, #"vignette_requests_total{preset="thumb",status="200"}"#)
                }
                #expect(counts == [2, 1])
            }
        }
    }

    /// Every line (HELP, TYPE, series, buckets) as the registry the server
    /// used before swift-metrics wrote it; only the order of the families
    /// may differ (the registry never fixed it).
    @Test func thePrometheusExpositionIsUnchanged() throws {
        let metrics = ServerMetrics()
        let reference = ReferenceMetrics()
        for sink in [metrics.recording, reference.recording] {
            sink.request("thumb", 200)
            sink.request("thumb", 404)
            sink.request("(unknown)", 404)
            sink.render(.microseconds(1500))
            sink.render(.milliseconds(30))
            sink.fetch(.milliseconds(120))
            sink.sources(2, 1, 3)
            sink.coalesced(4)
            sink.load(3, 1)
        }
        let text = try #require(metrics.exposition())
        #expect(text.split(separator: "\n").sorted() == reference.registry.emitToString().split(separator: "\n").sorted(), "\(text)")
        #expect(text.contains("# HELP vignette_requests_total Requests by preset and status\n# TYPE vignette_requests_total counter\n"))
        #expect(text.contains(#"vignette_render_duration_seconds_bucket{le="0.002"} 1"#))
    }

    @Test func otherLibrariesMetricsShareTheBootstrappedRegistry() throws {
        let registry = PrometheusCollectorRegistry()
        let factory = ServerMetrics.prometheusFactory(registry: registry)
        let metrics = ServerMetrics(registry: registry)
        metrics.countRequest(preset: "thumb", status: 200)
        Counter(label: "app_jobs_total", factory: factory).increment(by: 3)
        let text = try #require(metrics.exposition())
        #expect(text.contains("# TYPE app_jobs_total counter\napp_jobs_total 3"))
        #expect(text.contains(#"vignette_requests_total{preset="thumb",status="200"} 1"#))
    }
}

extension Array where Element: Sendable {
    /// `map` with an async transform, in order.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
