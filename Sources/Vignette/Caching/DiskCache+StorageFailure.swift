import Foundation

extension DiskCache {
    /// An engine's storage failed: which engine, doing what, on which file,
    /// and the typed cause. Every engine reports through this one value
    /// (`DiskCache.Error.storageFailed`), so a caller handles a full disk or
    /// a permission problem the same way whatever the engine.
    ///
    /// ```swift
    /// if case .storageFailed(let failure) = error, failure.cause == .system(.ENOSPC) { … }
    /// ```
    public struct StorageFailure: Sendable, Hashable, CustomStringConvertible {
        /// The engine's `engineName`: "files", "sqlite", …
        public var engine: String
        /// What the engine was doing.
        public var operation: Operation
        /// The file or folder concerned.
        public var path: String
        /// Why it failed.
        public var cause: Cause

        /// A failure report.
        package init(engine: String, operation: Operation, path: String, cause: Cause) {
            self.engine = engine
            self.operation = operation
            self.path = path
            self.cause = cause
        }

        /// "files cache: cannot write /var/cache/thumbs/….entry: No space left on device".
        public var description: String {
            "\(engine) cache: cannot \(operation) \(path): \(cause)"
        }
    }
}

extension DiskCache.StorageFailure {
    /// What an engine was doing, as a verb (its raw value, as messages show it).
    public enum Operation: String, Sendable, Hashable, CustomStringConvertible {
        /// Opening a database or file.
        case open
        /// Reading an entry or an index.
        case read
        /// Writing an entry or an index.
        case write
        /// Deleting an entry or a file.
        case delete
        /// Listing the folder.
        case scan
        /// Taking a lock shared with other processes.
        case lock
        /// Measuring the bytes on disk.
        case measure
        /// Giving freed space back to the file system.
        case compact
        /// Replacing a damaged store with an empty one.
        case recreate

        /// The verb.
        public var description: String { rawValue }
    }

    /// Why the storage failed, kept as the code the system or library
    /// reported (never as text to be parsed).
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        /// A system call failed with this `errno` (`.ENOSPC`, `.EACCES`, …).
        case system(POSIXErrorCode)
        /// The engine's library failed: its name, its own code when it has
        /// one (SQLite's extended result code) and its message.
        case library(name: String, code: Int32?, message: String)
        /// A cause the failing helper reported only as text.
        case described(String)

        /// The cause for the `errno` value `code`.
        package static func posix(_ code: Int32) -> Cause {
            // Every errno Linux defines has a case; a stray value reads as an IO error.
            .system(POSIXErrorCode(rawValue: code) ?? .EIO)
        }

        /// The system's or library's message.
        public var description: String {
            switch self {
            case .system(let code): String(cString: strerror(code.rawValue))
            case .library(let name, let code?, let message): "\(name) error \(code): \(message)"
            case .library(let name, nil, let message): "\(name): \(message)"
            case .described(let text): text
            }
        }
    }
}
