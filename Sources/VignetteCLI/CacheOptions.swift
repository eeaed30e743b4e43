import ArgumentParser
import Foundation
import Vignette
import VignetteSQLite

/// The disk-cache options of `render` and `cache`.
struct CacheOptions: ParsableArguments {
    enum Engine: String, ExpressibleByArgument, CaseIterable {
        case files, sqlite
    }

    @Option(help: ArgumentHelp("Keep downloaded images here (original bytes + HTTP validators).", valueName: "DIR"))
    var cacheDir: String?

    @Option(
        help: ArgumentHelp(
            "Largest size of the cache folder: bytes, or with KB/MB/GB (powers of 1000) or KiB/MiB/GiB.",
            valueName: "SIZE"))
    var cacheLimit = ByteSizeArgument(bytes: 200_000_000)

    @Option(help: "Disk-cache engine: one file per image, or one SQLite database.")
    var cacheEngine: Engine = .files

    /// The cache, or nil without `--cache-dir`. Opening errors are usage errors.
    func open() throws -> DiskCache? {
        guard let cacheDir else { return nil }
        do {
            let storage: any DiskCacheStorage =
                switch cacheEngine {
                case .files: try FileCacheStorage(directory: cacheDir)
                case .sqlite: try Self.sqliteStorage(directory: cacheDir)
                }
            return try DiskCache(storage: storage, sizeLimit: cacheLimit.bytes)
        } catch {
            throw ValidationError("--cache-dir \(cacheDir): \(error)")
        }
    }

    /// The SQLite engine, which only a build with the SQLite trait (GRDB) has.
    private static func sqliteStorage(directory: String) throws -> any DiskCacheStorage {
        #if SQLite
            try SQLiteCacheStorage(directory: directory)
        #else
            throw ValidationError("this vignette was built without the SQLite trait: use --cache-engine files")
        #endif
    }
}
