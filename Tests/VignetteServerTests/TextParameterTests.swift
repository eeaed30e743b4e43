import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// Text from the request: accepted only by a preset that declares the
/// parameter, covered by the signature, and refused over its budgets —
/// length before anything, glyphs and lines before the source is fetched
/// — each with a typed error and a 400 naming the limit.
@Suite(.timeLimit(.minutes(30))) struct TextParameterTests {
    typealias Render = TextPresetRenderTests

    static let yaml = """
        presets:
          plain: {contentMode: aspectFill}
          og:
            contentMode: aspectFill
            overlays:
              - {text: {param: title, maxLength: 40, maxGlyphs: 30}, font: "bold 20", color: "#FFFFFF", size: 280x0, maxLines: 2}
          caption:
            overlays:
              - {text: {param: title, maxLength: 40, maxLines: 2, required: true}, font: "12", size: 100x0}
        """

    /// The body of a refusal, without its newline.
    static func message(_ reply: RenderReply) -> String {
        String(decoding: reply.body, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    @Test func onlyAPresetThatDeclaresTheParameterTakesIt() async throws {
        let service = try Render.service(Self.yaml)
        let refused = await Render.render(service, "plain", Render.encoded("Hello"))
        #expect(refused.status == 400 && Self.message(refused).hasPrefix("unknown parameter title"))
        #expect(await Render.render(service, "og", Render.encoded("Hello")).status == 200)
        let other = await Render.render(service, "og", "&subtitle=x")
        #expect(other.status == 400 && Self.message(other).hasPrefix("unknown parameter subtitle"))
        // Declared but absent: the overlay is left out, the render is the photo's.
        let bare = await Render.render(service, "og")
        let plain = await Render.render(service, "plain")
        #expect(bare.status == 200 && bare.body == plain.body)
        let missing = await Render.render(service, "caption")
        #expect(missing.status == 400 && Self.message(missing) == "missing parameter title")
    }

    @Test func theTextIsCoveredByTheSignature() async throws {
        let service = try Render.service(Self.yaml) { $0.signingKey = "s3cret" }
        let signed = await Render.render(service, "og", Render.encoded("Hello"))
        #expect(signed.status == 200)
        let url = Render.photo.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let target = RequestSigner(key: "s3cret").sign("/render/og?url=\(url)&w=300&h=158&format=png&title=Hello")
        for tampered in [
            target.replacingOccurrences(of: "title=Hello", with: "title=Hacked"), target + "&title=Again",
            "/render/og?url=\(url)&w=300&h=158&format=png&title=Hello"
        ] {
            let reply = await service.render(target: tampered, preset: "og", accept: nil, ifNoneMatch: nil)
            #expect(reply.status == 403, "\(tampered)")
        }
    }

    @Test func aServerWithoutAKeySaysSoAtStart() throws {
        let log = LogCapture()
        var configuration = try ServerConfiguration(yaml: Self.yaml)
        configuration.allowPrivateNetworks = true
        _ = try RenderService(configuration: configuration, logger: log.logger, loader: FixtureLoader([:]))
        let warnings = log.records(atLeast: .warning).map(\.message).filter { $0.contains("draws text from the request") }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.contains("(title)") && $0.contains("no signingKey") }, "\(warnings)")
    }

    @Test(arguments: [
        // 41 scalars; a one-character string of combining marks counts each mark.
        (String(repeating: "a", count: 41), "title: 41 characters (Unicode scalars); this preset's limit is 40 (maxLength)"),
        ("a" + String(repeating: "\u{0301}", count: 45), "title: 46 characters (Unicode scalars); this preset's limit is 40 (maxLength)")
    ])
    func aTitleOverMaxLengthIsRefusedBeforeAnyWork(title: String, message: String) async throws {
        let loader = FixtureLoader([Render.photo: Fixtures.iconPNG])
        let service = try RenderService(configuration: ServerConfiguration(yaml: Self.yaml), loader: loader)
        let reply = await Render.render(service, "og", Render.encoded(title))
        #expect(reply.status == 400 && Self.message(reply) == message)
        #expect(loader.loads(Render.photo) == 0)
        let og = try #require(service.presets["og"])
        #expect {
            _ = try RenderParameters(
                query: "url=https://a.example/b.png&w=10" + Render.encoded(title), limits: ServerConfiguration.Limits(),
                textParameters: og.textParameters)
        } throws: { error in
            guard case .textTooLong("title", let length, limit: 40) = error as? RenderParameters.Error else { return false }
            return length == title.unicodeScalars.count
        }
    }

    @Test func glyphAndLineBudgetsAreRefusedBeforeTheSourceIsFetched() async throws {
        let loader = FixtureLoader([Render.photo: Fixtures.iconPNG])
        let service = try RenderService(configuration: ServerConfiguration(yaml: Self.yaml), loader: loader)
        // 36 characters (within maxLength) shape to 36 glyphs or more: over 30.
        let glyphs = await Render.render(service, "og", Render.encoded(String(repeating: "abcde ", count: 6)))
        #expect(glyphs.status == 400, "\(Self.message(glyphs))")
        #expect(Self.message(glyphs) == "title: the text shapes to more than 30 glyphs, this preset's limit (maxGlyphs)")
        // Three paragraphs in a box with no line limit of its own: over the budget of two lines.
        let lines = await Render.render(service, "caption", Render.encoded("one\ntwo\nthree"))
        #expect(Self.message(lines) == "title: the text lays out in more than 2 lines, this preset's limit (maxLines)")
        #expect(lines.status == 400 && loader.loads(Render.photo) == 0)
        let caption = try #require(service.presets["caption"])
        let parameters = try RenderParameters(
            query: "url=https://a.example/b.png&w=10" + Render.encoded("one\ntwo\nthree"), limits: ServerConfiguration.Limits(),
            textParameters: caption.textParameters)
        #expect(throws: RenderParameters.Error.textRefused("title", .tooManyLines(limit: 2))) { try caption.descriptor(for: parameters) }
        #expect(await Render.render(service, "caption", Render.encoded("one\ntwo")).status == 200)
    }
}
