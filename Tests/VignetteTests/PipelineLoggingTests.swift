import Foundation
import Logging
import Testing
import VignetteTestSupport

@testable import Vignette

/// What the pipeline logs to `Configuration.logger`: damaged cached copies,
/// named by host only; nothing at all by default.
@Suite struct PipelineLoggingTests {
    @Test func aDamagedDiskCopyIsAWarningNamingItsHostOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-plog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try DiskCache(storage: FileCacheStorage(directory: folder.path), sizeLimit: 50 << 20)
        let url = URL(string: "https://user:pw@cdn.example/i.png?sig=s3cr3t")!
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: url.absoluteString, data: Data("not a png".utf8),
                metadata: CacheMetadata(freshUntil: Date().addingTimeInterval(3600))))
        let log = try await loadingFromTheOrigin(url, past: cache)
        let warnings = log.records(atLeast: .info)
        #expect(warnings.map(\.level) == [.warning], "\(warnings)")
        #expect(warnings.first?.metadata["source"] == "https://cdn.example")
        #expect(warnings.first?.metadata["cache"] == "disk")
        #expect(log.records.allSatisfy { !$0.description.contains("s3cr3t") && !$0.description.contains("pw") })
        await cache.flush()
    }

    @Test func aDiskEntryFailingItsChecksumIsAWarningWithTheReason() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-plog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage = try FileCacheStorage(directory: folder.path)
        let cache = try DiskCache(storage: storage, sizeLimit: 50 << 20)
        let url = URL(string: "https://cdn.example/i.png?X-Amz-Signature=s3cr3t")!
        try await cache.storeAndWait(
            DiskCacheEntry(
                key: url.absoluteString, data: Fixtures.iconPNG,
                metadata: CacheMetadata(freshUntil: Date().addingTimeInterval(3600))))
        // Flip the last byte of the stored file: its checksum no longer matches.
        let file = storage.path(of: FileCacheStorage.fileName(for: url.absoluteString))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: file))
        let log = try await loadingFromTheOrigin(url, past: cache)
        let warnings = log.records(atLeast: .info)
        #expect(warnings.map(\.message) == ["disk cache entry damaged, dropped"], "\(warnings)")
        #expect(warnings.first?.metadata["source"] == "https://cdn.example")
        #expect(warnings.first?.metadata["reason"] == "checksum mismatch")
        #expect(log.records.allSatisfy { !$0.description.contains("s3cr3t") })
        await cache.flush()
    }

    /// Loads `url` through a pipeline logging to a capture, with `cache`
    /// holding a bad copy: the image must come from the origin.
    private func loadingFromTheOrigin(_ url: URL, past cache: DiskCache) async throws -> LogCapture {
        let loader = MockDataLoader()
        loader.reply(url, .data(Fixtures.iconPNG, headers: ["cache-control": "max-age=3600"]))
        let log = LogCapture()
        var configuration = ImagePipeline.Configuration(diskCache: cache)
        configuration.logger = log.logger
        let response = try await ImagePipeline(loader: loader, configuration: configuration).response(for: ImageRequest(url: url))
        #expect(response.source == .network)
        return log
    }

    @Test func theDefaultLoggerDropsEverything() {
        #expect(ImagePipeline.Configuration().logger.handler is SwiftLogNoOpLogHandler)
    }
}
