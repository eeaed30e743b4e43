import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// The new request parameters through `/render/{preset}`: signed like the
/// rest, refused with 400 naming the parameter, sizing only for presets
/// that allow it, and ETags that follow the output.
@Suite(.timeLimit(.minutes(30))) struct RenderPresentationEndpointTests {
    static func configuration(signed: Bool = false) -> ServerConfiguration {
        .testing { configuration in
            var sized = PresetDefinition(contentMode: .aspectFill)
            sized.allowSizing = true
            configuration.presets["sized"] = sized
            if signed { configuration.signingKey = "s3cret" }
        }
    }

    static func path(_ preset: String, _ origin: LoopbackServer, _ query: String) -> String {
        let encoded = origin.address("/photo.jpg").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "/render/\(preset)?url=\(encoded)&\(query)"
    }

    @Test func newParametersAreSignedLikeTheRest() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration(signed: true)) { server in
            let signer = RequestSigner(key: "s3cret")
            let signed = signer.sign(Self.path("sized", origin, "w=40&h=30&fp=0.2,0.8&rt=fit&el=0&ex=1"))
            #expect(try await server.get(signed).status == 200)
            for (from, to) in [("fp=0.2,0.8", "fp=0.8,0.2"), ("rt=fit", "rt=fill"), ("el=0", "el=1"), ("ex=1", "ex=0")] {
                let tampered = try await server.get(signed.replacingOccurrences(of: from, with: to))
                #expect(tampered.status == 403 && tampered.text.contains("invalid signature"), "\(to)")
            }
            let appended = try await server.get(signed + "&fp=0,0")
            #expect(appended.status == 403)
        }
    }

    @Test func sizingParametersNeedAPresetThatAllowsThem() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            for name in ["rt=fit", "el=1", "ex=0"] {
                let refused = try await server.get(Self.path("thumb", origin, "w=20&h=20&\(name)"))
                #expect(refused.status == 400, "\(name)")
                #expect(refused.text.contains("\(name.prefix(2)): this preset does not allow sizing"), "\(refused.text)")
            }
            let accepted = try await server.get(Self.path("sized", origin, "w=20&h=20&rt=fit&el=1&ex=1"))
            #expect(accepted.status == 200, "\(accepted.text)")
            // fp belongs to the image, not the design: every preset takes it.
            #expect(try await server.get(Self.path("thumb", origin, "w=20&h=20&fp=0.5,0.1")).status == 200)
        }
    }

    @Test(arguments: [
        ("w=20&h=20&fp=2,2", "fp=2,2: expected X,Y"), ("w=0&h=0", "missing parameter w or h"),
        ("w=20&rt=cover", "rt=cover: expected fit, fill, fill-down or force"), ("w=20&el=true", "el=true: expected 0 or 1")
    ])
    func badValuesAre400NamingTheParameter(query: String, message: String) async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            let reply = try await server.get(Self.path("sized", origin, query))
            #expect(reply.status == 400 && reply.text.contains(message), "\(reply.text)")
        }
    }

    @Test func anOpenSideBeyondTheLimitsIs400() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        // The photo is 96×64 pt: w=4000 makes h 2667 pt, 10.7 Mpx at scale 1 but 42.7 Mpx at scale 2.
        try await TestServer.with(Self.configuration()) { server in
            let reply = try await server.get(Self.path("sized", origin, "w=4000&scale=2"))
            #expect(reply.status == 400 && reply.text.contains("the limit is 16000000"), "\(reply.text)")
        }
    }

    /// `w` alone follows the photo's (96×64 pt) aspect ratio whatever the
    /// resizing type, `force` included (imgproxy's would keep 64).
    @Test func anOpenSideFollowsTheAspectRatioUnderEveryResizingType() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            for type in RenderParameters.ResizingType.allCases {
                let reply = try await server.get(Self.path("sized", origin, "w=48&rt=\(type.rawValue)&format=png"))
                let image = try PNGCodec.decode(reply.body)
                #expect(reply.status == 200 && (image.width, image.height) == (48, 32), "rt=\(type.rawValue): \(image.width)x\(image.height)")
            }
        }
    }

    @Test func theETagFollowsTheSizingParameters() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(Self.configuration()) { server in
            let fit = try await server.get(Self.path("sized", origin, "w=40&h=20&rt=fit&format=png"))
            let fill = try await server.get(Self.path("sized", origin, "w=40&h=20&rt=fill&format=png"))
            #expect(fit.status == 200 && fill.status == 200)
            #expect(fit.header("ETag") != nil && fit.header("ETag") != fill.header("ETag"))
            // The same parameters, the same bytes and tag (a cache may answer with them).
            let again = try await server.get(Self.path("sized", origin, "w=40&h=20&rt=fit&format=png"))
            #expect(again.header("ETag") == fit.header("ETag") && again.body == fit.body)
        }
    }
}
