import Foundation
import Prometheus
import VignetteServer

/// The server's metrics as they were registered straight in a Prometheus
/// registry before swift-metrics: the reference `/metrics` must still match.
struct ReferenceMetrics {
    let registry = PrometheusCollectorRegistry()

    private func name(_ metric: String, _ unit: String?, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "vignette", metricName: metric, unitName: unit ?? "", helpText: help)
    }

    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10)
    ]

    /// The same calls for both.
    var recording: MetricsSink {
        let render = registry.makeDurationHistogram(
            descriptor: name("render_duration", "seconds", "Rendering and encoding one output"), labels: [], buckets: Self.buckets)
        let fetch = registry.makeDurationHistogram(
            descriptor: name("fetch_duration", "seconds", "Fetching and decoding one source (not from memory)"),
            labels: [], buckets: Self.buckets)
        let hits = name("cache_hits", "total", "Sources found in a cache")
        let memory = registry.makeCounter(descriptor: hits, labels: [("cache", "memory")])
        let disk = registry.makeCounter(descriptor: hits, labels: [("cache", "disk")])
        let misses = registry.makeCounter(descriptor: name("cache_misses", "total", "Sources fetched from their origin"), labels: [])
        let coalesced = registry.makeCounter(
            descriptor: name("coalesced_waiters", "total", "Requests that joined a source fetch in flight"), labels: [])
        let queue = registry.makeGauge(descriptor: name("queue_depth", nil, "Requests waiting for a slot"), labels: [])
        let inFlight = registry.makeGauge(descriptor: name("requests_in_flight", nil, "Requests being served"), labels: [])
        let requests = name("requests", "total", "Requests by preset and status")
        let registry = registry
        return MetricsSink(
            request: { registry.makeCounter(descriptor: requests, labels: [("preset", $0), ("status", String($1))]).increment() },
            render: { render.record($0) }, fetch: { fetch.record($0) },
            sources: { m, d, n in
                memory.increment(by: Int64(m))
                disk.increment(by: Int64(d))
                misses.increment(by: Int64(n))
            },
            coalesced: { coalesced.increment(by: Int64($0)) },
            load: { active, queued in
                inFlight.set(Double(active))
                queue.set(Double(queued))
            })
    }
}

/// One set of recording calls, for the server's metrics and the reference.
struct MetricsSink {
    var request: (String, Int) -> Void
    var render: (Duration) -> Void
    var fetch: (Duration) -> Void
    var sources: (_ memory: Int, _ disk: Int, _ network: Int) -> Void
    var coalesced: (Int) -> Void
    var load: (_ active: Int, _ queued: Int) -> Void
}

extension ServerMetrics {
    var recording: MetricsSink {
        let metrics = self
        return MetricsSink(
            request: { metrics.countRequest(preset: $0, status: $1) }, render: { metrics.recordRender($0) },
            fetch: { metrics.recordFetch($0) },
            sources: { m, d, n in
                for _ in 0..<m { metrics.countSource(.memory) }
                for _ in 0..<d { metrics.countSource(.disk) }
                for _ in 0..<n { metrics.countSource(.network) }
            },
            coalesced: { metrics.setCoalesced(total: $0) }, load: { metrics.setLoad(inFlight: $0, queued: $1) })
    }
}
