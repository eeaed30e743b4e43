#if Vapor
    import Foundation
    import NIOCore
    import Testing
    import Vapor
    import VaporApp
    import VaporTesting
    import Vignette
    import VignetteServer

    /// The app through VaporTesting, its photos from a second Vapor app
    /// listening on loopback (the catalog).
    @Suite(.timeLimit(.minutes(30))) struct VaporAppTests {
        @Test func aProductImageIsRenderedNegotiatedAndRevalidated() async throws {
            try await Catalog.serving { catalog in
                try await withApp(configure: { try configure($0, settings: catalog.settings) }) { app in
                    let tester = try app.testing()
                    let webp = try await tester.sendRequest(.GET, "/products/door/image", headers: ["Accept": "image/webp,*/*"])
                    #expect(webp.status == .ok && webp.headers.first(name: .contentType) == "image/webp")
                    #expect(webp.headers.first(name: .cacheControl) == "public, max-age=86400")
                    let image = try Bitmap(decoding: Data(buffer: webp.body))
                    #expect((image.width, image.height) == (600, 600) && image.isOpaque)
                    let etag = try #require(webp.headers.first(name: .eTag))
                    let again = try await tester.sendRequest(.GET, "/products/door/image", headers: ["Accept": "image/webp", "If-None-Match": etag])
                    #expect(again.status == .notModified)
                    #expect(catalog.requests("door.jpg") == 1)  // the second answer came from the memory cache
                }
            }
        }

        @Test func aMissingProductIsTheFailurePlaceholderAndABadIdIsRefused() async throws {
            try await Catalog.serving { catalog in
                try await withApp(configure: { try configure($0, settings: catalog.settings) }) { app in
                    let tester = try app.testing()
                    let missing = try await tester.sendRequest(.GET, "/products/nothing/image")
                    #expect(missing.status == .notFound && missing.headers.first(name: .cacheControl) == "no-store")
                    #expect(try Bitmap(decoding: Data(buffer: missing.body)).width == 600)
                    let hostile = try await tester.sendRequest(.GET, "/products/..%2Fsecret/image")
                    #expect(hostile.status == .badRequest && catalog.requests("secret.jpg") == 0)
                }
            }
        }

        @Test func theAvatarPresetIsServedUnderImages() async throws {
            try await Catalog.serving { catalog in
                try await withApp(configure: { try configure($0, settings: catalog.settings) }) { app in
                    let tester = try app.testing()
                    let source = catalog.url("door.jpg").absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                    let avatar = try await tester.sendRequest(.GET, "/images/render/avatar?url=\(source)&w=64&h=64&scale=2")
                    #expect(avatar.status == .ok && avatar.headers.first(name: .contentType) == "image/png")
                    let image = try Bitmap(decoding: Data(buffer: avatar.body))
                    #expect((image.width, image.height) == (128, 128))
                    #expect(image[0, 0].alpha == 0 && image[64, 64].alpha == 255)  // a circle: clear corners, opaque middle
                    let elsewhere = "https%3A%2F%2Fexample.org%2Fa.jpg"
                    let refused = try await tester.sendRequest(.GET, "/images/render/avatar?url=\(elsewhere)&w=64&h=64")
                    #expect(refused.status == .forbidden)
                    #expect(try await tester.sendRequest(.GET, "/images/health").status == .ok)
                }
            }
        }
    }
#endif
