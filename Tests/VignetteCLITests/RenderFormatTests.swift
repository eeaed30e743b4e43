import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` output formats: `-o` extension, `--format`, `--quality`, `--lossless`.
@Suite struct RenderFormatTests {
    static let base = ["render", RenderCommandTests.photo, "--size", "96x64", "--scale", "2", "--mode", "aspectFill"]

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func theExtensionOfOPicksTheFormat() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, magic) in [
            ("a.webp", Array("RIFF".utf8)), ("b.JPG", [0xFF, 0xD8, 0xFF]), ("c.jpeg", [0xFF, 0xD8, 0xFF]),
            ("d.png", [0x89, 0x50, 0x4E, 0x47])
        ] {
            let path = folder.appendingPathComponent(name).path
            let result = try RenderCommandTests.run(Self.base + ["-o", path])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try Self.bytes(path).starts(with: magic), "\(name)")
            let decoded = try Bitmap(decoding: Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(decoded.width == 192 && decoded.height == 128 && decoded.isOpaque, "\(name)")
        }
    }

    @Test func formatNamesFilesInTheOutputFolder() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run(Self.base + ["--format", "jpeg", "--quality", "60", "--output-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["product-parrots.jpg"])
        let webp = try RenderCommandTests.run(Self.base + ["--format", "webp", "--output-dir", folder.path])
        #expect(webp.status == 0, "\(webp.stderr)")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["product-parrots.jpg", "product-parrots.webp"])
    }

    @Test func losslessWebPKeepsTheRenderedPixelsAndQualityChangesJPEGSize() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("x.png").path
        let webp = folder.appendingPathComponent("x.webp").path
        #expect(try RenderCommandTests.run(Self.base + ["-o", png]).status == 0)
        #expect(try RenderCommandTests.run(Self.base + ["-o", webp, "--lossless"]).status == 0)
        #expect(try PNGCodec.decode(contentsOf: png).pixels == (try Bitmap(decoding: Data(contentsOf: URL(fileURLWithPath: webp)))).pixels)
        let low = folder.appendingPathComponent("low.jpg").path
        let high = folder.appendingPathComponent("high.jpg").path
        #expect(try RenderCommandTests.run(Self.base + ["-o", low, "--quality", "20"]).status == 0)
        #expect(try RenderCommandTests.run(Self.base + ["-o", high, "--quality", "95"]).status == 0)
        #expect(try Self.bytes(low).count < Self.bytes(high).count)
    }

    @Test(arguments: [
        ["-o", "x.tiff"], ["-o", "x.png", "--quality", "0"], ["-o", "x.png", "--quality", "101"],
        ["-o", "x.jpg", "--lossless"], ["--output-dir", "d", "--format", "bmp"]
    ])
    func unusableFormatOptionsAreUsageErrors(_ extra: [String]) throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run(Self.base + extra, in: folder)
        #expect(result.status == 64, "\(extra): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
