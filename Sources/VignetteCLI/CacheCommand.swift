import ArgumentParser
import Foundation
import Vignette

/// `vignette cache info|sweep|clear`: look after a disk cache folder.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect, trim or empty a disk cache folder made by `render --cache-dir`.",
        subcommands: [Info.self, Sweep.self, Clear.self])

    struct Info: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "info", abstract: "Print the engine, entry count and size on disk.")
        @OptionGroup var cache: CacheOptions

        func run() async throws {
            let disk = try cache.openRequired()
            let count = try await disk.storage.count()
            let size = try await disk.totalSize()
            print("\(cache.cacheDir ?? ""): \(disk.storage.engineName) engine, \(count) entries, \(size) bytes (limit \(disk.sizeLimit))")
        }
    }

    struct Sweep: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sweep", abstract: "Evict least recently used entries down to 90 % of --cache-limit.")
        @OptionGroup var cache: CacheOptions

        func run() async throws {
            let report = try await cache.openRequired().sweep()
            print("removed \(report.removedEntries) entries: \(report.bytesBefore) → \(report.bytesAfter) bytes")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Delete every entry (the folder stays).")
        @OptionGroup var cache: CacheOptions

        func run() async throws {
            let disk = try cache.openRequired()
            try await disk.removeAll()
            print("cleared \(cache.cacheDir ?? ""): \(try await disk.totalSize()) bytes left")
        }
    }
}

extension CacheOptions {
    /// The cache; `--cache-dir` is required here.
    func openRequired() throws -> DiskCache {
        guard let cache = try open() else { throw ValidationError("give --cache-dir DIR") }
        return cache
    }
}
