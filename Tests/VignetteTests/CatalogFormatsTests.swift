import Foundation
import Testing
import Vignette
import VignetteTestSupport

@testable import VignetteCatalog

/// The catalog's JPEG and WebP sources and its output-format row: what the
/// entries hold, and the files, index and contact sheet `CatalogWriter` makes.
@Suite struct CatalogFormatsTests {
    static func entry(_ id: String) throws -> CatalogEntry {
        try #require(try Catalog.entries().first { $0.identifier == id }, "no catalog entry \(id)")
    }

    @Test func bundledSourcesAreRealJPEGAndWebPFiles() throws {
        for (name, format) in [("parrots", ImageFormat.jpeg), ("shutters", .webp)] {
            let data = try Data(contentsOf: Catalog.productURL(name, format: format))
            #expect(ImageDecoders.standard.decoder(for: data)?.format == format)
            let entry = try Self.entry("productImage-\(name)-\(format)@2x")
            #expect(entry.sourceFormat == format && entry.output == .png)
            #expect((entry.descriptor.reference.width, entry.descriptor.reference.height) == (768, 512))
            #expect(entry.descriptor.contentMode == .aspectFill && entry.descriptor.accessibilityIdentifier == "productImage")
            // The lossy file shows the same photo as the PNG it was made from.
            let png = try PNGCodec.decode(contentsOf: Catalog.productURL(name).path)
            #expect(png != entry.descriptor.reference, "decoded from the lossy file, not the PNG")
            #expect(try Self.meanDifference(png, entry.descriptor.reference) < 4)
        }
    }

    static func meanDifference(_ a: Bitmap, _ b: Bitmap) throws -> Double {
        try #require(a.pixels.count == b.pixels.count)
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.pixels.count)
    }

    @Test func theOutputRowIsOneDescriptorInEveryFormat() throws {
        let row = try Catalog.entries().filter { $0.identifier.hasPrefix("output-") }
        #expect(
            row.map(\.fileName) == [
                "output-statue-png@2x.png", "output-statue-jpeg-q80@2x.jpg",
                "output-statue-jpeg-q30@2x.jpg", "output-statue-webp-q80@2x.webp",
                "output-statue-webp-q30@2x.webp", "output-statue-webp-lossless@2x.webp"
            ])
        #expect(Set(row.map(\.descriptor)).count == 1)
        #expect(row.map(\.startsSheetRow) == [true, false, false, false, false, false])
        #expect(row.map(\.output.description) == ["PNG", "JPEG q80", "JPEG q30", "WebP q80", "WebP q30", "WebP lossless"])
    }

    @Test func theSheetStartsAGroupOnANewRow() throws {
        let tile = Bitmap(width: 1, height: 1, fill: .white)
        let plain = (image: tile, startsRow: false, label: "plain")
        let first = (image: tile, startsRow: true, label: "first")
        let columns = ContactSheet.columns
        let row = try ContactSheet.rowHeight()
        // One plain cell, then a group of a full row: the group moves to row two.
        let sheet = try ContactSheet.make([plain, first] + Array(repeating: plain, count: columns - 1))
        #expect(sheet.height == ContactSheet.gutter + 2 * row)
        let spilled = try ContactSheet.make([plain] + [first] + Array(repeating: plain, count: columns))
        #expect(spilled.height == ContactSheet.gutter + 3 * row)
        let aligned = try ContactSheet.make([first] + Array(repeating: plain, count: columns - 1))
        #expect(aligned.height == ContactSheet.gutter + row, "a group at a row's start adds no row")
    }

    /// The writer's files: each output in its format, decoding to the
    /// surface's pixels (exactly for PNG and lossless WebP), and the index
    /// linking every file with its format and size.
    @Test func writerWritesEachFormatAndIndexesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-formats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try await CatalogWriter.write(to: folder.path)
        #expect(report.failures.isEmpty)
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let lossySources: Set<ImageFormat?> = [.jpeg, .webp]
        for entry in try Catalog.entries() where lossySources.contains(entry.sourceFormat) || entry.output != .png {
            let data = try Data(contentsOf: folder.appendingPathComponent(entry.fileName))
            #expect(ImageDecoders.standard.decoder(for: data)?.format == entry.output.format, "\(entry.fileName)")
            #expect(html.contains("src=\"\(entry.fileName)\""), "index.html lacks \(entry.fileName)")
            let rendered = try entry.render().render()
            let decoded = try Bitmap(decoding: data, options: DecodingOptions(scale: entry.scale))
            #expect((decoded.width, decoded.height) == (400, 300))
            if entry.output == .png || entry.output.options.lossless {
                #expect(decoded == rendered, "\(entry.fileName)")
            } else {
                #expect(try Self.meanDifference(decoded, rendered) < 6, "\(entry.fileName)")
            }
        }
        #expect(html.contains(">JPEG q30</a><br>") && html.contains("768x512 @1x WebP"))
        let q30 = try Data(contentsOf: folder.appendingPathComponent("output-statue-jpeg-q30@2x.jpg"))
        let q80 = try Data(contentsOf: folder.appendingPathComponent("output-statue-jpeg-q80@2x.jpg"))
        #expect(q30.count < q80.count)
        let digits = String(q30.count)
        #expect(digits.count > 3 && digits.count <= 6)
        #expect(html.contains(">JPEG q30</a><br>\(digits.dropLast(3)),\(digits.suffix(3)) bytes"))
    }
}
