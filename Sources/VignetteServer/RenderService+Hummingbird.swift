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
        let base = prefix.split(separator: "/").joined(separator: "/")
        let path = { (tail: String) in RouterPath(base.isEmpty ? tail : "\(base)/\(tail)") }
        router.get(path("render/:preset")) { request, context -> Response in
            let name = context.parameters.get("preset") ?? ""
            let reply = await self.render(
                target: request.uri.string, preset: name,
                accept: request.headers[.accept], ifNoneMatch: request.headers[.ifNoneMatch])
            return Response(reply)
        }
        router.get(path("info")) { request, _ -> Response in
            Response(await self.info(target: request.uri.string, ifNoneMatch: request.headers[.ifNoneMatch]))
        }
        router.get(path("health")) { _, _ -> Response in
            Response(RenderReply.text(200, "ok"))
        }
        router.get(path("metrics")) { _, _ -> Response in
            self.metrics.setCoalesced(total: self.pipeline.coalescedTransferCount)
            guard let exposition = self.metrics.exposition() else {
                return Response(RenderReply.text(404, "metrics go to the application's swift-metrics backend"))
            }
            var reply = RenderReply.text(200, "")
            reply.headers[0].value = "text/plain; version=0.0.4; charset=utf-8"
            reply.body = Data(exposition.utf8)
            return Response(reply)
        }
    }

    /// A Hummingbird application serving this service alone on `host:port`
    /// (port 0 picks a free one, reported to `onServerRunning`). Run it with
    /// `runService()` (SIGTERM and SIGINT stop accepting, let requests in
    /// flight finish, then return) or inside your own `ServiceGroup`.
    public func application(
        host: String? = nil, port: Int? = nil, logger: Logger? = nil,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        addRoutes(to: router)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host ?? configuration.host, port: port ?? configuration.port),
                serverName: "vignette"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger ?? Logger(label: "vignette.serve"))
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
