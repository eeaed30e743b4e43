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
        let time = ManualTime()
        let opened = time.now
        let second: Int64 = 1_000_000_000  // the access log's flush interval
        let storage = try SQLiteCacheStorage(directory: folder.path, clock: time.source)
        try await storage.store(CacheTesting.entry("A", bytes: 400_000, seed: 1))
        try await storage.store(CacheTesting.entry("B", bytes: 400_000, seed: 2))
        let db = try Self.connection(folder)
        let accessed = { (key: String) in try db.integer("SELECT accessed FROM entries WHERE key = '\(key)'") }
        #expect(try accessed("A") == opened && accessed("B") == opened + 1)
        // Within a second of the last flush (here: the opening) a read is only remembered…
        time.advance(by: second - 10)
        #expect(try await storage.entry(for: "A") != nil)
        #expect(try accessed("A") == opened)
        // …and the first read a second after it writes every read remembered.
        time.advance(by: 10)
        #expect(try await storage.entry(for: "B") != nil)
        #expect(try accessed("A") == opened + second - 10 && accessed("B") == opened + second)
        // A sweep writes the reads since before choosing what to evict: A,
        // read last, stays, though its row still names it the older.
        time.advance(by: 1000)
        #expect(try await storage.entry(for: "A") != nil)
        #expect(try accessed("A") == opened + second - 10)
        let report = try await storage.sweep(toFit: 600_000)
        #expect(report.removedEntries == 1)
        #expect(try accessed("A") == opened + second + 1000 && accessed("B") == nil)
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
