#if Hummingbird
    import Foundation
    import HTTPTypes
    import Hummingbird
    import Logging
    import NIOCore
    import ServiceLifecycle

    extension RenderService {
        /// Mounts `GET /render/{preset}`, `GET /info`, `GET /health` and `GET /metrics` on
        /// a Hummingbird router (under `prefix`, e.g. `"images"`, if given).
        ///
        /// ```swift
        /// let router = Router()
        /// router.get("/") { _, _ in "my app" }
        /// service.addRoutes(to: router, prefix: "images")   // /images/render/thumb?…
        /// ```
        public func addRoutes<Context: RequestContext>(to router: Router<Context>, prefix: String = "") {
            let base = prefix.split(separator: "/").map(String.init)
            for endpoint in Endpoint.allCases {
                router.get(RouterPath((base + endpoint.path).joined(separator: "/"))) { request, context -> Response in
                    let reply = await self.reply(
                        to: endpoint, target: request.uri.string, preset: context.parameters.get("preset"),
                        accept: request.headers[.accept], ifNoneMatch: request.headers[.ifNoneMatch])
                    return Response(reply)
                }
            }
        }

        /// A Hummingbird application serving this service alone on `host:port`
        /// (port 0 picks a free one, reported to `onServerRunning`), accepting
        /// at most ``maxConnections`` connections at once (its
        /// ``connectionBudget(logger:)``). Run it with
        /// `runService()` (SIGTERM and SIGINT stop accepting, let requests in
        /// flight finish, then return) or inside your own `ServiceGroup`.
        public func application(
            host: String? = nil, port: Int? = nil, logger: Logger? = nil,
            onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
        ) -> some ApplicationProtocol {
            let router = Router()
            addRoutes(to: router)
            let logger = logger ?? Logger(label: "vignette.serve")
            return Application(
                router: router,
                configuration: ApplicationConfiguration(
                    address: .hostname(host ?? configuration.host, port: port ?? configuration.port),
                    serverName: "vignette", availableConnectionsDelegate: connectionBudget(logger: logger)),
                onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
                logger: logger)
        }
    }

    extension Response {
        /// The reply as a Hummingbird response.
        init(_ reply: RenderReply) {
            var fields = HTTPFields()
            for (name, value) in reply.headers {
                if let field = HTTPField.Name(name) { fields[field] = value }
            }
            self.init(
                status: HTTPResponse.Status(code: reply.status), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
    }
#endif
