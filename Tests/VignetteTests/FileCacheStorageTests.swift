import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

@Suite struct FileCacheStorageTests {
    /// The folder's entry files.
    static func entryFiles(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".entry") }
            .map { folder.appendingPathComponent($0) }
    }

    /// A storage holding one entry, and that entry's file.
    static func storedEntry(in folder: URL, key: String = "https://a/x.png") async throws -> (FileCacheStorage, URL) {
        let storage = try FileCacheStorage(directory: folder.path)
        try await storage.store(CacheTesting.entry(key, bytes: 4000))
        let files = try entryFiles(folder)
        try #require(files.count == 1)
        return (storage, files[0])
    }

    @Test func entryFilesAreNamedByA128BitHashOfTheKey() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, file) = try await Self.storedEntry(in: folder)
        let name = file.lastPathComponent
        #expect(name == FileCacheStorage.fileName(for: "https://a/x.png"))
        #expect(name.count == 32 + ".entry".count)
        #expect(FileCacheStorage.fileName(for: "https://a/x.png") != FileCacheStorage.fileName(for: "https://a/y.png"))
        #expect(FileCacheStorage.fileName(for: "ab") != FileCacheStorage.fileName(for: "ba"))
        let names = Set((0..<10_000).map { FileCacheStorage.fileName(for: "https://example.com/\($0).png") })
        #expect(names.count == 10_000)
        #expect(try Data(contentsOf: file) == CacheTesting.entry("https://a/x.png", bytes: 4000).serialized())
    }

    /// Pinned: a changed hash would orphan every entry of an existing cache folder.
    @Test func entryFileNamesAreStableAcrossReleases() {
        #expect(FileCacheStorage.fileName(for: "https://example.com/a.png") == "fa378f653a3984b63c2fd3538570fe2f.entry")
    }

    @Test func aFlippedByteMakesAMissAndDeletesTheFile() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (storage, file) = try await Self.storedEntry(in: folder)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: file)
        #expect(try await storage.entry(for: "https://a/x.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await storage.count() == 0)
    }

    @Test func aTruncatedFileMakesAMissAndIsDeleted() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (storage, file) = try await Self.storedEntry(in: folder)
        try Data(contentsOf: file).prefix(1000).write(to: file)
        #expect(try await storage.entry(for: "https://a/x.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func anotherKeysEntryUnderTheNameIsAMiss() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (storage, file) = try await Self.storedEntry(in: folder)
        let other = CacheTesting.entry("https://a/other.png", seed: 5)
        try other.serialized().write(to: file)
        #expect(try await storage.entry(for: "https://a/x.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await storage.entry(for: "https://a/other.png") == nil)
    }

    @Test func leftoverTempFilesAreIgnoredCountedAndSweptWhenOld() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (storage, file) = try await Self.storedEntry(in: folder)
        let temp = folder.appendingPathComponent("." + file.lastPathComponent + ".k3j4h5.tmp")
        try Data(repeating: 0x5A, count: 1234).write(to: temp)
        #expect(try await storage.entry(for: "https://a/x.png") == CacheTesting.entry("https://a/x.png", bytes: 4000))
        #expect(try await storage.count() == 1)
        #expect(try await storage.totalSize() == (try CacheTesting.folderBytes(folder)))
        #expect(try await storage.totalSize() >= 4000 + 1234)

        // A young temp file may belong to a live writer.
        _ = try await storage.sweep(toFit: 1 << 30)
        #expect(FileManager.default.fileExists(atPath: temp.path))
        let old = Date().addingTimeInterval(-20 * 60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: temp.path)
        let report = try await storage.sweep(toFit: 1 << 30)
        #expect(!FileManager.default.fileExists(atPath: temp.path))
        #expect(report.removedEntries == 0)
        #expect(report.bytesBefore - report.bytesAfter >= 1234)
        #expect(try await storage.count() == 1)
    }

    @Test func aMissingOrGarbageIndexIsRebuiltFromTheFolder() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = folder.appendingPathComponent("index.v1")
        do {
            let storage = try FileCacheStorage(directory: folder.path)
            for i in 0..<3 { try await storage.store(CacheTesting.entry("k\(i)", seed: i)) }
            _ = try await storage.sweep(toFit: 1 << 30)
        }
        #expect(try String(decoding: Data(contentsOf: index), as: UTF8.self).split(separator: "\n").count == 4)

        try Data((0..<500).map { UInt8(truncatingIfNeeded: $0 * 7) }).write(to: index)
        let afterGarbage = try FileCacheStorage(directory: folder.path)
        #expect(try await afterGarbage.count() == 3)
        #expect(try await afterGarbage.entry(for: "k1") == CacheTesting.entry("k1", seed: 1))
        _ = try await afterGarbage.sweep(toFit: 1 << 30)
        #expect(try String(decoding: Data(contentsOf: index), as: UTF8.self).hasPrefix("vignette-file-cache-index 1\n"))

        try FileManager.default.removeItem(at: index)
        let afterDeletion = try FileCacheStorage(directory: folder.path)
        #expect(try await afterDeletion.entry(for: "k2") == CacheTesting.entry("k2", seed: 2))
        let report = try await afterDeletion.sweep(toFit: 0)
        #expect(report.removedEntries == 3)
        #expect(try await afterDeletion.count() == 0)
    }

    @Test func aSweepUsesAccessTimesAnotherInstancePersisted() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try FileCacheStorage(directory: folder.path)
        try await one.store(CacheTesting.entry("A", bytes: 10_000))
        try await one.store(CacheTesting.entry("B", bytes: 10_000))
        #expect(try await one.entry(for: "A") != nil)
        // Nothing to evict; the sweep only persists what `one` knows.
        _ = try await one.sweep(toFit: 1 << 30)

        let two = try FileCacheStorage(directory: folder.path)
        let report = try await two.sweep(toFit: 15_000)
        #expect(report.removedEntries == 1)
        #expect(try await two.entry(for: "B") == nil)
        #expect(try await two.entry(for: "A") != nil)
    }

    @Test func foreignFilesAreCountedButNeverDeleted() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (storage, _) = try await Self.storedEntry(in: folder)
        let foreign = folder.appendingPathComponent("README")
        try Data(repeating: 1, count: 100).write(to: foreign)
        #expect(try await storage.count() == 1)
        let report = try await storage.sweep(toFit: 0)
        #expect(report.removedEntries == 1)
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        try await storage.removeAll()
        #expect(FileManager.default.fileExists(atPath: foreign.path))
        #expect(try await storage.totalSize() == 100)
    }
}
