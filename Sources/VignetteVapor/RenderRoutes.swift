// Vapor is resolved and built only under the Vapor trait (Package.swift).
#if Vapor
    import Foundation
    import Vapor
    import Vignette
    import VignetteServer

    /// A `RenderService`'s routes — `GET render/:preset`, `info`, `health`
    /// and `metrics` — as a Vapor route collection, answered by the same
    /// framework-neutral core as the Hummingbird router: same statuses,
    /// headers, ETags, `304` and `Vary`.
    ///
    /// ```swift
    /// try app.grouped("images").register(collection: RenderRoutes(service))   // /images/render/thumb?…
    /// ```
    public struct RenderRoutes: RouteCollection, Sendable {
        /// The service every route answers through.
        package let service: RenderService

        /// The routes of `service`.
        public init(_ service: RenderService) {
            self.service = service
        }

        /// Mounts the routes on `routes` (the app, or a group under a prefix).
        public func boot(routes: any RoutesBuilder) throws {
            let service = service
            for endpoint in RenderService.Endpoint.allCases {
                routes.get(endpoint.path.map { PathComponent(stringLiteral: $0) }) { request async -> Response in
                    let reply = await service.reply(
                        to: endpoint, target: request.url.string, preset: request.parameters.get("preset"),
                        accept: request.headers.joined(.accept), ifNoneMatch: request.headers.joined(.ifNoneMatch))
                    return Response(reply)
                }
            }
        }
    }

    extension Response {
        /// `reply` as a Vapor response: its status, its header fields in
        /// order, its body.
        ///
        /// ```swift
        /// app.get("thumb") { request async -> Response in
        ///     Response(await service.render(target: request.url.string, preset: "thumb",
        ///                                   accept: request.headers.first(name: .accept), ifNoneMatch: nil))
        /// }
        /// ```
        public convenience init(_ reply: RenderReply) {
            var headers = HTTPHeaders()
            for (name, value) in reply.headers { headers.add(name: name, value: value) }
            self.init(status: HTTPResponseStatus(statusCode: reply.status), headers: headers, body: Response.Body(data: reply.body))
        }
    }

    extension HTTPHeaders {
        /// Every value of `name`, comma-joined as one field (nil when absent),
        /// as Hummingbird's `HTTPFields` subscript reads it.
        func joined(_ name: Name) -> String? {
            let values = self[name]
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }
#endif
