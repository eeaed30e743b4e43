import Foundation
import GRDBSQLite
import Testing
import VignetteSQLite
import VignetteTestSupport

@Suite struct SQLiteCacheStorageTests {
    /// A second connection to the cache database, as another process would open it.
    static func connection(_ folder: URL) throws -> RawSQLite {
        try RawSQLite(path: folder.appendingPathComponent("cache.sqlite").path)
    }

    @Test func aCorruptBlobIsAMissAndItsRowIsDeleted() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteCacheStorage(directory: folder.path)
        let entry = CacheTesting.entry("https://a/x.png", bytes: 5000)
        try await storage.store(entry)
        try await storage.store(CacheTesting.entry("https://a/y.png"))
        #expect(try await storage.entry(for: "https://a/x.png") == entry)

        let db = try Self.connection(folder)
        var damaged = entry.serialized()
        damaged[2500] ^= 0x01
        try db.run("UPDATE entries SET blob = ? WHERE key = ?", blob: damaged, text: "https://a/x.png")
        #expect(try await storage.entry(for: "https://a/x.png") == nil)
        #expect(try db.integer("SELECT COUNT(*) FROM entries WHERE key = 'https://a/x.png'") == 0)
        #expect(try await storage.count() == 1)
        #expect(try await storage.entry(for: "https://a/y.png") == CacheTesting.entry("https://a/y.png"))
    }

    @Test func garbageInPlaceOfTheDatabaseIsReplacedByAnEmptyCache() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data((0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try garbage.write(to: folder.appendingPathComponent("cache.sqlite"))

        let storage = try SQLiteCacheStorage(directory: folder.path)
        #expect(try await storage.count() == 0)
        try await storage.store(CacheTesting.entry("k"))
        #expect(try await storage.entry(for: "k") == CacheTesting.entry("k"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("cache.sqlite")).prefix(15) == Data("SQLite format 3".utf8))
    }

    @Test func theDatabaseUsesIncrementalAutoVacuumAndWAL() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteCacheStorage(directory: folder.path)
        try await storage.store(CacheTesting.entry("k"))
        let db = try Self.connection(folder)
        #expect(try db.integer("PRAGMA auto_vacuum") == 2)
        #expect(try db.text("PRAGMA journal_mode") == "wal")
    }

    @Test func aSweepShrinksTheFilesOnDisk() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try SQLiteCacheStorage(directory: folder.path)
        for i in 0..<40 { try await storage.store(CacheTesting.entry("k\(i)", bytes: 50_000, seed: i)) }
        let database = folder.appendingPathComponent("cache.sqlite")
        let before = try CacheTesting.folderBytes(folder)
        #expect(before > 2_000_000)

        let report = try await storage.sweep(toFit: 500_000)
        let after = try CacheTesting.folderBytes(folder)
        #expect(after <= 500_000)
        #expect(report.bytesAfter == after)
        // The database file itself shrank, not only the write-ahead log.
        let databaseBytes = try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? NSNumber
        #expect((databaseBytes?.intValue ?? .max) < 500_000)
        #expect(try await storage.count() == 40 - report.removedEntries)

        try await storage.removeAll()
        #expect(try CacheTesting.folderBytes(folder) < 100_000)
    }

    @Test func readsAreRecordedWithoutAWritePerRead() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = ContinuousClock.now
        let storage = try SQLiteCacheStorage(directory: folder.path)
        try await storage.store(CacheTesting.entry("A"))
        try await storage.store(CacheTesting.entry("B"))
        let db = try Self.connection(folder)
        let stored = try db.integer("SELECT accessed FROM entries WHERE key = 'A'")
        #expect(try await storage.entry(for: "A") != nil)
        // Within a second of opening the read is only remembered (unless
        // this machine was too slow to get here in time)…
        let unflushed = try db.integer("SELECT accessed FROM entries WHERE key = 'A'")
        if ContinuousClock.now - opened < .milliseconds(900) { #expect(unflushed == stored) }
        // …and a sweep writes it before choosing what to evict.
        _ = try await storage.sweep(toFit: 1 << 30)
        let flushed = try db.integer("SELECT accessed FROM entries WHERE key = 'A'")
        let other = try db.integer("SELECT accessed FROM entries WHERE key = 'B'")
        #expect((flushed ?? 0) > (other ?? .max))
    }
}

/// A bare SQLite connection through the C API, standing in for another
/// process. (Importing GRDB here would bring its query-interface operators
/// into every test file and slow down type-checking elsewhere.)
final class RawSQLite {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            defer { sqlite3_close(handle) }
            throw Failure(description: "cannot open \(path): " + String(cString: sqlite3_errmsg(handle)))
        }
        sqlite3_busy_timeout(handle, 10_000)
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Runs one statement with a blob bound to `?1` and text to `?2`.
    func run(_ sql: String, blob: Data, text: String) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        _ = blob.withUnsafeBytes { sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), transient) }
        sqlite3_bind_text(statement, 2, text, -1, transient)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure(sql) }
    }

    /// The first column of the first row as an integer (nil without rows).
    func integer(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int64(statement, 0)
    }

    /// The first column of the first row as text (nil without rows).
    func text(_ sql: String) throws -> String? {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure(sql) }
        return statement
    }

    private func failure(_ sql: String) -> Failure {
        Failure(description: "\(sql): " + String(cString: sqlite3_errmsg(handle)))
    }
}
