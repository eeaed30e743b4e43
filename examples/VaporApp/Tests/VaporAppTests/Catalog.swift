#if Vapor
    import Foundation
    import NIOConcurrencyHelpers
    import Vapor
    import VaporApp
    import Vignette
    import VignetteServer

    /// A product catalog on 127.0.0.1: `/products/{name}.jpg` is an opaque
    /// 120×80 JPEG for `door.jpg`, else 404; it counts what it served.
    struct Catalog: Sendable {
        let port: Int
        private let counts: NIOLockedValueBox<[String: Int]>

        func url(_ name: String) -> URL { URL(string: "http://127.0.0.1:\(port)/products/\(name)")! }
        func requests(_ name: String) -> Int { counts.withLockedValue { $0[name] ?? 0 } }

        /// The app's settings for this catalog (a loopback host must be allowed explicitly).
        var settings: Settings {
            var settings = Settings(catalog: URL(string: "http://127.0.0.1:\(port)/products/")!)
            settings.service.allowPrivateNetworks = true
            return settings
        }

        static let door = try! Bitmap(width: 120, height: 80, fill: Color(red: 140, green: 90, blue: 40, alpha: 255)).encoded(
            as: .jpeg, options: EncodingOptions(quality: 90))

        /// Runs `body` while the catalog listens.
        static func serving(_ body: (Catalog) async throws -> Void) async throws {
            let app = try await Application.make(.testing)
            let counts = NIOLockedValueBox<[String: Int]>([:])
            app.http.server.configuration.hostname = "127.0.0.1"
            app.http.server.configuration.port = 0
            app.get("products", ":name") { request -> Response in
                let name = request.parameters.get("name") ?? ""
                counts.withLockedValue { $0[name, default: 0] += 1 }
                guard name == "door.jpg" else { return Response(status: .notFound) }
                return Response(status: .ok, headers: ["Content-Type": "image/jpeg"], body: .init(data: door))
            }
            do {
                try await app.server.start(address: nil)
                guard let port = app.http.server.shared.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
                try await body(Catalog(port: port, counts: counts))
            } catch {
                await app.server.shutdown()
                try? await app.asyncShutdown()
                throw error
            }
            await app.server.shutdown()
            try await app.asyncShutdown()
        }
    }
#endif
