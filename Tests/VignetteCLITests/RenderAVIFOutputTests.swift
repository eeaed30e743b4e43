import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// `vignette render` writing AVIF: `-o x.avif`, `--format avif`, `--quality`,
/// `--lossless`, and the same bytes as the library's encoder in another process.
@Suite struct RenderAVIFOutputTests {
    static let base = RenderFormatTests.base

    static func file(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func oNamingAVIFWritesTheLibrarysBytesForTheRenderedPixels() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("x.png").path
        let avif = folder.appendingPathComponent("x.AVIF").path
        let png2 = try RenderCommandTests.run(Self.base + ["-o", png])
        #expect(png2.status == 0, "\(png2.stderr)")
        let result = try RenderCommandTests.run(Self.base + ["-o", avif])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Self.file(avif)
        #expect(ImageDecoders.standard.decoder(for: data)?.format == .avif)
        let decoded = try Bitmap(decoding: data)
        #expect((decoded.width, decoded.height) == (192, 128) && decoded.isOpaque)
        // Quality 80 by default, and the bytes this process's encoder writes for the same pixels.
        #expect(try AVIFCodec.encode(PNGCodec.decode(contentsOf: png)) == data)
    }

    @Test func losslessAVIFKeepsTheRenderedPixelsAndQualityChangesSize() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("x.png").path
        let exact = folder.appendingPathComponent("exact.avif").path
        #expect(try RenderCommandTests.run(Self.base + ["-o", png]).status == 0)
        let lossless = try RenderCommandTests.run(Self.base + ["-o", exact, "--lossless"])
        #expect(lossless.status == 0, "\(lossless.stderr)")
        #expect(try PNGCodec.decode(contentsOf: png).pixels == (try Bitmap(decoding: Self.file(exact))).pixels)
        let low = folder.appendingPathComponent("low.avif").path
        let high = folder.appendingPathComponent("high.avif").path
        #expect(try RenderCommandTests.run(Self.base + ["-o", low, "--quality", "20"]).status == 0)
        #expect(try RenderCommandTests.run(Self.base + ["-o", high, "--quality", "95"]).status == 0)
        #expect(try Self.file(low).count < Self.file(high).count)
    }

    @Test func formatAVIFNamesFilesInTheOutputFolder() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run(Self.base + ["--format", "avif", "--quality", "50", "--output-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["product-parrots.avif"])
        let path = folder.appendingPathComponent("product-parrots.avif").path
        #expect(try AVIFCodec.header(of: Self.file(path)).matrixCoefficients == 6)
    }

    @Test func unknownExtensionsNameAVIFAmongTheChoices() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RenderCommandTests.run(Self.base + ["-o", "x.heic"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains(".webp, .avif or .gif file, or give --format png|jpeg|webp|avif|gif"), "\(result.stderr)")
        let png = try RenderCommandTests.run(Self.base + ["-o", "x.png", "--lossless"], in: folder)
        #expect(png.status == 64 && png.stderr.contains("--lossless is for WebP or AVIF output"), "\(png.stderr)")
    }
}
