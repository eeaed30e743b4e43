#if Vapor
    import Foundation
    import NIOCore
    import Testing
    import Vapor
    import VaporTesting
    import Vignette
    import VignetteServer
    import VignetteTestSupport
    import VignetteVapor

    /// `RenderedImage` and `Request.renderImage` from an app's own routes:
    /// the format from `Accept`, the ETag and its 304, the caller's
    /// `Cache-Control`, the failure placeholder's status.
    @Suite(.timeLimit(.minutes(30))) struct RenderedImageTests {
        static let bitmap = Bitmap(width: 12, height: 8, fill: Color(red: 10, green: 120, blue: 200, alpha: 255))

        @Test func aBitmapFromARouteIsNegotiatedTaggedAndRevalidated() async throws {
            try await withApp { app in
                app.get("badge") { _ in RenderedImage(Self.bitmap, cacheControl: "public, max-age=86400") }
                app.get("badge.png") { _ in RenderedImage(Self.bitmap, format: .png) }
                let tester = try app.testing()
                let webp = try await tester.sendRequest(.GET, "/badge", headers: ["Accept": "image/webp,*/*"])
                #expect(webp.status == .ok && webp.headers.first(name: .contentType) == "image/webp")
                #expect(webp.headers.first(name: .cacheControl) == "public, max-age=86400")
                #expect(webp.headers.first(name: .vary) == "Accept")
                let expected = RenderReply.image(Self.bitmap, accept: "image/webp,*/*", ifNoneMatch: nil)
                #expect(Data(buffer: webp.body) == expected.body && webp.headers.first(name: .eTag) == expected.header("ETag"))
                #expect(try Bitmap(decoding: Data(buffer: webp.body)).width == 12)
                let etag = try #require(webp.headers.first(name: .eTag))
                let again = try await tester.sendRequest(.GET, "/badge", headers: ["Accept": "image/webp", "If-None-Match": etag])
                #expect(again.status == .notModified && again.body.readableBytes == 0)
                let jpeg = try await tester.sendRequest(.GET, "/badge")
                #expect(jpeg.headers.first(name: .contentType) == "image/jpeg" && jpeg.headers.first(name: .eTag) != etag)
                let png = try await tester.sendRequest(.GET, "/badge.png", headers: ["Accept": "image/webp"])
                #expect(png.headers.first(name: .contentType) == "image/png")
                #expect(png.headers.first(name: .vary) == nil && png.headers.first(name: .cacheControl) == nil)
            }
        }

        @Test func renderImageLoadsThroughTheAppsPipelineAndAnswersFailuresAsTheService() async throws {
            let origin = try LoopbackServer(png: Fixtures.iconPNG)
            defer { origin.stop() }
            let pipeline = ImagePipeline(loader: CurlDataLoader())
            try await withApp { app in
                app.imagePipeline = pipeline
                app.get("photo", "**") { request async throws -> RenderedImage in
                    #expect(request.imagePipeline === pipeline)
                    let url = origin.url("/" + request.parameters.getCatchall().joined(separator: "/"))
                    return try await request.renderImage(
                        ImageDescriptor(url, contentMode: .aspectFill), size: Size(width: 20, height: 10), scale: 2,
                        cacheControl: "public, max-age=60")
                }
                let tester = try app.testing()
                let photo = try await tester.sendRequest(.GET, "/photo/photo.jpg")
                #expect(photo.status == .ok && photo.headers.first(name: .contentType) == "image/jpeg")
                let image = try Bitmap(decoding: Data(buffer: photo.body))
                #expect((image.width, image.height) == (40, 20))
                #expect(origin.requests(to: "/photo.jpg") == 1)
                let missing = try await tester.sendRequest(.GET, "/photo/status/404")
                #expect(missing.status == .notFound && missing.headers.first(name: .cacheControl) == "no-store")
                #expect(missing.headers.first(name: "X-Vignette-Error") != nil)
                let broken = try await tester.sendRequest(.GET, "/photo/status/500")
                #expect(broken.status == .badGateway && broken.body.readableBytes > 0)
            }
        }
    }
#endif
