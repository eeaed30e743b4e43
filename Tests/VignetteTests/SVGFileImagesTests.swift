import Foundation
import Testing
import VignetteCore

@testable import Vignette

/// Images an SVG file names beside it: read and inlined only when the
/// loader is told to (the CLI), only as relative paths that stay in the
/// SVG's folder, within the parser's limits; everything else is left as
/// written and never read.
@Suite struct SVGFileImagesTests {
    /// A folder with `icon.svg`'s images: a red `logo.png`, a green
    /// `sub/dot.png` and a blue `my logo.png`, and a blue `outside.png` one
    /// level up that a `link.png` symlink points to.
    struct Folder {
        let root: URL
        var folder: URL { root.appendingPathComponent("icons") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-svgimages-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Self.png(Color(red: 255, green: 0, blue: 0)).write(to: folder.appendingPathComponent("logo.png"))
            try Self.png(Color(red: 0, green: 255, blue: 0)).write(to: folder.appendingPathComponent("sub/dot.png"))
            try Self.png(Color(red: 0, green: 0, blue: 255)).write(to: folder.appendingPathComponent("my logo.png"))
            try Self.png(Color(red: 0, green: 0, blue: 255)).write(to: root.appendingPathComponent("outside.png"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: root.appendingPathComponent("outside.png").path)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        static func png(_ color: Color) throws -> Data { try Bitmap(width: 4, height: 4, fill: color).encoded(as: .png) }

        /// An SVG of one 10×10 image per reference, side by side.
        static func svg(_ hrefs: [String], extra: String = "") -> Data {
            let images = hrefs.enumerated().map { i, href in
                "<image x=\"\(i * 10)\" y=\"0\" width=\"10\" height=\"10\" xlink:href=\"\(href)\"/>"
            }
            return Data(
                ("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                    + "width=\"\(max(hrefs.count, 1) * 10)\" height=\"10\">\(extra)\(images.joined())</svg>").utf8)
        }
    }

    /// The colour drawn at the middle of each 10×10 cell.
    static func cells(_ data: Data, count: Int) throws -> [[UInt8]] {
        let bitmap = try SVGDecoder().decode(data, options: DecodingOptions())
        return (0..<count).map { i in
            let p = (5 * bitmap.width + i * 10 + 5) * 4
            return Array(bitmap.pixels[p..<(p + 4)])
        }
    }

    @Test func relativeReferencesInTheFolderAreDrawn() throws {
        let files = try Folder()
        defer { files.remove() }
        let svg = Folder.svg(["logo.png", "./sub/dot.png", "my%20logo.png", "sub//../logo.png"])
        let inlined = SVGFileImages.inlining(svg, folder: files.folder.path)
        let cells = try Self.cells(inlined, count: 4)
        #expect(cells[0] == [255, 0, 0, 255])
        #expect(cells[1] == [0, 255, 0, 255])
        #expect(cells[2] == [0, 0, 255, 255])
        #expect(cells[3] == [0, 0, 0, 0], "a path with .. is never read, even one that would stay inside")
        #expect(try Self.cells(svg, count: 1)[0] == [0, 0, 0, 0], "not inlined, an image by file name draws nothing")
    }

    @Test func referencesOutOfTheFolderAreNeverRead() throws {
        let files = try Folder()
        defer { files.remove() }
        let outside = files.root.appendingPathComponent("outside.png").path
        let hrefs = [
            "../outside.png", outside, "file://\(outside)", "http://127.0.0.1:9/logo.png", "link.png", "missing.png", "logo.png#x",
            "logo.png?v=1", "sub", "&#108;ogo.png", ""
        ]
        let svg = Folder.svg(hrefs, extra: "<!-- <image href=\"logo.png\"/> --><![CDATA[<image href=\"logo.png\"/>]]>")
        #expect(SVGFileImages.inlining(svg, folder: files.folder.path) == svg)
    }

    @Test func theBudgetsBoundWhatIsRead() throws {
        let files = try Folder()
        defer { files.remove() }
        let svg = Folder.svg(["logo.png", "sub/dot.png", "logo.png"])
        var limits = SVGFileImages.Limits()
        limits.maxFiles = 1
        #expect(try Self.cells(SVGFileImages.inlining(svg, folder: files.folder.path, limits: limits), count: 3).map { $0[3] } == [255, 0, 255])
        limits = SVGFileImages.Limits()
        limits.maxAttributeBytes = 40  // smaller than any of the PNGs' URLs
        #expect(SVGFileImages.inlining(svg, folder: files.folder.path, limits: limits) == svg)
        // Room for the first image's URL in place of its name, and no more.
        let url = "data:;base64,".utf8.count + (try Data(contentsOf: files.folder.appendingPathComponent("logo.png"))).base64EncodedString().utf8.count
        limits = SVGFileImages.Limits()
        limits.maxDocumentBytes = svg.count + url - "logo.png".utf8.count
        let one = SVGFileImages.inlining(svg, folder: files.folder.path, limits: limits)
        #expect(one.count == limits.maxDocumentBytes)
        #expect(try Self.cells(one, count: 3).map { $0[3] } == [255, 0, 0])
        let bitmap = try Folder.png(.black)
        #expect(SVGFileImages.inlining(bitmap, folder: files.folder.path) == bitmap, "not an SVG: the bytes unchanged")
    }

    /// The scan reads markup it does not parse: cut anywhere, it finds
    /// only whole values inside the bytes, and a comment hides its tags.
    @Test func theScanHoldsOnEveryCutOfAFile() {
        let text =
            #"<?xml version="1.0"?><svg><!-- <image href="a.png"/> --><image x='1' xlink:href = "b.png"/>"#
            + #"<![CDATA[<image href="c.png"/>]]><svg:image href='d.png'/><feImage href="e.png"/><imageX href="f.png"/></svg>"#
        let bytes = Array(text.utf8)
        #expect(SVGImageReferences(bytes).all.map { String(decoding: $0.value, as: UTF8.self) } == ["b.png", "d.png", "e.png"])
        for end in 0...bytes.count {
            let cut = Array(bytes[..<end])
            for reference in SVGImageReferences(cut).all {
                #expect(reference.range.upperBound < cut.count && Array(cut[reference.range]) == reference.value)
            }
        }
    }

    @Test func onlyALoaderToldToInlinesAndOnlyFiles() async throws {
        let files = try Folder()
        defer { files.remove() }
        let url = files.folder.appendingPathComponent("icon.svg")
        let svg = Folder.svg(["logo.png"])
        try svg.write(to: url)
        let request = DataRequest(url: url)
        #expect(try await LocalDataLoader().load(request).data == svg, "off by default: a library's or the server's loader")
        var options = LoadingOptions()
        options.inlinesSVGImageFiles = true
        let loaded = try await DefaultDataLoader(options: options).load(request).data
        #expect(try Self.cells(loaded, count: 1)[0] == [255, 0, 0, 255])
        // A data: URL has no folder: its references stay as written.
        let dataURL = URL(string: "data:image/svg+xml;base64," + svg.base64EncodedString())!
        #expect(try await LocalDataLoader(options: options).load(DataRequest(url: dataURL)).data == svg)
    }
}
