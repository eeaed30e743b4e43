import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

/// `vignette render` and `vignette info` on an SVG with text, as the
/// conformance runs call them: `--font-dir` gives the fonts the file's
/// families name, and `info` says which of them were not found.
@Suite struct RenderSVGTextTests {
    @Test func fontDirDrawsTheFamilyTheFileNamesAndInfoReportsIt() throws {
        let folder = try RenderCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/fonts/NotoSansHebrew-Regular.ttf"),
            to: fonts.appendingPathComponent("NotoSansHebrew-Regular.ttf"))
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">"#
            + #"<text x="60" y="28" font-family="Noto Sans Hebrew" font-size="20" text-anchor="middle">שלום</text></svg>"#
        try Data(svg.utf8).write(to: folder.appendingPathComponent("hello.svg"))
        let command = ["render", "hello.svg", "--size", "240x80", "--scale", "1", "--mode", "scaleToFill"]
        let with = try RenderCommandTests.run(command + ["--font-dir", "fonts", "-o", "with.png"], in: folder)
        #expect(with.status == 0, "\(with.stderr)")
        let without = try RenderCommandTests.run(command + ["-o", "without.png"], in: folder)
        #expect(without.status == 0, "\(without.stderr)")
        let drawn = try ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("with.png")))
        let fallback = try ImageDecoders.standard.decode(Data(contentsOf: folder.appendingPathComponent("without.png")))
        #expect((drawn.width, drawn.height) == (240, 80))
        #expect(drawn.pixels.contains { $0 != 0 }, "the Hebrew is drawn")
        #expect(drawn.pixels != fallback.pixels, "without the font, the bundled family's missing-glyph boxes are drawn instead")

        let found = try RenderCommandTests.run(["info", "--json", "hello.svg", "--font-dir", "fonts"], in: folder)
        #expect(found.status == 0, "\(found.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])
        #expect(object["fontFamilies"] as? [String] == ["Noto Sans Hebrew"])
        #expect(object["missingFontFamilies"] as? [String] == [])
        let missing = try RenderCommandTests.run(["info", "hello.svg"], in: folder)
        #expect(missing.stdout.contains("fonts not found: Noto Sans Hebrew"), "\(missing.stdout)")
    }
}
