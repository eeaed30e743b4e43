import CoreMetrics
import Prometheus

/// The server's metric names, as `/metrics` shows them.
enum ServerMetricNames {
    static let requests = "vignette_requests_total"
    static let renderDuration = "vignette_render_duration_seconds"
    static let fetchDuration = "vignette_fetch_duration_seconds"
    static let cacheHits = "vignette_cache_hits_total"
    static let cacheMisses = "vignette_cache_misses_total"
    static let coalescedWaiters = "vignette_coalesced_waiters_total"
    static let queueDepth = "vignette_queue_depth"
    static let requestsInFlight = "vignette_requests_in_flight"
    static let openConnections = "vignette_connections_open"
    static let acceptPauses = "vignette_accept_pauses_total"

    /// The `# HELP` text of each.
    static let help: [String: String] = [
        requests: "Requests by preset and status",
        renderDuration: "Rendering and encoding one output",
        fetchDuration: "Fetching and decoding one source (not from memory)",
        cacheHits: "Sources found in a cache",
        cacheMisses: "Sources fetched from their origin",
        coalescedWaiters: "Requests that joined a source fetch in flight",
        queueDepth: "Requests waiting for a slot",
        requestsInFlight: "Requests being served",
        openConnections: "Client connections open",
        acceptPauses: "Times the server stopped accepting connections at maxConnections"
    ]

    /// Duration buckets from 1 ms: a thumbnail from memory renders in a few.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10)
    ]
}

/// swift-prometheus's factory, except that the server's own metrics keep
/// their `# HELP` lines and buckets (its `PrometheusMetricsFactory` makes
/// every metric without help text), so `/metrics` reads as it always has.
struct ServerPrometheusFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry
    let base: PrometheusMetricsFactory

    init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        var base = PrometheusMetricsFactory(registry: registry)
        base.durationHistogramBuckets = [
            ServerMetricNames.renderDuration: ServerMetricNames.buckets,
            ServerMetricNames.fetchDuration: ServerMetricNames.buckets
        ]
        self.base = base
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        guard let name = Self.descriptor(label) else { return base.makeCounter(label: label, dimensions: dimensions) }
        return registry.makeCounter(descriptor: name, labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        base.makeFloatingPointCounter(label: label, dimensions: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        base.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        guard let name = Self.descriptor(label) else { return base.makeMeter(label: label, dimensions: dimensions) }
        return registry.makeGauge(descriptor: name, labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        guard let name = Self.descriptor(label) else { return base.makeTimer(label: label, dimensions: dimensions) }
        return registry.makeDurationHistogram(descriptor: name, labels: dimensions, buckets: ServerMetricNames.buckets)
    }

    /// The name and help text of one of the server's metrics (nil for any other).
    private static func descriptor(_ label: String) -> MetricNameDescriptor? {
        ServerMetricNames.help[label].map { MetricNameDescriptor(metricName: label, unitName: "", helpText: $0) }
    }

    func destroyCounter(_ handler: any CounterHandler) { base.destroyCounter(handler) }
    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { base.destroyFloatingPointCounter(handler) }
    func destroyRecorder(_ handler: any RecorderHandler) { base.destroyRecorder(handler) }
    func destroyMeter(_ handler: any MeterHandler) { base.destroyMeter(handler) }
    func destroyTimer(_ handler: any TimerHandler) { base.destroyTimer(handler) }
}
