import Foundation
import Testing
import VignetteSQLite
import VignetteTestSupport

@testable import Vignette

/// The disk-cache engines under test, made on a folder.
enum CacheEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case files, sqlite

    func make(_ folder: URL) throws -> any DiskCacheStorage {
        switch self {
        case .files: try FileCacheStorage(directory: folder.path)
        case .sqlite: try SQLiteCacheStorage(directory: folder.path)
        }
    }

    var testDescription: String { rawValue }
}

/// Helpers shared by the disk-cache engine tests.
enum CacheTesting {
    /// A fresh, empty folder path under the temp directory (not created).
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vignette-cache-\(UUID().uuidString)", isDirectory: true)
    }

    /// An entry of `bytes` bytes whose payload depends on `seed`.
    static func entry(_ key: String, bytes: Int = 64, seed: Int = 0) -> DiskCacheEntry {
        let data = Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ seed &* 7 &+ $0 >> 8) })
        return DiskCacheEntry(key: key, data: data, metadata: CacheMetadata(etag: "\"\(seed)\"", storedAt: Date(timeIntervalSince1970: 1000)))
    }

    /// Bytes of every regular file in `folder`, measured by the test itself.
    static func folderBytes(_ folder: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            return total + ((attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
    }
}

@Suite struct DiskCacheStorageContractTests {
    @Test(arguments: CacheEngine.allCases)
    func storesReadsAndReplaces(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try engine.make(folder)
        #expect(storage.engineName == engine.rawValue)
        #expect(storage.directory == folder.path)
        #expect(try await storage.entry(for: "https://a") == nil)
        #expect(try await storage.count() == 0)

        let first = CacheTesting.entry("https://a", bytes: 300, seed: 1)
        try await storage.store(first)
        #expect(try await storage.entry(for: "https://a") == first)
        let second = CacheTesting.entry("https://a", bytes: 50_000, seed: 2)
        try await storage.store(second)
        #expect(try await storage.entry(for: "https://a") == second)
        #expect(try await storage.count() == 1)
        #expect(try await storage.entry(for: "https://b") == nil)
        #expect(try await storage.totalSize() >= second.serialized().count)
    }

    @Test(arguments: CacheEngine.allCases)
    func removesOneOrAll(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try engine.make(folder)
        for i in 0..<3 { try await storage.store(CacheTesting.entry("k\(i)", seed: i)) }
        try await storage.removeEntry(for: "k1")
        try await storage.removeEntry(for: "never-stored")
        #expect(try await storage.entry(for: "k1") == nil)
        #expect(try await storage.entry(for: "k0") == CacheTesting.entry("k0", seed: 0))
        #expect(try await storage.count() == 2)

        try await storage.removeAll()
        #expect(try await storage.count() == 0)
        #expect(try await storage.entry(for: "k0") == nil)
        #expect(FileManager.default.fileExists(atPath: folder.path))
        try await storage.store(CacheTesting.entry("k9", seed: 9))
        #expect(try await storage.entry(for: "k9") == CacheTesting.entry("k9", seed: 9))
    }

    @Test(arguments: CacheEngine.allCases)
    func sweepEvictsLeastRecentlyReadFirst(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try engine.make(folder)
        for key in ["A", "B", "C", "D"] { try await storage.store(CacheTesting.entry(key, bytes: 50_000)) }
        // Without this read A, the oldest write, would go first.
        #expect(try await storage.entry(for: "A") != nil)
        let report = try await storage.sweep(toFit: 150_000)
        #expect(try await storage.entry(for: "B") == nil)
        #expect(try await storage.entry(for: "A") != nil)
        #expect(report.removedEntries >= 1)
        #expect(report.bytesBefore > 150_000)
        #expect(report.bytesAfter <= 150_000)
    }

    @Test(arguments: CacheEngine.allCases)
    func sweepBringsTheFolderUnderTheTarget(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try engine.make(folder)
        for i in 0..<20 { try await storage.store(CacheTesting.entry("k\(i)", bytes: 50_000, seed: i)) }
        let before = try await storage.totalSize()
        #expect(before > 20 * 50_000)
        let report = try await storage.sweep(toFit: 400_000)
        let left = try await storage.count()
        #expect(report.bytesBefore == before)
        #expect(report.bytesAfter == (try await storage.totalSize()))
        #expect(report.bytesAfter <= 400_000)
        #expect(try CacheTesting.folderBytes(folder) <= 400_000)
        #expect(report.removedEntries == 20 - left)
        #expect(left >= 1 && left < 8)
        // The newest entries survive.
        #expect(try await storage.entry(for: "k19") == CacheTesting.entry("k19", bytes: 50_000, seed: 19))

        let idle = try await storage.sweep(toFit: 400_000)
        #expect(idle.removedEntries == 0)
        #expect(try await storage.count() == left)
    }

    @Test(arguments: CacheEngine.allCases)
    func aNewInstanceOnTheFolderKeepsTheEntries(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let storage = try engine.make(folder)
            for i in 0..<3 { try await storage.store(CacheTesting.entry("k\(i)", bytes: 1000, seed: i)) }
        }
        let reopened = try engine.make(folder)
        #expect(try await reopened.count() == 3)
        for i in 0..<3 {
            #expect(try await reopened.entry(for: "k\(i)") == CacheTesting.entry("k\(i)", bytes: 1000, seed: i))
        }
    }

    @Test(arguments: CacheEngine.allCases)
    func twoInstancesOnOneFolderShareEntriesAndSweeps(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try engine.make(folder)
        let two = try engine.make(folder)
        try await one.store(CacheTesting.entry("from-one", seed: 1))
        try await two.store(CacheTesting.entry("from-two", seed: 2))
        #expect(try await two.entry(for: "from-one") == CacheTesting.entry("from-one", seed: 1))
        #expect(try await one.entry(for: "from-two") == CacheTesting.entry("from-two", seed: 2))
        #expect(try await one.count() == 2)

        for i in 0..<5 {
            try await one.store(CacheTesting.entry("one-\(i)", bytes: 50_000, seed: i))
            try await two.store(CacheTesting.entry("two-\(i)", bytes: 50_000, seed: i))
        }
        let report = try await one.sweep(toFit: 250_000)
        #expect(report.bytesBefore > 500_000)
        #expect(report.bytesAfter <= 250_000)
        #expect(try await two.totalSize() <= 250_000)
        let left = try await two.count()
        #expect(report.removedEntries == 12 - left)
        // The oldest entries went, whichever instance wrote them.
        #expect(try await two.entry(for: "one-0") == nil)
        #expect(try await one.entry(for: "two-0") == nil)
        #expect(try await one.entry(for: "two-4") != nil)
    }

    @Test(arguments: CacheEngine.allCases)
    func concurrentTasksEndConsistent(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try engine.make(folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<50 {
                group.addTask {
                    let own = CacheTesting.entry("own-\(i)", bytes: 2000 + i, seed: i)
                    try await storage.store(own)
                    try await storage.store(CacheTesting.entry("shared", bytes: 3000, seed: i))
                    #expect(try await storage.entry(for: "own-\(i)") == own)
                    let shared = try await storage.entry(for: "shared")
                    #expect(shared.map { Self.isSharedWrite($0) } == true)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await storage.count() == 51)
        for i in 0..<50 {
            #expect(try await storage.entry(for: "own-\(i)") == CacheTesting.entry("own-\(i)", bytes: 2000 + i, seed: i))
        }
        #expect(try await storage.entry(for: "shared").map(Self.isSharedWrite) == true)
    }

    /// True when `entry` is exactly one of the writes to "shared".
    static func isSharedWrite(_ entry: DiskCacheEntry) -> Bool {
        (0..<50).contains { entry == CacheTesting.entry("shared", bytes: 3000, seed: $0) }
    }

    @Test(arguments: CacheEngine.allCases)
    func aFileInTheWayIsReported(engine: CacheEngine) throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        #expect {
            _ = try engine.make(file)
        } throws: { error in
            (error as? DiskCache.Error) == .directoryUnavailable(file.path, reason: "a file is in the way, not a folder")
                && "\(error)".contains("cache folder \(file.path) is unavailable")
        }
    }

    /// Both engines report through one case, naming themselves, with the
    /// system's or SQLite's code rather than text.
    @Test func storageFailuresNameTheEngineAndKeepTheCode() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileCacheStorage(directory: folder.appendingPathComponent("files").path)
        try FileManager.default.removeItem(atPath: files.directory)
        await #expect(
            throws: DiskCache.Error.storageFailed(
                DiskCache.StorageFailure(
                    engine: "files", operation: .scan, path: files.directory, cause: .system(.ENOENT)))
        ) {
            _ = try await files.count()
        }

        let sqliteFolder = folder.appendingPathComponent("sqlite")
        try FileManager.default.createDirectory(
            at: sqliteFolder.appendingPathComponent("cache.sqlite"),
            withIntermediateDirectories: true)
        #expect {
            _ = try SQLiteCacheStorage(directory: sqliteFolder.path)
        } throws: { error in
            guard case .storageFailed(let failure) = error as? DiskCache.Error,
                case .library("SQLite", let code?, _) = failure.cause
            else { return false }
            return failure.engine == "sqlite" && failure.operation == .open && code & 0xff == 14  // SQLITE_CANTOPEN
                && "\(error)".hasPrefix("sqlite cache: cannot open \(sqliteFolder.path)/cache.sqlite: SQLite error")
        }
    }

    @Test(arguments: CacheEngine.allCases)
    func createsMissingParentFolders(engine: CacheEngine) async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("a/b/c", isDirectory: true)
        let storage = try engine.make(nested)
        try await storage.store(CacheTesting.entry("k"))
        #expect(try await storage.entry(for: "k") == CacheTesting.entry("k"))
    }
}
