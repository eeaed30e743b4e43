import CoreMetrics
import Prometheus
import Vignette

/// The server's metrics, recorded through swift-metrics so any backend
/// (Prometheus, StatsD, OpenTelemetry through swift-otel) receives them:
///
/// - `vignette_requests_total{preset,status}` (counter)
/// - `vignette_render_duration_seconds` and `vignette_fetch_duration_seconds` (timers;
///   Prometheus histograms)
/// - `vignette_cache_hits_total{cache="memory"|"disk"}`, `vignette_cache_misses_total` (counters)
/// - `vignette_coalesced_waiters_total`: source loads that joined a transfer already in flight
/// - `vignette_queue_depth`, `vignette_requests_in_flight` (gauges: swift-metrics meters)
/// - `vignette_connections_open` (gauge) and `vignette_accept_pauses_total`: times the
///   server stopped accepting at ``RenderService/maxConnections``
///
/// `ServerMetrics()` keeps a Prometheus registry of its own, which `/metrics`
/// shows, so several servers in one process (as in tests) never mix their
/// counts; `ServerMetrics(factory:)` sends everything to another backend,
/// such as the one bootstrapped for the process (`MetricsSystem.factory`).
///
/// ```swift
/// let service = try RenderService(configuration: ServerConfiguration(), metrics: ServerMetrics())
/// print(service.metrics.exposition() ?? "")
/// ```
public final class ServerMetrics: Sendable {
    /// The Prometheus registry `/metrics` shows, for adding metrics of your
    /// own; nil when the metrics go to another backend.
    public let registry: PrometheusCollectorRegistry?
    /// Where every metric is made.
    package let factory: any MetricsFactory
    private let renderDuration: CoreMetrics.Timer
    private let fetchDuration: CoreMetrics.Timer
    private let memoryHits: CoreMetrics.Counter
    private let diskHits: CoreMetrics.Counter
    private let misses: CoreMetrics.Counter
    private let coalesced: CoreMetrics.Counter
    private let coalescedReported = Locked(0)
    private let queueDepth: Meter
    private let inFlight: Meter

    /// Empty metrics in a Prometheus registry of their own.
    public convenience init() {
        self.init(registry: PrometheusCollectorRegistry())
    }

    /// Metrics in `registry` (for instance the registry of the factory
    /// bootstrapped for the process), which `/metrics` shows.
    public convenience init(registry: PrometheusCollectorRegistry) {
        self.init(factory: Self.prometheusFactory(registry: registry), registry: registry)
    }

    /// Metrics sent to `factory`, any swift-metrics backend; `/metrics`
    /// then answers 404 (the backend exports them).
    public convenience init(factory: any MetricsFactory) {
        self.init(factory: factory, registry: nil)
    }

    private init(factory: any MetricsFactory, registry: PrometheusCollectorRegistry?) {
        self.factory = factory
        self.registry = registry
        typealias Name = ServerMetricNames
        renderDuration = Timer(label: Name.renderDuration, factory: factory)
        fetchDuration = Timer(label: Name.fetchDuration, factory: factory)
        memoryHits = Counter(label: Name.cacheHits, dimensions: [("cache", "memory")], factory: factory)
        diskHits = Counter(label: Name.cacheHits, dimensions: [("cache", "disk")], factory: factory)
        misses = Counter(label: Name.cacheMisses, factory: factory)
        coalesced = Counter(label: Name.coalescedWaiters, factory: factory)
        queueDepth = Meter(label: Name.queueDepth, factory: factory)
        inFlight = Meter(label: Name.requestsInFlight, factory: factory)
    }

    /// A swift-metrics factory over `registry` that gives the server's
    /// metrics their help text and duration buckets (and any other metric
    /// the defaults of swift-prometheus's `PrometheusMetricsFactory`), for
    /// `MetricsSystem.bootstrap`.
    public static func prometheusFactory(registry: PrometheusCollectorRegistry) -> any MetricsFactory {
        ServerPrometheusFactory(registry: registry)
    }

    /// Counts a finished request.
    package func countRequest(preset: String, status: Int) {
        Counter(
            label: ServerMetricNames.requests, dimensions: [("preset", preset), ("status", String(status))],
            factory: factory
        ).increment()
    }

    /// Records a render (render + encode) duration.
    package func recordRender(_ duration: Duration) { renderDuration.recordNanoseconds(duration.nanoseconds) }

    /// Records a source fetch (+ decode) duration.
    package func recordFetch(_ duration: Duration) { fetchDuration.recordNanoseconds(duration.nanoseconds) }

    /// Where a source came from.
    package enum SourceOrigin: Sendable { case memory, disk, network }

    /// Counts a cache hit or miss.
    package func countSource(_ origin: SourceOrigin) {
        switch origin {
        case .memory: memoryHits.increment()
        case .disk: diskHits.increment()
        case .network: misses.increment()
        }
    }

    /// Brings the coalesced-waiters counter up to `total` (a running count
    /// kept elsewhere, such as `ImagePipeline.coalescedTransferCount`).
    package func setCoalesced(total: Int) {
        let delta = coalescedReported.withLock { reported -> Int in
            defer { reported = max(reported, total) }
            return max(0, total - reported)
        }
        if delta > 0 { coalesced.increment(by: Int64(delta)) }
    }

    /// Sets the admission gauges.
    package func setLoad(inFlight active: Int, queued: Int) {
        inFlight.set(active)
        queueDepth.set(queued)
    }

    // The connection metrics are made on first use: a service mounted on an app of its own,
    // without the connection budget, shows none.

    /// Sets the open-connections gauge.
    package func setOpenConnections(_ count: Int) { Meter(label: ServerMetricNames.openConnections, factory: factory).set(count) }

    /// Counts a stop of accepting connections at the limit.
    package func countAcceptPause() { Counter(label: ServerMetricNames.acceptPauses, factory: factory).increment() }

    /// The Prometheus text exposition of `registry`, or nil when the
    /// metrics go to another backend.
    public func exposition() -> String? { registry?.emitToString() }
}

extension Duration {
    /// Whole nanoseconds, saturating (a timer's unit).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (seconds < 0 ? .min : .max) : whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
