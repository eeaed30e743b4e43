import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// `/render` with presets that keep animation: the format chosen among the
/// preset's animating formats, every frame drawn through the preset, the
/// limits from the configuration answered 422, and presets without
/// `animation` giving the first frame.
@Suite(.timeLimit(.minutes(30))) struct AnimationEndpointTests {
    static let gif: Data = (try? Fixtures.data("animation/disposal.gif")) ?? Data()
    static let browser = ["Accept": "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"]

    static func configuration(_ edit: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        .testing { configuration in
            var sticker = PresetDefinition(contentMode: .aspectFill)
            sticker.shape = .circle
            sticker.animation = true
            sticker.formats = [.webp, .gif]
            configuration.presets["sticker"] = sticker
            var still = sticker
            still.animation = false
            configuration.presets["still"] = still
            edit(&configuration)
        }
    }

    @Test func aBrowserGetsAnimatedWebPWithEveryFrameOfThePreset() async throws {
        let origin = try LoopbackServer(png: Self.gif)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            let reply = try await server.render("sticker", source: origin.address("/ok.png"), w: 16, h: 12, headers: Self.browser)
            #expect(reply.status == 200, "\(String(decoding: reply.body, as: UTF8.self))")
            #expect(reply.header("Content-Type") == "image/webp" && reply.header("Vary") == "Accept")
            let frames = try ImageDecoders.standard.decodeAnimation(reply.body)
            let source = try ImageDecoders.standard.decodeAnimation(Self.gif)
            #expect(frames.isAnimated && frames.pixelSize == PixelSize(width: 16, height: 12))
            #expect(frames.durationMilliseconds == source.durationMilliseconds && frames.loopCount == source.loopCount)
        }
    }

    @Test func withoutWebPInAcceptTheAnswerIsGIFAndFormatPicksToo() async throws {
        let origin = try LoopbackServer(png: Self.gif)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            let plain = try await server.render("sticker", source: origin.address("/ok.png"), w: 16, h: 12)
            #expect(plain.status == 200 && plain.header("Content-Type") == "image/gif")
            let source = try ImageDecoders.standard.decodeAnimation(Self.gif)
            let frames = try ImageDecoders.standard.decodeAnimation(plain.body)
            #expect(frames.frames.map(\.durationMilliseconds) == source.frames.map(\.durationMilliseconds))
            let asked = try await server.render("sticker", source: origin.address("/ok.png"), w: 16, h: 12, "&format=png")
            #expect(asked.status == 200 && asked.header("Content-Type") == "image/png")
            #expect(try !ImageDecoders.standard.decodeAnimation(asked.body).isAnimated)
            #expect(try Bitmap(decoding: asked.body).width == frames.pixelSize.width)
        }
    }

    @Test func aPresetWithoutAnimationGivesTheFirstFrame() async throws {
        let origin = try LoopbackServer(png: Self.gif)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            let reply = try await server.render("still", source: origin.address("/ok.png"), w: 16, h: 12, headers: Self.browser)
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/webp")
            #expect(try !ImageDecoders.standard.decodeAnimation(reply.body).isAnimated)
        }
    }

    @Test func limitsAreAnswered422NamingTheKey() async throws {
        let origin = try LoopbackServer(png: Self.gif)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration { $0.limits.maxFrames = 5 }) { server in
            let reply = try await server.render("sticker", source: origin.address("/ok.png"), w: 16, h: 12)
            #expect(reply.status == 422)
            #expect(String(decoding: reply.body, as: UTF8.self).contains("maxFrames"))
        }
        try await TestServer.with(Self.configuration { $0.limits.maxAnimationPixels = 2000 }) { server in
            let reply = try await server.render("sticker", source: origin.address("/ok.png"), w: 16, h: 12)
            #expect(reply.status == 422)
            #expect(String(decoding: reply.body, as: UTF8.self).contains("maxAnimationPixels"))
        }
    }

    @Test func theKeysAreReadFromYAML() throws {
        let yaml = """
            maxFrames: 12
            maxAnimationPixels: 3000000
            presets:
              sticker: {contentMode: aspectFit, animation: true, formats: [gif, webp]}
            """
        let configuration = try ServerConfiguration(yaml: yaml)
        #expect(configuration.limits.maxFrames == 12 && configuration.limits.maxAnimationPixels == 3_000_000)
        #expect(configuration.presets["sticker"]?.animation == true)
        #expect(throws: ServerConfiguration.Error.self) { try ServerConfiguration(yaml: "maxFrames: 0") }
        #expect(throws: ServerConfiguration.Error.self) {
            try ServerConfiguration(yaml: "presets: {a: {animation: sometimes}}")
        }
    }
}
