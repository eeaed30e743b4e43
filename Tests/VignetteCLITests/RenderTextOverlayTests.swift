import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

/// `vignette render --overlay-text`: text drawn above the image with the
/// `--overlay-*` options after it (font shorthand, colour, box, lines,
/// alignment, position), fonts from `--font-dir`, and usage errors that
/// name the option.
@Suite struct RenderTextOverlayTests {
    static func render(_ extra: [String]) throws -> (RenderCommandTests.Result, Bitmap?, URL) {
        let folder = try RenderCommandTests.temporaryFolder()
        try Bitmap(width: 200, height: 100, fill: Color(red: 20, green: 40, blue: 230)).encoded(as: .png)
            .write(to: folder.appendingPathComponent("photo.png"))
        let run = try RenderCommandTests.run(["render", "photo.png", "-o", "out.png"] + extra, in: folder)
        let bitmap = try? ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("out.png")))
        return (run, bitmap, folder)
    }

    static func count(_ bitmap: Bitmap, _ color: Color, x: Range<Int>, y: Range<Int>) -> Int {
        y.reduce(0) { sum, row in sum + x.filter { bitmap[$0, row] == color.premultiplied }.count }
    }

    @Test func textIsDrawnWhereTheOptionsAfterItPlaceIt() throws {
        let (run, bitmap, folder) = try Self.render([
            "--overlay-text", "SALE", "--overlay-font", "bold 24", "--overlay-color", "#FFFFFF",
            "--overlay-position", "bottom-right", "--overlay-offset", "-8,-8"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.stderr)")
        let image = try #require(bitmap)
        #expect(Self.count(image, .white, x: 100..<200, y: 50..<100) > 40)
        #expect(Self.count(image, .white, x: 0..<100, y: 0..<100) == 0)
    }

    @Test func aBoxWrapsAndCutsWithAnEllipsisInAFontFromAFolder() throws {
        let fonts = Fixtures.url("fonts").path
        let (run, bitmap, folder) = try Self.render([
            "--font-dir", fonts, "--overlay-text", "שלום עולם ומלואו וכל יושביו", "--overlay-font", "16 Noto Sans Hebrew",
            "--overlay-color", "#FFFF00", "--overlay-size", "90x0", "--overlay-max-lines", "2", "--overlay-position", "top-left"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.stderr)")
        let image = try #require(bitmap)
        let yellow = Color(red: 255, green: 255, blue: 0)
        #expect(Self.count(image, yellow, x: 0..<90, y: 0..<50) > 20, "two lines of Hebrew in the top-left box")
        #expect(Self.count(image, yellow, x: 90..<200, y: 0..<100) == 0, "nothing past the box's width")
        #expect(Self.count(image, yellow, x: 0..<200, y: 50..<100) == 0, "no third line")
    }

    @Test func usageErrorsNameTheOption() throws {
        for (arguments, message) in [
            (["--overlay-text", "x", "--overlay-font", "huge"], "--overlay-font"),
            (["--overlay-color", "#FFFFFF"], "--overlay-color applies to"),
            (["--overlay", "photo.png", "--overlay-font", "12"], "--overlay-font applies to --overlay-text"),
            (["--overlay-text", "x", "--overlay-max-lines", "0"], "--overlay-max-lines 0"),
            (["--overlay-text", "x", "--font-dir", "photo.png"], "--font-dir")
        ] {
            let (run, _, folder) = try Self.render(arguments)
            try? FileManager.default.removeItem(at: folder)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
