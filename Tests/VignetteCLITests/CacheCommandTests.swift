import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render --cache-dir` end to end, for both engines: the size
/// limit, 304 revalidation, rendering with the origin gone, SIGKILL during
/// writes, and two processes on one folder.
@Suite(.serialized) struct CacheCommandTests {
    /// A ~270 KB PNG: 300x300 of seeded noise (incompressible, like a photo).
    static let bigPNG: Data = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<(300 * 300 * 4)).map { i -> UInt8 in
            if i % 4 == 3 { return 255 }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        return (try? PNGCodec.encode(Bitmap(width: 300, height: 300, straightRGBA: bytes))) ?? Data()
    }()

    static func folderSize(_ path: String) -> Int {
        let files = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return files.reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
            return total + ((attributes?[.type] as? FileAttributeType) == .typeRegular ? (attributes?[.size] as? Int ?? 0) : 0)
        }
    }

    static func render(_ urls: [URL], output: URL, cache: URL, engine: String, _ extra: [String] = []) throws -> RenderCommandTests.Result {
        try RenderCommandTests.run(
            ["render"] + urls.map(\.absoluteString) + [
                "--size", "16x16", "--output-dir", output.path, "--cache-dir", cache.path, "--cache-engine", engine,
                "--timeout", "5", "--retries", "0"
            ] + extra)
    }

    @Test(arguments: ["files", "sqlite"]) func sixtyBigImagesStayUnderTheLimit(engine: String) throws {
        #expect(Self.bigPNG.count > 250_000)
        let server = try LoopbackServer(png: Self.bigPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        let urls = (0..<60).map { server.url("/etag/big\($0).png") }
        let result = try Self.render(
            urls, output: work.appendingPathComponent("out"), cache: cache, engine: engine,
            ["--cache-limit", "4MB"])
        #expect(result.status == 0, "\(result.stderr)")
        let size = Self.folderSize(cache.path)
        #expect(size < 5_000_000, "cache folder holds \(size) bytes")
        #expect(size > 2_000_000, "the cache kept too little: \(size) bytes")
    }

    @Test(arguments: ["files", "sqlite"]) func revalidatesThenRendersWithTheServerGone(engine: String) throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        let urls = (0..<5).map { server.url("/etag/r\($0).png") } + [server.url("/lastmod/r.png")]
        let first = try Self.render(urls, output: work.appendingPathComponent("a"), cache: cache, engine: engine, ["-v"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Self.render(urls, output: work.appendingPathComponent("b"), cache: cache, engine: engine, ["-v"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(server.notModifiedCount == 6)
        #expect(second.stdout.components(separatedBy: "(from revalidated (304))").count - 1 == 6, "\(second.stdout)")
        server.stop()
        let offline = try Self.render(urls, output: work.appendingPathComponent("c"), cache: cache, engine: engine, ["--offline"])
        #expect(offline.status == 0 && offline.stderr.isEmpty, "\(offline.stderr)")
        let stale = try Self.render(urls, output: work.appendingPathComponent("d"), cache: cache, engine: engine)
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stderr.components(separatedBy: "rendered a stale cached copy").count - 1 == 6, "\(stale.stderr)")
        for name in ["r0.png", "r.png"] {
            let reference = try Data(contentsOf: work.appendingPathComponent("a/\(name)"))
            for run in ["b", "c", "d"] { #expect(try Data(contentsOf: work.appendingPathComponent("\(run)/\(name)")) == reference) }
        }
        // Local inputs are local: --offline concerns the network only.
        let local = try Self.render(
            [Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/logo@2x.png")],
            output: work.appendingPathComponent("f"), cache: cache, engine: engine, ["--offline"])
        #expect(local.status == 0, "\(local.stderr)")
        let missing = try Self.render(
            [server.url("/etag/never.png")], output: work.appendingPathComponent("e"),
            cache: cache, engine: engine, ["--offline"])
        #expect(missing.status == 1 && missing.stderr.contains("not in the cache"), "\(missing.stderr)")
    }

    @Test(arguments: ["files", "sqlite"]) func aBatchKilledDuringWritesNeverYieldsATornImage(engine: String) throws {
        let server = try LoopbackServer(png: Self.bigPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let urls = (0..<200).map { server.url("/fresh/k\($0).png") }
        let reference = work.appendingPathComponent("reference")
        let clean = try Self.render([urls[0]], output: reference, cache: work.appendingPathComponent("clean"), engine: engine)
        #expect(clean.status == 0, "\(clean.stderr)")
        let expected = try Data(contentsOf: reference.appendingPathComponent("k0.png"))
        // Killed once the cache holds about 2, 5 and 10 MB: writes are under way.
        for (round, threshold) in [2_000_000, 5_000_000, 10_000_000].enumerated() {
            let cache = work.appendingPathComponent("cache\(round)")
            let process = Process()
            process.executableURL = RenderCommandTests.binary
            process.arguments =
                ["render"] + urls.map(\.absoluteString) + [
                    "--size", "16x16", "--output-dir", work.appendingPathComponent("killed\(round)").path,
                    "--cache-dir", cache.path, "--cache-engine", engine, "--max-concurrent", "2"
                ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let growth = try FolderGrowth(cache.path, while: process)
            try process.run()
            #expect(growth.wait(forBytes: threshold), "the run ended before the cache held \(threshold) bytes")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            // Re-run offline: every image is either whole or reported missing.
            let output = work.appendingPathComponent("offline\(round)")
            let offline = try Self.render(urls, output: output, cache: cache, engine: engine, ["--offline"])
            #expect(offline.status == 0 || offline.status == 1, "\(offline.stderr)")
            for line in offline.stderr.split(separator: "\n") {
                #expect(line.hasSuffix("not in the cache (offline: the network is not used)"), "\(line)")
            }
            let rendered = try FileManager.default.contentsOfDirectory(atPath: output.path)
            // Killed with megabytes already cached: some entries must have landed whole.
            #expect(!rendered.isEmpty, "\(offline.stderr)")
            for name in rendered { #expect(try Data(contentsOf: output.appendingPathComponent(name)) == expected, "\(name)") }
        }
    }

    @Test(arguments: ["files", "sqlite"]) func twoProcessesShareOneFolder(engine: String) throws {
        let server = try LoopbackServer(png: Self.bigPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        let urls = (0..<30).map { server.url("/fresh/s\($0).png") }
        let errors = [Pipe(), Pipe()]
        let processes = try [urls[0..<20], urls[10..<30]].enumerated().map { index, slice -> Process in
            let process = Process()
            process.standardError = errors[index]
            process.executableURL = RenderCommandTests.binary
            process.arguments =
                ["render"] + slice.map(\.absoluteString) + [
                    "--size", "16x16", "--output-dir", work.appendingPathComponent("p\(index)").path,
                    "--cache-dir", cache.path, "--cache-engine", engine, "--cache-limit", "5MB"
                ]
            try process.run()
            return process
        }
        let stderr = errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(stderr)")
        #expect(stderr == ["", ""], "no cache warnings expected")
        #expect(Self.folderSize(cache.path) < 6_000_000)
        server.stop()
        let offline = try Self.render(urls, output: work.appendingPathComponent("after"), cache: cache, engine: engine, ["--offline"])
        // The limit keeps about 17 of the 30; every one served must be whole.
        let rendered = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("after").path)
        #expect(rendered.count >= 10, "\(offline.stderr)")
        let expected = try Data(contentsOf: work.appendingPathComponent("p0/s0.png"))
        for name in rendered { #expect(try Data(contentsOf: work.appendingPathComponent("after/\(name)")) == expected) }
    }

    @Test(arguments: ["files", "sqlite"]) func theCacheCommandInspectsSweepsAndClears(engine: String) throws {
        let server = try LoopbackServer(png: Self.bigPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let cache = work.appendingPathComponent("cache")
        let urls = (0..<8).map { server.url("/fresh/c\($0).png") }
        #expect(try Self.render(urls, output: work.appendingPathComponent("o"), cache: cache, engine: engine).status == 0)
        let options = ["--cache-dir", cache.path, "--cache-engine", engine]
        let info = try RenderCommandTests.run(["cache", "info"] + options)
        #expect(info.status == 0 && info.stdout.contains("\(engine) engine, 8 entries"), "\(info.stdout)\(info.stderr)")
        let sweep = try RenderCommandTests.run(["cache", "sweep", "--cache-limit", "1MB"] + options)
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(Self.folderSize(cache.path) <= 1_000_000)
        let clear = try RenderCommandTests.run(["cache", "clear"] + options)
        #expect(clear.status == 0 && clear.stdout.hasPrefix("cleared"), "\(clear.stderr)")
        #expect(try RenderCommandTests.run(["cache", "info"] + options).stdout.contains("0 entries"))
        #expect(try RenderCommandTests.run(["cache", "info"]).status == 64)
        #expect(try RenderCommandTests.run(["cache", "info", "--cache-dir", cache.path, "--cache-limit", "0x10"]).status == 64)
    }
}
