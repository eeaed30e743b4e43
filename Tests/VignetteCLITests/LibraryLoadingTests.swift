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

    /// The tool run with the dynamic loader reporting every file it opens
    /// (`LD_DEBUG=files`, on stderr), plus `extra` in the environment.
    static func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Run.Result {
        let environment = ProcessInfo.processInfo.environment.merging(extra.merging(["LD_DEBUG": "files"]) { $1 }) { $1 }
        return try Run.run(arguments, environment: environment)
    }

    /// The libraries of `lazyLibraries` the loader opened in a run.
    static func opened(_ result: Run.Result) -> Set<String> {
        Set(lazyLibraries.filter { result.stderr.contains("file=\($0)") })
    }

    @Test func renderingAnSVGOpensNoneOfThem() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("dot.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="3"/></svg>"#.utf8).write(to: svg)
        let result = try Self.run(["render", svg.path, "--size", "8x8", "-o", folder.appendingPathComponent("dot.png").path])
        #expect(result.status == 0, "\(result.stderr.suffix(400))")
        #expect(result.stderr.contains("file=libpng16.so"), "LD_DEBUG reports what the loader opens")
        #expect(Self.opened(result).isEmpty)
    }

    @Test func eachOpensWithTheFirstImageThatNeedsIt() throws {
        let folder = try Run.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = try Self.run(["info", Fixtures.url("heic/orient6.heic").path])
        #expect(heic.status == 0)
        #expect(Self.opened(heic) == ["libheif.so"])
        let avif = try Self.run(["info", Fixtures.url("avif/alpha-420.avif").path])
        #expect(avif.status == 0)
        #expect(Self.opened(avif) == ["libavif.so"])
        let versions = try Self.run(["versions"])
        #expect(Self.opened(versions) == Set(Self.lazyLibraries))
        #expect(!versions.stdout.contains("not loaded"))
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
        let path = ["LD_LIBRARY_PATH": folder.path]
        let heic = try Run.run(["info", Fixtures.url("heic/orient6.heic").path], environment: ProcessInfo.processInfo.environment.merging(path) { $1 })
        #expect(heic.status != 0)
        #expect(heic.stderr.contains("libheif could not be loaded (\(folder.path)/libheif.so.1: file too short)"), "\(heic.stderr)")
        let avifOutput = folder.appendingPathComponent("a.png").path
        let avif = try Run.run(
            ["render", Fixtures.url("avif/alpha-420.avif").path, "--size", "8x8", "-o", avifOutput],
            environment: ProcessInfo.processInfo.environment.merging(path) { $1 })
        #expect(avif.status != 0)
        #expect(avif.stderr.contains("libavif could not be loaded ("), "\(avif.stderr)")
        #expect(!FileManager.default.fileExists(atPath: avifOutput))
        let remote = try Run.run(
            ["render", "http://127.0.0.1:9/x.png", "--size", "8x8", "-o", folder.appendingPathComponent("r.png").path],
            environment: ProcessInfo.processInfo.environment.merging(path) { $1 })
        #expect(remote.stderr.contains("libcurl could not be loaded (\(folder.path)/libcurl.so.4: file too short)"), "\(remote.stderr)")
        let versions = try Run.run(["versions"], environment: ProcessInfo.processInfo.environment.merging(path) { $1 })
        #expect(versions.status == 0)
        #expect(versions.stdout.contains("libheif: not loaded: \(folder.path)/libheif.so.1: file too short"))
        let png = try Run.run(
            ["render", Run.photo, "--size", "8x8", "-o", folder.appendingPathComponent("p.png").path],
            environment: ProcessInfo.processInfo.environment.merging(path) { $1 })
        #expect(png.status == 0, "\(png.stderr)")
    }
}
