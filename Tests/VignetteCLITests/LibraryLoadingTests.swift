import Foundation
import Testing
import VignetteTestSupport

/// libavif, libheif and libcurl are opened when first needed, not at process
/// start (with what they pull in, they cost every process milliseconds):
/// a PNG or SVG render never maps them, an image or command that needs one
/// opens it, and one that cannot be opened is a typed error naming it.
@Suite struct LibraryLoadingTests {
    typealias Run = RenderCommandTests

    static let lazyLibraries = ["libavif.so", "libheif.so", "libcurl.so"]

    /// What a run printed, and which of `lazyLibraries` the dynamic loader
    /// was asked to open (`LD_DEBUG=files`, written to files in a folder of
    /// its own so the tool's pipes never fill).
    static func run(_ arguments: [String]) throws -> (result: Run.Result, opened: Set<String>) {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let debug = ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": folder.appendingPathComponent("ld").path]
        let result = try Run.run(arguments, environment: ProcessInfo.processInfo.environment.merging(debug) { $1 })
        let log = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(log.contains("file=libpng16.so"), "LD_DEBUG reports what the loader opens")
        return (result, Set(lazyLibraries.filter { log.contains("file=\($0)") }))
    }

    /// The test's environment with `folder` first on `LD_LIBRARY_PATH`.
    static func environment(searching folder: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = ([folder.path] + (environment["LD_LIBRARY_PATH"].map { [$0] } ?? [])).joined(separator: ":")
        return environment
    }

    @Test func renderingAnSVGOpensNoneOfThem() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("dot.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="3"/></svg>"#.utf8).write(to: svg)
        let (result, opened) = try Self.run(["render", svg.path, "--size", "8x8", "-o", folder.appendingPathComponent("dot.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(opened.isEmpty)
    }

    @Test func eachOpensWithTheFirstImageThatNeedsIt() throws {
        let heic = try Self.run(["info", Fixtures.url("heic/orient6.heic").path])
        #expect(heic.result.status == 0)
        #expect(heic.opened == ["libheif.so"])
        let avif = try Self.run(["info", Fixtures.url("avif/alpha-420.avif").path])
        #expect(avif.result.status == 0)
        #expect(avif.opened == ["libavif.so"])
        let versions = try Self.run(["versions"])
        #expect(versions.opened == Set(Self.lazyLibraries))
        #expect(!versions.result.stdout.contains("not loaded"))
    }

    /// A library the loader finds but cannot open (here an empty file of
    /// its name first on `LD_LIBRARY_PATH`) fails the images that need it,
    /// with the loader's reason; everything else still works.
    @Test func oneThatCannotBeOpenedIsATypedErrorNamingIt() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["libheif.so.1", "libheif.so", "libavif.so.15", "libavif.so.16", "libavif.so", "libcurl.so.4", "libcurl.so"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let environment = Self.environment(searching: folder)
        let heic = try Run.run(["info", Fixtures.url("heic/orient6.heic").path], environment: environment)
        #expect(heic.status != 0)
        #expect(heic.stderr.contains("libheif could not be loaded (\(folder.path)/libheif.so.1: file too short)"), "\(heic.stderr)")
        let avifOutput = folder.appendingPathComponent("a.png").path
        let avif = try Run.run(
            ["render", Fixtures.url("avif/alpha-420.avif").path, "--size", "8x8", "-o", avifOutput],
            environment: environment)
        #expect(avif.status != 0)
        #expect(avif.stderr.contains("libavif could not be loaded ("), "\(avif.stderr)")
        #expect(!FileManager.default.fileExists(atPath: avifOutput))
        let remote = try Run.run(
            ["render", "http://127.0.0.1:9/x.png", "--size", "8x8", "-o", folder.appendingPathComponent("r.png").path],
            environment: environment)
        #expect(remote.stderr.contains("libcurl could not be loaded (\(folder.path)/libcurl.so.4: file too short)"), "\(remote.stderr)")
        let versions = try Run.run(["versions"], environment: environment)
        #expect(versions.status == 0)
        #expect(versions.stdout.contains("libheif: not loaded: \(folder.path)/libheif.so.1: file too short"))
        let png = try Run.run(
            ["render", Run.photo, "--size", "8x8", "-o", folder.appendingPathComponent("p.png").path],
            environment: environment)
        #expect(png.status == 0, "\(png.stderr)")
    }

    /// A render service opens all three when it is made (`vignette serve`
    /// leaves it to `RenderService`): listening, before any request, they
    /// are open, so no request waits on the loader.
    @Test func aServiceOpensThemBeforeItListens() async throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("serve.yaml")
        try "presets:\n  p: {contentMode: aspectFit}\n".write(to: config, atomically: true, encoding: .utf8)
        let debug = ["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": folder.appendingPathComponent("ld").path]
        let (process, output, _, pipe) = try ServeCommandTests.launch(
            config: config, environment: ProcessInfo.processInfo.environment.merging(debug) { $1 })
        defer { if process.isRunning { process.terminate() } }
        _ = try await ServeCommandTests.port(from: output)
        let log = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("ld") }
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(Set(Self.lazyLibraries.filter { log.contains("file=\($0)") }) == Set(Self.lazyLibraries))
        process.terminate()
        pipe.fileHandleForReading.readabilityHandler = nil
    }
}
