import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` and `vignette catalog`, run as a user runs them.
@Suite(.serialized) struct RenderCommandTests {
    /// The `vignette` binary next to the test bundle.
    static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("vignette") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the tool; `environment`, when given, replaces the test's own.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let photo = Fixtures.repositoryRoot.appendingPathComponent("Sources/VignetteCatalog/Resources/product-parrots.png").path

    @Test func rendersOneFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let result = try Self.run([
            "render", Self.photo, "--size", "150x100", "--scale", "2", "--mode", "aspectFill",
            "--background", "#EEEEEE", "-o", output
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let bitmap = try PNGCodec.decode(contentsOf: output)
        #expect(bitmap.width == 300 && bitmap.height == 200)
        // Same pixels as the library renders.
        let expected = try ImageRenderer.render(
            ImageDescriptor(try PNGCodec.decode(contentsOf: Self.photo), contentMode: .aspectFill, background: try Color(hex: "#EEEEEE")),
            size: Size(width: 150, height: 100), scale: 2)
        #expect(bitmap.pixels == expected.pixels)
        // Only the output: no temp files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test func batchWithABadInputRendersTheRestAndExits1() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("broken.png").path
        try Data("definitely not a png".utf8).write(to: URL(fileURLWithPath: bad))
        let icon = folder.appendingPathComponent("icon@2x.png").path
        try FileManager.default.copyItem(atPath: Fixtures.url("pngsuite/basn6a08.png").path, toPath: icon)
        let out = folder.appendingPathComponent("out").path
        let result = try Self.run([
            "render", Self.photo, bad, icon, folder.appendingPathComponent("missing.png").path,
            "--size", "32x32", "--mode", "center", "--tint", "#FF000080", "--output-dir", out
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(bad): not an image"))
        #expect(result.stderr.contains("missing.png: cannot read"))
        #expect(result.stderr.contains("no such file"))
        let written = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(written == ["icon@2x.png", "product-parrots.png"])
        // The @2x suffix made the 32-px icon 16 pt: centred unscaled in a 32 pt surface.
        let iconOut = try PNGCodec.decode(contentsOf: out + "/icon@2x.png", scale: 1)
        #expect(iconOut.width == 32)
        #expect(TestImages.opaqueBounds(iconOut) == PixelRect(minX: 8, minY: 8, maxX: 24, maxY: 24))
        #expect(iconOut.color(x: 16, y: 16).red == 255 && iconOut.color(x: 16, y: 16).green == 0)
    }

    /// One-letter relative names, as typed at a prompt: Foundation's path
    /// functions trap on them on Linux, so the CLI and the cache must not use them.
    @Test(arguments: ["files", "sqlite"])
    func oneLetterRelativeOutputAndCacheFolder(engine: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(
            ["render", Self.photo, "--size", "20x20", "-o", "a", "--format", "png", "--cache-dir", "c", "--cache-engine", engine], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PNGCodec.decode(contentsOf: folder.appendingPathComponent("a").path).width == 20)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("c").path))
    }

    @Test(arguments: [
        ["render", "x.png", "--size", "10x10"],  // no output
        ["render", "x.png", "--size", "10x10", "-o", "a.png", "--output-dir", "d"],
        ["render", "x.png", "y.png", "--size", "10x10", "-o", "a.png"],
        ["render", "x.png", "--size", "10", "-o", "a.png"],
        ["render", "x.png", "--size", "10x10", "--tint", "red", "-o", "a.png"],
        ["render", "x.png", "--size", "10x10", "--mode", "stretch", "-o", "a.png"],
        ["render", "x.png", "--size", "10x10", "--scale", "0", "-o", "a.png"],
        ["render", "a/x.png", "b/x.png", "--size", "10x10", "--output-dir", "/tmp"],
        ["render", "x.png", "--size", "0.2x0.2", "-o", "a.png"],
        ["render", "x.png", "--size", "2000x2000", "--scale", "16", "-o", "a.png"],
        ["render", "x.png", "--size", "10x10", "--background", "#0\u{301}", "-o", "a.png"]
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    @Test func catalogWritesEveryEntryAContactSheetAndAnIndex() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(["catalog", "--output-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("contact-sheet.png") && files.contains("index.html") && files.contains("presentation.html"))
        #expect(files.contains("loadingImage@2x.png") && files.contains("productImage-aspectFill@2x.png"))
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let page = try String(contentsOf: folder.appendingPathComponent("presentation.html"), encoding: .utf8)
        for file in files where file.hasSuffix(".png") && file != "contact-sheet.png" {
            let listing = file.hasPrefix("presentation-") ? page : html
            #expect(listing.contains("src=\"\(file)\""), "the catalog's pages lack \(file)")
        }
        // Rendering twice gives byte-identical files.
        let again = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try Self.run(["catalog", "--output-dir", again.path]).status == 0)
        for file in files {
            let a = try Data(contentsOf: folder.appendingPathComponent(file))
            let b = try Data(contentsOf: again.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between runs")
        }
    }
}
