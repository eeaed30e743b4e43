import Foundation
import Logging
import Tracing

/// The pipeline's logger and tracer, with the few things it says. Messages
/// and span attributes name a source by its host (or its scheme for `data:`
/// and `file:` URLs), never by the full URL: a query may carry a signature,
/// user info a password.
package struct PipelineObserver: Sendable {
    /// Where the pipeline logs.
    package let logger: Logger
    private let configuredTracer: (any Tracer)?

    init(configuration: ImagePipeline.Configuration) {
        logger = configuration.logger
        configuredTracer = configuration.tracer
    }

    /// The configured tracer, else the process's (no-op unless bootstrapped).
    package var tracer: any Tracer { configuredTracer ?? InstrumentationSystem.tracer }

    /// Runs `body` in a span named `name`, current for what `body` starts
    /// (child tasks and spans), ended when `body` returns.
    package func span<T>(_ name: String, _ body: (any Span) async -> T) async -> T {
        let span = tracer.startSpan(name)
        defer { span.end() }
        return await ServiceContext.withValue(span.context) { await body(span) }
    }

    /// A span around synchronous work that starts nothing of its own.
    package func span<T, E: Error>(_ name: String, _ body: (any Span) throws(E) -> T) throws(E) -> T {
        let span = tracer.startSpan(name)
        defer { span.end() }
        return try body(span)
    }

    // MARK: - What the pipeline logs

    /// A transient failure about to be retried (level info: a healthy origin never causes one).
    func retrying(_ url: URL, after error: ImageRequest.TransferError, attempt: Int, delay: Duration) {
        logger.info(
            "retrying a transient source failure",
            metadata: [
                "source": "\(url.loggableSource)", "cause": "\(error.reason)", "attempt": "\(attempt)",
                "delay": "\(delay)"
            ])
    }

    /// The address policy refused a hop of a transfer (a DNS answer or a
    /// redirect towards a private address, a host off the allow-list).
    func refused(_ url: URL, _ refusal: ImageRequest.TransferError.Refusal) {
        logger.notice(
            "source refused by the address policy",
            metadata: ["source": "\(url.loggableSource)", "reason": "\(refusal)"])
    }

    /// A cached copy (memory or disk) that is not a good image, discarded.
    func damagedCopy(_ url: URL, from source: ImageResponse.Source, _ error: ImageDecoders.Error) {
        logger.warning(
            "cached copy damaged, discarded and fetched again",
            metadata: ["source": "\(url.loggableSource)", "cache": "\(source)", "reason": "\(error)"])
    }

    /// A disk-cache entry that failed verification (torn, checksum, key),
    /// dropped by its engine and read as a miss. The key is not named: it
    /// may carry the URL's query.
    func damagedEntry(_ url: URL, _ damage: DiskCache.Error) {
        var reason = "\(damage)"
        if case .corruptEntry(_, let why) = damage { reason = why }
        logger.warning(
            "disk cache entry damaged, dropped",
            metadata: ["source": "\(url.loggableSource)", "reason": "\(reason)"])
    }

    /// What a decoder repaired (level info: once per decode, not per request).
    func decodingWarnings(_ url: URL, _ warnings: [DecodingWarning]) {
        guard !warnings.isEmpty else { return }
        logger.info(
            "image decoded with warnings",
            metadata: ["source": "\(url.loggableSource)", "warnings": "\(warnings.map(\.description).joined(separator: "; "))"])
    }
}

extension URL {
    /// The source as logs and spans name it: `https://host:port` (no user,
    /// path or query), or the scheme alone (`data:`, `file:`).
    package var loggableSource: String {
        guard isNetworkURL, let host = host(percentEncoded: false) else { return "\(scheme ?? "?"):" }
        return "\(scheme ?? "?")://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

extension ImagePipeline.Configuration {
    /// A logger that drops everything: the default, so a library logs only
    /// where its user asks.
    static var silentLogger: Logger { Logger(label: "vignette.pipeline") { _ in SwiftLogNoOpLogHandler() } }
}

extension ImagePipeline {
    /// The logger and tracer of the configuration, for the layers above.
    package var observer: PipelineObserver { fetchStage.observer }
}
