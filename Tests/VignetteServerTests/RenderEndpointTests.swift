import Foundation
import Testing
import Vignette
import VignetteServer
import VignetteTestSupport

/// `/render/{preset}` through the router in process (sources on a loopback
/// origin): formats, sizes, caching
/// headers, 304, failure placeholders and the 4xx bodies.
@Suite(.timeLimit(.minutes(30))) struct RenderEndpointTests {
    @Test func rendersAnOpaqueSourceAsJPEGAtTheRequestedPixelSize() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let reply = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 50, h: 40, "&scale=2",
                headers: ["Accept": "image/avif,image/png,*/*"])
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "image/jpeg")
            #expect(reply.header("Vary") == "Accept")
            #expect(reply.header("Cache-Control") == "public, max-age=600")
            #expect(reply.header("ETag")?.hasPrefix("\"") == true)
            let image = try Bitmap(decoding: reply.body)
            #expect((image.width, image.height) == (100, 80))
        }
    }

    @Test func negotiatesWebPFromAcceptAndPNGForTranslucentOutput() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let webp = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 30, h: 30,
                headers: ["Accept": "image/webp,image/*;q=0.8"])
            #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp")
            #expect(try Bitmap(decoding: webp.body).width == 30)
            let refused = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 30, h: 30,
                headers: ["Accept": "image/webp;q=0, */*"])
            #expect(refused.header("Content-Type") == "image/jpeg")
            // aspectFit of a translucent source on no background: PNG keeps the alpha.
            let png = try await server.render("fit", source: origin.address("/alpha.png"), w: 20, h: 10)
            #expect(png.status == 200 && png.header("Content-Type") == "image/png")
            #expect(try Bitmap(decoding: png.body).isOpaque == false)
            let named = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 30, h: 30, "&format=png&q=90",
                headers: ["Accept": "image/webp"])
            #expect(named.header("Content-Type") == "image/png")
            #expect(named.header("Vary") == nil)
        }
    }

    @Test func ifNoneMatchGets304WithoutABody() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let first = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 64, h: 64)
            let etag = try #require(first.header("ETag"))
            let again = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 64, h: 64)
            #expect(again.header("ETag") == etag && again.body == first.body)
            let cached = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 64, h: 64,
                headers: ["If-None-Match": "\"other\", \(etag)"])
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(cached.header("ETag") == etag && cached.header("Cache-Control") == "public, max-age=600")
            let changed = try await server.render(
                "thumb", source: origin.address("/photo.jpg"), w: 65, h: 64,
                headers: ["If-None-Match": etag])
            #expect(changed.status == 200 && changed.header("ETag") != etag)
            #expect(origin.requests(to: "/photo.jpg") == 1)  // one fetch for every size
        }
    }

    @Test(arguments: [
        ("/status/404", 404), ("/status/410", 404), ("/status/503", 502), ("/status/500", 502),
        ("/status/403", 502)
    ])
    func aFailingSourceGetsThePlaceholderWithTheUpstreamMeaning(path: String, status: Int) async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let reply = try await server.render("thumb", source: origin.address(path), w: 40, h: 30, "&scale=2")
            #expect(reply.status == status)
            #expect(reply.header("Cache-Control") == "no-store")
            #expect(reply.header("X-Vignette-Error")?.contains("HTTP") == true)
            let image = try Bitmap(decoding: reply.body)
            #expect((image.width, image.height) == (80, 60))
            #expect(image.color(x: 0, y: 0) == .placeholderRed)
        }
    }

    @Test func aSourceThatIsNotAnImageIs502() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let reply = try await server.render("thumb", source: origin.address("/redirect?to=/status/200"), w: 10, h: 10)
            #expect(reply.status == 502)
            #expect(reply.header("Cache-Control") == "no-store")
        }
    }

    @Test(arguments: [
        ("/render/thumb?w=10&h=10", 400, "missing parameter url"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=0&h=0", 400, "missing parameter w or h"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=10&h=5000", 400, "h=5000: must be between 1 and 4096"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=ten&h=10", 400, "w=ten: expected a whole number"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=4000&h=4000&scale=2", 400, "the limit is 16000000"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=10&h=10&format=bmp", 400, "format=bmp: expected png, jpeg, webp, avif or gif"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=10&h=10&q=0", 400, "q=0: expected an integer 1-100"),
        ("/render/thumb?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=10&h=10&colour=red", 400, "unknown parameter colour"),
        ("/render/thumb?url=%3Anot%20a%20url&w=10&h=10", 400, "url=:not a url: expected an absolute http or https URL"),
        ("/render/thumb?url=file%3A%2F%2F%2Fetc%2Fpasswd&w=10&h=10", 403, "the file: scheme is not allowed"),
        ("/render/thumb?url=data%3Aimage%2Fpng%3Bbase64%2CAAAA&w=10&h=10", 403, "the data: scheme is not allowed"),
        ("/render/nope?url=http%3A%2F%2F127.0.0.1%2Fa.jpg&w=10&h=10", 404, "unknown preset 'nope' (presets: fit, thumb)")
    ])
    func badRequestsSayWhatIsWrong(path: String, status: Int, message: String) async throws {
        try await TestServer.with(.testing()) { server in
            let reply = try await server.get(path)
            #expect(reply.status == status)
            #expect(reply.text.contains(message), "\(reply.text)")
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
        }
    }

    @Test func negotiationReadsMediaRangesAndQValues() {
        #expect(ImageFormat.negotiate(accept: nil, isOpaque: true) == .jpeg)
        #expect(ImageFormat.negotiate(accept: nil, isOpaque: false) == .png)
        #expect(ImageFormat.negotiate(accept: "*/*", isOpaque: true) == .jpeg)
        #expect(ImageFormat.negotiate(accept: "image/avif, IMAGE/WEBP ; q=0.5", isOpaque: false) == .webp)
        #expect(ImageFormat.negotiate(accept: "image/webp;q=0.0, image/png", isOpaque: false) == .png)
        #expect(ImageFormat.negotiate(accept: "image/webpx", isOpaque: true) == .jpeg)
    }

    @Test func healthAnswers200() async throws {
        try await TestServer.with(.testing()) { server in
            let reply = try await server.get("/health")
            #expect(reply.status == 200 && reply.text == "ok\n")
        }
    }

    @Test func presetsRegisteredInSwiftUseTheAppsDescriptors() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        var presets = Presets()
        let red = Color(red: 255, green: 0, blue: 0)
        presets.register("tinted", maxAge: 60) { ImageDescriptor($0, contentMode: .scaleToFill, tint: red) }
        try await TestServer.with(.testing(), presets: presets) { server in
            let reply = try await server.render("tinted", source: origin.address("/photo.jpg"), w: 8, h: 8, "&format=png")
            #expect(reply.status == 200 && reply.header("Cache-Control") == "public, max-age=60")
            #expect(try Bitmap(decoding: reply.body).color(x: 4, y: 4) == red)
        }
    }
}
