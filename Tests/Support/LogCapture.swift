import Logging
import VignetteCore

/// A logger whose records a test reads back: every level, in order.
///
/// ```swift
/// let log = LogCapture()
/// configuration.logger = log.logger
/// #expect(log.records(atLeast: .info).isEmpty)
/// ```
public final class LogCapture: Sendable {
    /// One message as logged.
    public struct Record: Sendable, CustomStringConvertible {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]

        /// "notice: message key=value …", for failure messages.
        public var description: String {
            ([("\(level): \(message)")] + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        }
    }

    private let stored = Locked<[Record]>([])

    public init() {}

    /// A logger at `trace` that records here.
    public var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Every record so far.
    public var records: [Record] { stored.withLock { $0 } }

    /// The records at `level` or above.
    public func records(atLeast level: Logger.Level) -> [Record] { records.filter { $0.level >= level } }

    fileprivate func append(_ record: Record) { stored.withLock { $0.append(record) } }

    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append(
                Record(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
