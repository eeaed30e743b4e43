import Foundation
import Testing
import VignetteSQLite
import VignetteTestSupport

@testable import Vignette

/// Issue 11, item 3: cache folders are private (0700, files 0600 whatever
/// the umask), belong to this user, follow no symlink, and never serve a
/// planted entry as another URL's bytes.
@Suite(.serialized) struct PrivateCacheTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    static let umaskProbe = "VIGNETTE_UMASK_PROBE"

    /// The umask belongs to the process: set to 0 here, it would widen every
    /// file the suites running beside this one create meanwhile (0666 in the
    /// shared temporary folder). So this test binary runs again, as a child
    /// that runs only `underAUmaskOf0`, and its folders are checked here too.
    @Test func foldersAre0700AndFiles0600WhateverTheUmask() throws {
        let root = CacheTesting.folder()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "PrivateCacheTests/underAUmaskOf0"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.umaskProbe: root.path]) { $1 }
        let output = Pipe()
        (process.standardOutput, process.standardError) = (output, output)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        for engine in CacheEngine.allCases {
            let folder = root.appendingPathComponent(engine.rawValue)
            #expect(Self.mode(folder.path) == 0o700, "\(engine): the child made no folder, or a wider one: \(text)")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                #expect(Self.mode(folder.appendingPathComponent(name).path) == 0o600, "\(engine): \(name)")
            }
        }
    }

    /// Only in that child: under a umask of 0, which alone would leave the
    /// folder 0777 and the files 0666, each engine fills `<probe folder>/<engine>`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[umaskProbe] != nil), arguments: CacheEngine.allCases)
    func underAUmaskOf0(engine: CacheEngine) async throws {
        let root = try #require(ProcessInfo.processInfo.environment[Self.umaskProbe])
        let folder = URL(fileURLWithPath: root).appendingPathComponent(engine.rawValue)
        umask(0)
        let storage = try engine.make(folder)
        for index in 0..<3 { try await storage.store(CacheTesting.entry("https://a/\(index).png")) }
        try await storage.synchronize()
        _ = try await storage.sweep(toFit: 1 << 30)
        #expect(Self.mode(folder.path) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count >= 2, "\(names)")
        for name in names {
            #expect(Self.mode(folder.appendingPathComponent(name).path) == 0o600, "\(name)")
        }
    }

    @Test func anExistingFolderOfThisUserIsNarrowedTo0700() throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        #expect(Self.mode(folder.path) == 0o755)
        _ = try FileCacheStorage(directory: folder.path)
        #expect(Self.mode(folder.path) == 0o700)
    }

    @Test func aFolderOwnedByAnotherUserIsRefused() throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // As root, a folder given to `nobody`; otherwise `/`, which root owns.
        var path = "/"
        if geteuid() == 0 {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try #require(chown(folder.path, 65534, 65534) == 0)
            path = folder.path
        }
        var info = stat()
        try #require(stat(path, &info) == 0 && info.st_uid != geteuid())
        for engine in CacheEngine.allCases {
            #expect(throws: DiskCache.Error.directoryNotOwned(path, owner: info.st_uid, user: geteuid())) {
                _ = try engine.make(URL(fileURLWithPath: path))
            }
        }
        #expect(Self.mode(path) == info.st_mode & 0o7777, "a refused folder is left as it was")
        let message = DiskCache.Error.directoryNotOwned("/c", owner: 7, user: 8).description
        #expect(message.hasPrefix("cache folder /c belongs to user id 7, not to this process's user id 8: refusing it"))
    }

    @Test func aPlantedEntryIsNeverServedAsAnotherURLsBytes() async throws {
        let folder = CacheTesting.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try FileCacheStorage(directory: folder.path)
        try await storage.store(CacheTesting.entry("https://a/mine.png", seed: 1))
        let mine = folder.appendingPathComponent(FileCacheStorage.fileName(for: "https://a/mine.png")).path
        let victim = folder.appendingPathComponent(FileCacheStorage.fileName(for: "https://a/victim.png")).path
        try FileManager.default.copyItem(atPath: mine, toPath: victim)
        #expect(try await storage.entry(for: "https://a/victim.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: victim), "the planted copy is dropped")
        #expect(try await storage.entry(for: "https://a/mine.png")?.data == CacheTesting.entry("https://a/mine.png", seed: 1).data)
    }

    @Test func noSymlinkOrFIFOInsideTheFolderIsFollowed() async throws {
        let folder = CacheTesting.folder()
        let outside = CacheTesting.folder()
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        let storage = try FileCacheStorage(directory: folder.path)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        // A valid entry for the key, but outside the cache and reached by a symlink.
        let target = outside.appendingPathComponent("target").path
        try CacheTesting.entry("https://a/x.png").serialized().write(to: URL(fileURLWithPath: target))
        let entry = folder.appendingPathComponent(FileCacheStorage.fileName(for: "https://a/x.png")).path
        try #require(symlink(target, entry) == 0)
        #expect(try await storage.entry(for: "https://a/x.png") == nil)
        #expect(Self.mode(entry) == 0, "the symlink is deleted")
        #expect(FileManager.default.fileExists(atPath: target))
        // A write replaces a symlink rather than writing through it.
        try #require(symlink(target, entry) == 0)
        try await storage.store(CacheTesting.entry("https://a/x.png", seed: 2))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == CacheTesting.entry("https://a/x.png").serialized())
        // A FIFO would block a plain open(2) for ever.
        let fifo = folder.appendingPathComponent(FileCacheStorage.fileName(for: "https://a/fifo.png")).path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(try await storage.entry(for: "https://a/fifo.png") == nil)
        // The sweep lock is never opened through a symlink either.
        let lock = folder.appendingPathComponent(FileCacheStorage.lockName).path
        _ = unlink(lock)
        try #require(symlink(target, lock) == 0)
        await #expect(throws: DiskCache.Error.self) { _ = try await storage.sweep(toFit: 0) }
        #expect(FileManager.default.fileExists(atPath: target))
    }

    @Test func theSQLiteDatabaseIsNeverOpenedThroughASymlink() async throws {
        let folder = CacheTesting.folder()
        let outside = CacheTesting.folder()
        defer { for url in [folder, outside] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        // An empty file is a valid empty database: SQLite would build the cache in it.
        let target = outside.appendingPathComponent("other.sqlite").path
        try Data().write(to: URL(fileURLWithPath: target))
        try #require(symlink(target, folder.appendingPathComponent("cache.sqlite").path) == 0)
        let storage = try SQLiteCacheStorage(directory: folder.path)
        try await storage.store(CacheTesting.entry("https://a/x.png"))
        var info = stat()
        #expect(lstat(storage.databasePath, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["other.sqlite"])
    }
}
