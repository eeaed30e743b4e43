// GRDB is resolved and built only under the SQLite trait (Package.swift).
#if SQLite
    import Foundation
    import GRDB

    extension SQLiteCacheStorage {
        /// Reads' access times, waiting to be written in one transaction.
        struct AccessLog: Sendable {
            /// At most one flush a second (nanoseconds).
            static let flushInterval: Int64 = 1_000_000_000

            /// Wall-clock time in nanoseconds since 1970 (`AccessClock.now`; a test's own clock in tests).
            let now: @Sendable () -> Int64
            /// Key → latest access, in nanoseconds since 1970.
            var pending: [String: Int64] = [:]
            /// The last timestamp handed out: orders this process's accesses, even within one clock tick.
            private(set) var last: Int64 = 0
            /// When the pending times were last taken for a flush.
            var lastFlush: Int64

            init(now: @escaping @Sendable () -> Int64) {
                self.now = now
                lastFlush = now()
            }

            /// A fresh timestamp, later than every earlier one.
            mutating func tick() -> Int64 {
                last = max(now(), last + 1)
                return last
            }

            /// Whether the pending times are due to be written: a flush interval since the last flush.
            var isDue: Bool { last - lastFlush >= Self.flushInterval }
        }

        /// Deletes least-recently-used rows until the database files hold at
        /// most `targetBytes`, then gives the freed pages back to the file system.
        public func sweep(toFit targetBytes: Int) async throws(DiskCache.Error) -> DiskCache.SweepReport {
            try await flushAccessTimes()
            let bytesBefore = try await totalSize()
            guard bytesBefore > targetBytes else {
                return DiskCache.SweepReport(removedEntries: 0, bytesBefore: bytesBefore, bytesAfter: bytesBefore)
            }
            // A write-ahead log that a checkpoint empties is not worth evicting for.
            try await compact()
            // What the files hold beyond the rows (header and index pages, the
            // log while another process reads and it cannot be truncated) may
            // claim at most a quarter of the target (96 KB at least): never a
            // reason to empty the cache.
            // Measured and trimmed inside one write transaction per round: two
            // processes sweeping at once are serialised by SQLite, and the second
            // sees the first's deletions instead of evicting by its own stale view.
            // A second round corrects the estimate of pages per row.
            var removed = 0
            var size = try await totalSize()
            for _ in 0..<4 where size > targetBytes {
                let rowBytes = try await reading { db in try Self.rowBytes(db) }
                // The shared-memory index alone is 32 KB: a small cache's quarter needs a floor.
                let overhead = min(max(0, size - rowBytes), max(targetBytes / 4, 96 << 10))
                let rowTarget = targetBytes - overhead
                let deleted = try await writing { db in try Self.deleteOldest(db, downTo: rowTarget) }
                if deleted == 0 { break }
                removed += deleted
                try await compact()
                size = try await totalSize()
            }
            return DiskCache.SweepReport(removedEntries: removed, bytesBefore: bytesBefore, bytesAfter: size)
        }

        /// Bytes the rows occupy: each blob fills whole pages, and the row and
        /// key take about half a page more.
        private static func rowBytes(_ db: Database) throws -> Int {
            let pageSize = max(try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096, 512)
            return try Int.fetchOne(
                db, sql: "SELECT coalesce(sum((size + ? - 1) / ? * ? + ? / 2), 0) FROM entries",
                arguments: [pageSize, pageSize, pageSize, pageSize]) ?? 0
        }

        /// Deletes least recently used rows until `rowBytes` is at most
        /// `target`; returns how many.
        private static func deleteOldest(_ db: Database, downTo target: Int) throws -> Int {
            let pageSize = max(try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096, 512)
            var excess = try rowBytes(db) - target
            guard excess > 0 else { return 0 }
            var victims: [String] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT key, size FROM entries ORDER BY accessed, key")
            while excess > 0, let row = try rows.next() {
                guard let key = row["key"] as String? else { continue }
                let size = row["size"] as Int? ?? 0
                victims.append(key)
                excess -= (size + pageSize - 1) / pageSize * pageSize + pageSize / 2
            }
            for key in victims {
                try db.execute(sql: "DELETE FROM entries WHERE key = ?", arguments: [key])
            }
            return victims.count
        }

        /// Returns free pages to the file system and empties the write-ahead log.
        func compact() async throws(DiskCache.Error) {
            try await writingWithoutTransaction { db in
                try db.execute(sql: "PRAGMA incremental_vacuum")
                do {
                    try db.checkpoint(.truncate)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    // Another process holds an old snapshot past the busy
                    // timeout; the log is emptied by the next sweep instead.
                }
            }
        }

        /// Writes the access times recorded in memory.
        public func synchronize() async throws(DiskCache.Error) {
            try await flushAccessTimes()
        }

        /// Writes the pending access times in one transaction; on failure they
        /// stay pending.
        func flushAccessTimes() async throws(DiskCache.Error) {
            let pending = accesses.withLock { log in
                defer { log.pending = [:] }
                log.lastFlush = log.last
                return log.pending
            }
            guard !pending.isEmpty else { return }
            do {
                try await writing { db in
                    for (key, accessed) in pending {
                        try db.execute(
                            sql: "UPDATE entries SET accessed = max(accessed, ?) WHERE key = ?",
                            arguments: [accessed, key])
                    }
                }
            } catch {
                accesses.withLock { $0.pending.merge(pending) { max($0, $1) } }
                throw error
            }
        }

        /// Opens the database at `path`; a file there that is not a database
        /// (or whose header is damaged) is deleted with its log and replaced by
        /// an empty database.
        ///
        /// Opening is serialised across processes by an `flock` on `open.lock`
        /// beside the database: a second process must never see a database the
        /// first is still creating (it would look damaged, and deleting it — and
        /// the shared-memory index under a live connection — loses every write).
        /// A lock held by another process's write is waited out (up to 10 s).
        static func openRecovering(_ path: String) throws(DiskCache.Error) -> DatabasePool {
            let lockPath = FilePaths.parent(of: path) + "/open.lock"
            let lock = DiskCache.openPrivateFile(lockPath)
            guard lock >= 0 else {
                throw failure(.open, lockPath, cause: .posix(errno))
            }
            defer { close(lock) }
            while flock(lock, LOCK_EX) != 0 {
                guard errno == EINTR else { throw failure(.lock, lockPath, cause: .posix(errno)) }
            }
            defer { flock(lock, LOCK_UN) }
            try makePrivate(path)
            do {
                return try openWaiting(path)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
                for file in [path, path + "-wal", path + "-shm"] where unlink(file) != 0 {
                    let code = errno
                    guard code == ENOENT else {
                        throw failure(.delete, file, cause: .posix(code))
                    }
                }
                try makePrivate(path)
                do {
                    return try openWaiting(path)
                } catch {
                    throw failure(.recreate, path, error)
                }
            } catch {
                throw failure(.open, path, error)
            }
        }

        /// The database created 0600 before SQLite opens it (its `-wal` and
        /// `-shm` files take the database's mode), never through a symlink: a
        /// symlink or other non-regular file at any of the three paths is
        /// deleted, and an existing file is narrowed to 0600.
        private static func makePrivate(_ path: String) throws(DiskCache.Error) {
            for file in [path + "-wal", path + "-shm"] {
                var info = stat()
                guard lstat(file, &info) == 0 else { continue }
                if info.st_mode & S_IFMT != S_IFREG {
                    _ = unlink(file)
                } else if info.st_mode & 0o7777 != DiskCache.filePermissions, chmod(file, DiskCache.filePermissions) != 0 {
                    throw failure(.open, file, cause: .posix(errno))
                }
            }
            var fd = DiskCache.openPrivateFile(path)
            if fd < 0, errno == ELOOP || errno == EINVAL {
                _ = unlink(path)
                fd = DiskCache.openPrivateFile(path)
            }
            // A folder in the way is left for SQLite to report (SQLITE_CANTOPEN).
            guard fd >= 0 else {
                if errno == EISDIR { return }
                throw failure(.open, path, cause: .posix(errno))
            }
            close(fd)
        }

        /// `open`, retried while another process's lock makes it fail with
        /// SQLITE_BUSY (switching to WAL does not go through the busy handler).
        private static func openWaiting(_ path: String) throws -> DatabasePool {
            let deadline = ContinuousClock.now + .seconds(10)
            while true {
                do {
                    return try open(path)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
                    guard ContinuousClock.now < deadline else { throw error }
                    usleep(20_000)
                }
            }
        }

        private static func open(_ path: String) throws -> DatabasePool {
            var configuration = Configuration()
            configuration.label = "Vignette.SQLiteCacheStorage"
            // Two processes share the file: wait for the other's write lock.
            configuration.busyMode = .timeout(10)
            configuration.prepareDatabase { db in
                // Takes effect only before the first table of a new database
                // exists (GRDB's WAL setup creates one), a no-op afterwards.
                if !db.configuration.readonly {
                    try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
                }
            }
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.write { db in
                try db.execute(
                    sql: """
                        CREATE TABLE IF NOT EXISTS entries(
                            key TEXT PRIMARY KEY NOT NULL,
                            blob BLOB NOT NULL,
                            size INTEGER NOT NULL,
                            accessed INTEGER NOT NULL);
                        CREATE INDEX IF NOT EXISTS entries_accessed ON entries(accessed);
                        """)
            }
            return pool
        }
    }
#endif
