#if Vapor
    import Foundation
    import Vapor
    import Vignette
    import VignetteServer
    import VignetteVapor

    /// What the app needs to know: where product photos live, and the
    /// render service's settings (hosts it may fetch from, signing key…).
    public struct Settings: Sendable {
        /// The folder of product photos: `/products/{id}/image` shows `{id}.jpg` from it.
        public var catalog: URL
        /// The render service's configuration; its `allowHosts` should name the catalog's host.
        public var service: ServerConfiguration

        /// Settings for a catalog; the service may fetch from its host only.
        public init(catalog: URL, service: ServerConfiguration = ServerConfiguration()) {
            self.catalog = catalog
            self.service = service
            if self.service.allowHosts.isEmpty, let host = catalog.host().flatMap(HostPattern.init) {
                self.service.allowHosts = [host]
            }
        }

        /// From the environment: `CATALOG_URL` (default a placeholder CDN) and
        /// `VIGNETTE_SIGNING_KEY` (unsigned render URLs when unset).
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Settings {
            let catalog = environment["CATALOG_URL"].flatMap(URL.init(string:)) ?? URL(string: "https://cdn.example.com/products/")!
            var settings = Settings(catalog: catalog)
            settings.service.signingKey = environment["VIGNETTE_SIGNING_KEY"]
            return settings
        }
    }

    /// Sets up the app: the render service under `/images` with the `avatar`
    /// and `productImage` presets, and `/products/{id}/image` rendered by the
    /// app's own route through the same pipeline.
    public func configure(_ app: Application, settings: Settings) throws {
        var presets = Presets()
        presets.register("avatar", maxAge: 86400, formats: [.webp, .png]) { .avatar($0) }
        presets.register("productImage", maxAge: 86400) { .productImage($0) }
        let service = try RenderService(configuration: settings.service, presets: presets)
        app.imagePipeline = service.pipeline
        try app.grouped("images").register(collection: RenderRoutes(service))
        app.get { _ in "VaporApp: GET /products/{id}/image, GET /images/render/avatar?url=…&w=64&h=64\n" }
        app.get("products", ":id", "image") { request async throws -> RenderedImage in
            let id = request.parameters.get("id") ?? ""
            // A stranger writes this path: letters, digits, '-' and '_' only, never a path of its own.
            guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else { throw Abort(.badRequest, reason: "product id: 1-64 letters, digits, '-' or '_'") }
            return try await request.renderImage(
                .productImage(settings.catalog.appendingPathComponent("\(id).jpg")), size: Size(width: 300, height: 300),
                scale: 2, cacheControl: "public, max-age=86400")
        }
    }
#endif
