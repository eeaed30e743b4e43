#if Hummingbird
    import HummingbirdCore
    import Logging

    /// Hummingbird's accept hook over ``RenderService/maxConnections``: with
    /// that many connections open the server stops accepting — new ones
    /// wait in the kernel's listen backlog, and past it the kernel refuses
    /// them — and accepts again as soon as one closes, so a flood of
    /// connections never takes the descriptors the process needs to live.
    /// Each stop counts in `vignette_accept_pauses_total`
    /// (at most one warning a minute in the log); `vignette_connections_open`
    /// is the gauge.
    ///
    /// ``RenderService/application(host:port:logger:onServerRunning:)``
    /// installs it; an app of your own passes it in its configuration:
    ///
    /// ```swift
    /// func makeApplication(service: RenderService, router: Router<BasicRequestContext>) -> some ApplicationProtocol {
    ///     Application(
    ///         router: router,
    ///         configuration: .init(
    ///             address: .hostname("0.0.0.0", port: 8080), availableConnectionsDelegate: service.connectionBudget()))
    /// }
    /// ```
    public struct ConnectionBudget: AvailableConnectionsDelegate {
        /// The connections open at once, at most.
        package let maxConnections: Int
        private let metrics: ServerMetrics
        private let logger: Logger
        private var openConnections = 0
        private var lastWarning: ContinuousClock.Instant?

        /// A budget of `maxConnections`, counted in `metrics`, warning in `logger`.
        package init(maxConnections: Int, metrics: ServerMetrics, logger: Logger) {
            self.maxConnections = maxConnections
            self.metrics = metrics
            self.logger = logger
        }

        /// Counts a connection in; reaching the budget pauses accepting.
        public mutating func connectionOpened() {
            openConnections += 1
            metrics.setOpenConnections(openConnections)
            guard openConnections == maxConnections else { return }
            metrics.countAcceptPause()
            let now = ContinuousClock.now
            if lastWarning.map({ now - $0 >= .seconds(60) }) ?? true {
                lastWarning = now
                logger.warning(
                    "\(maxConnections) connections open (maxConnections): not accepting until one closes; vignette_accept_pauses_total counts these pauses"
                )
            }
        }

        /// Counts a connection out.
        public mutating func connectionClosed() {
            openConnections -= 1
            metrics.setOpenConnections(openConnections)
        }

        /// Whether fewer than `maxConnections` are open.
        public func isAcceptingNewConnections() -> Bool { openConnections < maxConnections }
    }

    extension RenderService {
        /// A ``ConnectionBudget`` of ``maxConnections``, counted in
        /// ``metrics``, for `ApplicationConfiguration.availableConnectionsDelegate`.
        public func connectionBudget(logger: Logger = Logger(label: "vignette.serve")) -> ConnectionBudget {
            ConnectionBudget(maxConnections: maxConnections, metrics: metrics, logger: logger)
        }
    }
#endif
