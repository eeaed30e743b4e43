import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// `fonts:` in the server configuration: files and folders relative to the
/// configuration file, read at start-up into one collection after the
/// bundled Noto Sans (unless told otherwise); a bad one stops the server,
/// naming the entry and the file.
@Suite struct ServerFontsTests {
    static let arabic = Fixtures.url("fonts/NotoSansArabic-Regular.ttf").path

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        return url
    }

    @Test func fontsAreRelativeToTheConfigurationFileAndFollowTheBundledFamily() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.arabic, toPath: folder.appendingPathComponent("fonts/NotoSansArabic-Regular.ttf").path)
        let path = folder.appendingPathComponent("serve.yaml").path
        try Data("fonts: [fonts]\n".utf8).write(to: URL(fileURLWithPath: path))
        let configuration = try ServerConfiguration(contentsOfFile: path)
        #expect(configuration.fonts == [folder.appendingPathComponent("fonts").path])
        let fonts = try #require(try configuration.fontCollection())
        #expect(fonts.families == ["Noto Sans", "Noto Sans Arabic"] && fonts.fallback == ["Noto Sans Arabic"])
    }

    @Test(arguments: [
        ("first", ["Noto Sans", "Noto Sans Arabic"]), ("last", ["Noto Sans Arabic", "Noto Sans"]), ("none", ["Noto Sans Arabic"])
    ])
    func theBundledFamilyCanComeLastOrNotAtAll(bundled: String, families: [String]) throws {
        let configuration = try ServerConfiguration(yaml: "fonts: {files: [\(Self.arabic)], bundled: \(bundled)}")
        #expect(try configuration.fontCollection()?.families == families)
    }

    @Test func noFontsConfiguredMeansTheBundledOnesReadOnlyWhenDrawn() throws {
        #expect(try ServerConfiguration(yaml: "port: 8080").fontCollection() == nil)
    }

    @Test(arguments: [
        ("fonts: 12", "fonts: expected a list of font files and folders"),
        ("fonts: [[a]]", "fonts[0]: expected a font file or folder"),
        ("fonts: {files: [a], bundled: sideways}", "fonts.bundled: 'sideways' is not first, last or none"),
        ("fonts: {bundled: none}", "fonts.bundled: none leaves no font"),
        ("fonts: {dirs: [a]}", "fonts.dirs: unknown key")
    ])
    func badSyntaxIsNamed(yaml: String, message: String) {
        do {
            _ = try ServerConfiguration(yaml: yaml)
            Issue.record("\(yaml) was accepted")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func aBadFontFileOrAMissingPathStopsTheServerNamingIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("fonts/Broken.ttf").path
        try Data("not a font at all".utf8).write(to: URL(fileURLWithPath: broken))
        let missing = folder.appendingPathComponent("Missing.ttf").path
        let cases = [
            ([Self.arabic, broken], "fonts[1]: \(broken): Broken.ttf is not a TrueType, OpenType, collection, WOFF or WOFF2 font"),
            ([folder.appendingPathComponent("fonts").path], "fonts[0]: \(folder.appendingPathComponent("fonts").path): Broken.ttf is not"),
            ([missing], "fonts[0]: cannot read font \(missing): no such file or folder")
        ]
        for (fonts, message) in cases {
            var configuration = ServerConfiguration()
            configuration.fonts = fonts
            #expect {
                _ = try RenderService(configuration: configuration, loader: FixtureLoader([:]))
            } throws: { error in
                "\(error)".hasPrefix(message)
            }
        }
    }

    @Test func presetsDrawWithTheConfiguredFonts() async throws {
        // Arabic in the bundled Noto Sans alone has no glyphs: with the configured font it draws differently.
        let yaml = """
            presets:
              og:
                overlays: [{text: {param: title}, font: "24", color: "#000000", background: "#FFFFFF"}]
            """
        let without = try TextPresetRenderTests.service(yaml)
        let with = try TextPresetRenderTests.service(yaml) { $0.fonts = [Self.arabic] }
        let title = TextPresetRenderTests.encoded("مرحبا")
        let a = await TextPresetRenderTests.render(without, "og", title)
        let b = await TextPresetRenderTests.render(with, "og", title)
        #expect(a.status == 200 && b.status == 200 && a.body != b.body)
    }
}
