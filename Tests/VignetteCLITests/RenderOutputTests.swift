import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Where `vignette render` writes: names from URLs stay inside
/// `--output-dir`, extensions are replaced, clashes are refused, and output
/// folders are created by the run, never by validation.
@Suite(.serialized) struct RenderOutputTests {
    /// Every regular file under `folder`, relative to it.
    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let urls = (enumerator?.allObjects as? [URL]) ?? []
        let root = folder.resolvingSymlinksInPath().path + "/"
        return urls.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.resolvingSymlinksInPath().path.dropFirst(root.count)) }.sorted()
    }

    @Test func namesFromURLsStayInsideTheOutputFolder() throws {
        let server = try LoopbackServer(png: Fixtures.iconPNG)
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("a/b/out")
        let urls = ["/ok.png/..%2F..%2Fa.png", "/ok.png/x%00y%5Cz%0A%1B.png", "/ok.png/%2E%2E"]
        let result = try RenderCommandTests.run(
            ["render"] + urls.map { server.url($0).absoluteString }
                + ["--size", "8x8", "--output-dir", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: work) == ["a/b/out/_.png", "a/b/out/____a.png", "a/b/out/x_y_z__.png"])
    }

    @Test func theExtensionIsReplacedNotAppended() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let photo = work.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(atPath: RenderCommandTests.photo, toPath: photo.path)
        let result = try RenderCommandTests.run(["render", photo.path, "--size", "8x8", "--output-dir", work.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: work.appendingPathComponent("out")) == ["photo.png"])
    }

    @Test func twoInputsForOneNameAreAUsageErrorThatWritesNothing() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let jpeg = work.appendingPathComponent("a/photo.jpg").path
        let png = work.appendingPathComponent("b/photo.png").path
        for path in [jpeg, png] { try FileManager.default.copyItem(atPath: RenderCommandTests.photo, toPath: path) }
        let out = work.appendingPathComponent("out")
        let result = try RenderCommandTests.run(["render", jpeg, png, "--size", "8x8", "--output-dir", out.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("inputs '\(jpeg)' and '\(png)' would both write photo.png"), "\(result.stderr)")
        // Validation creates nothing: the output folder does not exist.
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aMissingOutputDirIsCreatedButTheFolderOfOIsNot() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let single = work.appendingPathComponent("one/two/out.png").path
        let first = try RenderCommandTests.run(["render", RenderCommandTests.photo, "--size", "8x8", "-o", single])
        #expect(first.status == 1)
        #expect(first.stderr.contains("-o \(single): the folder \(work.path)/one/two does not exist"), "\(first.stderr)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("one/two"), withIntermediateDirectories: true)
        #expect(try RenderCommandTests.run(["render", RenderCommandTests.photo, "--size", "8x8", "-o", single]).status == 0)
        let batch = work.appendingPathComponent("three/four")
        let second = try RenderCommandTests.run(["render", RenderCommandTests.photo, "--size", "8x8", "--output-dir", batch.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.files(under: work) == ["one/two/out.png", "three/four/product-parrots.png"])
        // A usage error stops before the run: nothing is created.
        let never = work.appendingPathComponent("never")
        let usage = try RenderCommandTests.run([
            "render", RenderCommandTests.photo, "--size", "8x8", "--scale", "0",
            "--output-dir", never.path
        ])
        #expect(usage.status == 64)
        #expect(!FileManager.default.fileExists(atPath: never.path))
    }

    @Test func anOutputFolderInTheWayIsAClearError() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let result = try RenderCommandTests.run(["render", RenderCommandTests.photo, "--size", "8x8", "--output-dir", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the output folder \(file.path) exists and is not a folder"), "\(result.stderr)")
        let nested = try RenderCommandTests.run([
            "render", RenderCommandTests.photo, "--size", "8x8",
            "-o", file.appendingPathComponent("out.png").path
        ])
        #expect(nested.status == 1)
        #expect(nested.stderr.contains("exists and is not a folder"), "\(nested.stderr)")
    }

    @Test func unreadableSchemesAreUsageErrorsThatSayWhatWorks() throws {
        let result = try RenderCommandTests.run(["render", "ftp://example.com/a.png", "--size", "8x8", "-o", "/tmp/never.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("the ftp: scheme is not supported"), "\(result.stderr)")
        #expect(result.stderr.contains("http, https, file or data URL"))
        #expect(!result.stderr.contains("not supported yet"))
    }

    @Test func anExistingFileWinsOverURLSyntax() throws {
        let work = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(atPath: RenderCommandTests.photo, toPath: work.appendingPathComponent("ab:c.png").path)
        let result = try RenderCommandTests.run(["render", "ab:c.png", "--size", "8x8", "--output-dir", "out"], in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: work.appendingPathComponent("out")) == ["ab:c.png"])
    }
}
