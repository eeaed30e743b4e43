// GRDB is resolved and built only under the SQLite trait (Package.swift).
#if SQLite
    import Dispatch
    import Foundation
    import GRDB

    /// A disk-cache engine that keeps every entry in one SQLite database in WAL
    /// mode, `<directory>/cache.sqlite` (with its `-wal` and `-shm` files).
    ///
    /// The table is `entries(key TEXT PRIMARY KEY, blob BLOB, size INTEGER,
    /// accessed INTEGER)`, indexed on `accessed` (nanoseconds since 1970) for the
    /// LRU sweep; `blob` is `DiskCacheEntry.serialized()`, verified on every read.
    /// Reads record their access in memory; the times are written in one
    /// transaction at most every second and before each sweep, so a read does not
    /// cost a write. The database uses incremental auto-vacuum, and a sweep ends
    /// with `PRAGMA incremental_vacuum` and a truncating WAL checkpoint, so the
    /// files on disk shrink with the entries.
    ///
    /// Several processes may share the database: SQLite locks it, and writers
    /// wait up to ten seconds for each other. A file at the database's path that
    /// is not a database (or whose header is damaged) is deleted when the engine
    /// opens, and a fresh, empty database takes its place: a cache that cannot be
    /// read is worth nothing, and kept aside it would still fill the folder.
    ///
    /// Database work runs on GRDB's own queues; `init` opens the database
    /// synchronously.
    ///
    /// ```swift
    /// let storage = try SQLiteCacheStorage(directory: "/var/cache/thumbs")
    /// let cache = try DiskCache(storage: storage, sizeLimit: 200 << 20)
    /// ```
    public final class SQLiteCacheStorage: DiskCacheStorage, DamageReportingStorage {
        /// "sqlite".
        public var engineName: String { Self.engine }
        static let engine = "sqlite"
        /// The folder the engine owns.
        public let directory: String
        /// The database file, `<directory>/cache.sqlite`.
        package let databasePath: String

        let pool: DatabasePool
        let accesses: Locked<AccessLog>
        private let fileQueue = DispatchQueue(label: "Vignette.SQLiteCacheStorage.files")

        /// Opens (creating the folder and the database if needed) the cache
        /// database in `directory`, replacing a damaged one with an empty one.
        public convenience init(directory: String) throws(DiskCache.Error) {
            try self.init(directory: directory, clock: AccessClock.now)
        }

        /// The engine above, timing accesses (and their flushes) by `clock`,
        /// nanoseconds since 1970: tests drive time instead of waiting for it.
        package init(directory: String, clock: @escaping @Sendable () -> Int64) throws(DiskCache.Error) {
            self.directory = directory
            databasePath = directory + "/cache.sqlite"
            accesses = Locked(AccessLog(now: clock))
            try DiskCache.prepareDirectory(directory)
            pool = try Self.openRecovering(databasePath)
        }

        /// The verified entry for `key`, or nil when absent or damaged (a damaged
        /// row is deleted).
        public func entry(for key: String) async throws(DiskCache.Error) -> DiskCacheEntry? {
            try await lookUp(key).entry
        }

        /// `entry(for:)`, with why a damaged row was deleted.
        package func lookUp(_ key: String) async throws(DiskCache.Error) -> DiskCacheLookup {
            let blob = try await reading { db in
                try Data.fetchOne(db, sql: "SELECT blob FROM entries WHERE key = ?", arguments: [key])
            }
            guard let blob else { return DiskCacheLookup(entry: nil) }
            let entry: DiskCacheEntry
            do throws(DiskCache.Error) {
                entry = try DiskCacheEntry(serialized: blob, key: key)
            } catch {
                // Only the damaged bytes: a good entry stored meanwhile stays.
                try await writing { db in
                    try db.execute(sql: "DELETE FROM entries WHERE key = ? AND blob = ?", arguments: [key, blob])
                }
                return DiskCacheLookup(entry: nil, damage: error)
            }
            let due = accesses.withLock { log in
                log.pending[key] = log.tick()
                return log.isDue
            }
            // The access times are a hint for the sweep: a failed flush keeps
            // them pending for the next one and must not fail this read.
            if due { try? await flushAccessTimes() }
            return DiskCacheLookup(entry: entry)
        }

        /// Stores `entry`, replacing any previous one in one transaction.
        public func store(_ entry: DiskCacheEntry) async throws(DiskCache.Error) {
            let blob = entry.serialized()
            let now = accesses.withLock { $0.tick() }
            try await writing { db in
                try db.execute(
                    sql: "INSERT OR REPLACE INTO entries(key, blob, size, accessed) VALUES (?, ?, ?, ?)",
                    arguments: [entry.key, blob, blob.count, now])
            }
        }

        /// Deletes the row for `key`, if any.
        public func removeEntry(for key: String) async throws(DiskCache.Error) {
            accesses.withLock { _ = $0.pending.removeValue(forKey: key) }
            try await writing { db in
                try db.execute(sql: "DELETE FROM entries WHERE key = ?", arguments: [key])
            }
        }

        /// Deletes every row and gives the space back to the file system.
        public func removeAll() async throws(DiskCache.Error) {
            accesses.withLock { $0.pending.removeAll() }
            try await writing { db in try db.execute(sql: "DELETE FROM entries") }
            try await compact()
        }

        /// Bytes of `cache.sqlite`, `cache.sqlite-wal` and `cache.sqlite-shm`.
        public func totalSize() async throws(DiskCache.Error) -> Int {
            let path = databasePath
            let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Int, DiskCache.Error>, Never>) in
                fileQueue.async {
                    continuation.resume(returning: Result { () throws(DiskCache.Error) in try Self.fileSize(of: path) })
                }
            }
            return try result.get()
        }

        /// Rows in the table (entries from every process).
        public func count() async throws(DiskCache.Error) -> Int {
            try await reading { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM entries") ?? 0 }
        }

        /// A read on one of GRDB's reader connections, errors naming the database.
        func reading<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws(DiskCache.Error) -> T {
            do {
                return try await pool.read(work)
            } catch {
                throw Self.failure(.read, databasePath, error)
            }
        }

        /// A write transaction on GRDB's writer connection.
        func writing<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws(DiskCache.Error) -> T {
            do {
                return try await pool.write(work)
            } catch {
                throw Self.failure(.write, databasePath, error)
            }
        }

        /// Work on the writer connection outside a transaction (vacuum, checkpoint).
        func writingWithoutTransaction<T: Sendable>(
            _ work: @escaping @Sendable (Database) throws -> T
        ) async throws(DiskCache.Error) -> T {
            do {
                return try await pool.writeWithoutTransaction(work)
            } catch {
                throw Self.failure(.compact, databasePath, error)
            }
        }

        /// Bytes of the database and its companion files; a missing one counts 0.
        static func fileSize(of databasePath: String) throws(DiskCache.Error) -> Int {
            var total = 0
            for path in [databasePath, databasePath + "-wal", databasePath + "-shm"] {
                var info = stat()
                if stat(path, &info) == 0 {
                    total += Int(info.st_size)
                } else if errno != ENOENT {
                    throw failure(.measure, path, cause: .posix(errno))
                }
            }
            return total
        }

        /// This engine's report of a failed `operation` on `path`.
        static func failure(
            _ operation: DiskCache.StorageFailure.Operation, _ path: String,
            cause: DiskCache.StorageFailure.Cause
        ) -> DiskCache.Error {
            .storageFailed(DiskCache.StorageFailure(engine: engine, operation: operation, path: path, cause: cause))
        }

        /// This engine's report of a GRDB error: SQLite's extended result code
        /// and message when SQLite failed.
        static func failure(_ operation: DiskCache.StorageFailure.Operation, _ path: String, _ error: any Error) -> DiskCache.Error {
            guard let error = error as? DatabaseError else {
                return failure(operation, path, cause: .described(String(describing: error)))
            }
            if error.resultCode == .SQLITE_CANTOPEN, let exhausted = descriptorsExhausted() {
                return failure(operation, path, cause: .posix(exhausted))
            }
            let message = error.message ?? "result code \(error.resultCode.rawValue)"
            return failure(operation, path, cause: .library(name: "SQLite", code: error.extendedResultCode.rawValue, message: message))
        }

        /// `EMFILE` or `ENFILE` when the process (or system) has too few file
        /// descriptors left for a database, else nil. SQLite reports that only
        /// as "unable to open database file" (GRDB keeps no errno) and closes
        /// what it opened, so this asks for the four a database holds at once
        /// in WAL mode (file, WAL, shared memory, a reader) instead of reading
        /// the message.
        static func descriptorsExhausted() -> Int32? { OpenFiles.exhausted(needing: 4) }
    }
#endif
