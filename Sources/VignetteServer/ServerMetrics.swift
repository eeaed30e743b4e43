import Prometheus
import Vignette

/// The server's Prometheus metrics, in a registry of its own (so several
/// servers in one process, as in tests, never mix their counts):
///
/// - `vignette_requests_total{preset,status}`
/// - `vignette_render_duration_seconds` and `vignette_fetch_duration_seconds` (histograms)
/// - `vignette_cache_hits_total{cache="memory"|"disk"}`, `vignette_cache_misses_total`
/// - `vignette_coalesced_waiters_total`: source loads that joined a transfer already in flight
/// - `vignette_queue_depth`, `vignette_requests_in_flight` (gauges)
///
/// ```swift
/// let metrics = ServerMetrics()
/// metrics.countRequest(preset: "thumb", status: 200)
/// print(metrics.exposition())
/// ```
public final class ServerMetrics: Sendable {
    /// The registry, for adding metrics of your own.
    public let registry = PrometheusCollectorRegistry()
    private let renderDuration: DurationHistogram
    private let fetchDuration: DurationHistogram
    private let memoryHits: Counter
    private let diskHits: Counter
    private let misses: Counter
    private let coalesced: Counter
    private let coalescedReported = Locked(0)
    private let queueDepth: Gauge
    private let inFlight: Gauge

    /// Empty metrics.
    public init() {
        let buckets: [Duration] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10)
        ]
        renderDuration = registry.makeDurationHistogram(
            descriptor: Self.name("render_duration", "seconds", "Rendering and encoding one output"), labels: [], buckets: buckets)
        fetchDuration = registry.makeDurationHistogram(
            descriptor: Self.name("fetch_duration", "seconds", "Fetching and decoding one source (not from memory)"),
            labels: [], buckets: buckets)
        let hits = Self.name("cache_hits", "total", "Sources found in a cache")
        memoryHits = registry.makeCounter(descriptor: hits, labels: [("cache", "memory")])
        diskHits = registry.makeCounter(descriptor: hits, labels: [("cache", "disk")])
        misses = registry.makeCounter(descriptor: Self.name("cache_misses", "total", "Sources fetched from their origin"), labels: [])
        coalesced = registry.makeCounter(
            descriptor: Self.name("coalesced_waiters", "total", "Requests that joined a source fetch in flight"), labels: [])
        queueDepth = registry.makeGauge(descriptor: Self.name("queue_depth", nil, "Requests waiting for a slot"), labels: [])
        inFlight = registry.makeGauge(descriptor: Self.name("requests_in_flight", nil, "Requests being served"), labels: [])
    }

    private static func name(_ metric: String, _ unit: String?, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "vignette", metricName: metric, unitName: unit ?? "", helpText: help)
    }

    /// Counts a finished request.
    public func countRequest(preset: String, status: Int) {
        registry.makeCounter(
            descriptor: Self.name("requests", "total", "Requests by preset and status"),
            labels: [("preset", preset), ("status", String(status))]
        ).increment()
    }

    /// Records a render (render + encode) duration.
    public func recordRender(_ duration: Duration) { renderDuration.record(duration) }

    /// Records a source fetch (+ decode) duration.
    public func recordFetch(_ duration: Duration) { fetchDuration.record(duration) }

    /// Where a source came from.
    public enum SourceOrigin: Sendable { case memory, disk, network }

    /// Counts a cache hit or miss.
    public func countSource(_ origin: SourceOrigin) {
        switch origin {
        case .memory: memoryHits.increment()
        case .disk: diskHits.increment()
        case .network: misses.increment()
        }
    }

    /// Brings the coalesced-waiters counter up to `total` (a running count
    /// kept elsewhere, such as `ImagePipeline.coalescedTransferCount`).
    public func setCoalesced(total: Int) {
        let delta = coalescedReported.withLock { reported -> Int in
            defer { reported = max(reported, total) }
            return max(0, total - reported)
        }
        if delta > 0 { coalesced.increment(by: Int64(delta)) }
    }

    /// Sets the admission gauges.
    public func setLoad(inFlight active: Int, queued: Int) {
        inFlight.set(Double(active))
        queueDepth.set(Double(queued))
    }

    /// The Prometheus text exposition.
    public func exposition() -> String { registry.emitToString() }
}
