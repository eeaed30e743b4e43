import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Presets with text, rendered in process (a fixture loader, no socket):
/// text changes the output and gives the same bytes every time, the
/// examples' `og` preset draws a title (right to left too), an SVG logo
/// stays a vector.
@Suite(.timeLimit(.minutes(30))) struct TextPresetRenderTests {
    static let photo = URL(string: "https://photos.example.com/parrots.png")!
    static let arabic = Fixtures.url("fonts/NotoSansArabic-Regular.ttf").path

    /// A service answering `photo` with the fixture icon.
    static func service(_ yaml: String, edit: (inout ServerConfiguration) -> Void = { _ in }) throws -> RenderService {
        var configuration = try ServerConfiguration(yaml: yaml)
        edit(&configuration)
        return try RenderService(configuration: configuration, loader: FixtureLoader([photo: Fixtures.iconPNG]))
    }

    static func render(_ service: RenderService, _ preset: String, _ query: String = "", w: Int = 300, h: Int = 158) async -> RenderReply {
        let url = photo.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let target = "/render/\(preset)?url=\(url)&w=\(w)&h=\(h)&format=png\(query)"
        let signed = service.configuration.signingKey.map { RequestSigner(key: $0).sign(target) } ?? target
        return await service.render(target: signed, preset: preset, accept: nil, ifNoneMatch: nil)
    }

    static func encoded(_ text: String) -> String {
        "&title=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }

    static let captioned = """
        presets:
          plain: {contentMode: aspectFill}
          captioned:
            contentMode: aspectFill
            overlays:
              - {fill: "#00000096", position: bottom, size: 300x40}
              - {text: "© Shop", font: "bold 14", color: "#FFFFFFAA", position: bottom-right, offset: "-8,-8"}
        """

    @Test func aPresetWithTextDiffersFromOneWithoutAndIsByteStable() async throws {
        let first = try Self.service(Self.captioned)
        let plain = await Self.render(first, "plain")
        let captioned = await Self.render(first, "captioned")
        #expect(plain.status == 200 && captioned.status == 200, "\(captioned.header("X-Vignette-Error") ?? "")")
        #expect(plain.body != captioned.body)
        // A fresh service, the same bytes.
        let again = await Self.render(try Self.service(Self.captioned), "captioned")
        #expect(again.body == captioned.body && again.header("ETag") == captioned.header("ETag"))
        // The caption is drawn where it is anchored: the bottom-right corner changed, the top-left did not.
        let a = try Bitmap(decoding: plain.body)
        let b = try Bitmap(decoding: captioned.body)
        #expect(a[10, 10] == b[10, 10] && a[280, 145] != b[280, 145])
    }

    /// The examples' configuration, read as `vignette serve` reads it (relative files and fonts).
    static func examples(signingKey: String? = nil) throws -> RenderService {
        var configuration = try ServerConfiguration(contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent("examples/serve.yaml").path)
        configuration.signingKey = signingKey
        return try RenderService(configuration: configuration, loader: FixtureLoader([photo: Fixtures.iconPNG]))
    }

    @Test func theExamplesOpenGraphPresetDrawsTheTitleOverThePhoto() async throws {
        let service = try Self.examples()
        let og = try #require(service.presets["og"])
        #expect(og.textParameters.map(\.name) == ["title"])
        // The logo is an SVG drawn at the render's scale, not a bitmap decoded once.
        let overlays = og.descriptor(Self.photo).overlays
        #expect(overlays.contains { $0.descriptor.reference.base is SVGDocument })
        let bare = await Self.render(service, "og", w: 600, h: 315)
        let short = await Self.render(service, "og", Self.encoded("Parrots"), w: 600, h: 315)
        let long = await Self.render(
            service, "og", Self.encoded("Parrots of the rainforest canopy: how they talk, what they eat and why they live so long"),
            w: 600, h: 315)
        #expect(bare.status == 200 && short.status == 200 && long.status == 200, "\(String(decoding: long.body, as: UTF8.self))")
        #expect(Set([bare.body, short.body, long.body]).count == 3)
        let repeated = await Self.render(service, "og", Self.encoded("Parrots"), w: 600, h: 315)
        #expect(repeated.body == short.body)
        let image = try Bitmap(decoding: long.body)
        #expect(image.width == 600 && image.height == 315)
    }

    @Test func aLongTitleWrapsToTwoLinesWithAnEllipsis() throws {
        let service = try Self.examples()
        let og = try #require(service.presets["og"])
        let query = "url=https%3A%2F%2Fphotos.example.com%2Fp.png&w=600&h=315" + Self.encoded(String(repeating: "word ", count: 30))
        let parameters = try RenderParameters(
            query: query, limits: ServerConfiguration.Limits(), textParameters: og.textParameters)
        let overlays = try og.descriptor(for: parameters).overlays
        let title = try #require(overlays.compactMap { $0.descriptor.reference.base as? Bitmap }.max { $0.height < $1.height })
        // Two lines of 34 pt text with a line height of 1.25: about 85 pt, never three lines.
        #expect(title.height > 60 && title.height < 110, "\(title.width)×\(title.height)")
    }

    @Test func aRightToLeftTitleIsSetFromTheRight() async throws {
        let yaml = """
            fonts: [\(Self.arabic)]
            presets:
              og:
                contentMode: aspectFill
                overlays:
                  - {text: {param: title}, font: "bold 28", color: "#FFFFFF", size: 280x0, maxLines: 2, position: bottom}
            """
        let service = try Self.service(yaml)
        let title = "مرحبا بالعالم"
        let reply = await Self.render(service, "og", Self.encoded(title))
        let bare = await Self.render(service, "og")
        #expect(reply.status == 200 && reply.body != bare.body, "\(String(decoding: reply.body, as: UTF8.self))")
        // The line is in the box's right part: the paragraph runs right to left and leads from the right.
        let og = try #require(service.presets["og"])
        let parameters = try RenderParameters(
            query: "url=https%3A%2F%2Fphotos.example.com%2Fp.png&w=300&h=158" + Self.encoded(title), limits: ServerConfiguration.Limits(),
            textParameters: og.textParameters)
        let bitmap = try #require(try og.descriptor(for: parameters).overlays.first?.descriptor.reference.base as? Bitmap)
        let inked = (0..<bitmap.width).filter { x in (0..<bitmap.height).contains { bitmap[x, $0].alpha > 0 } }
        #expect(bitmap.width == 280 && (inked.first ?? 0) > 100 && (inked.last ?? 0) > 260, "\(inked.first ?? -1)…\(inked.last ?? -1)")
    }
}
