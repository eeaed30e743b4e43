import Foundation
import Vignette

extension RenderService {
    /// One of the service's `GET` endpoints. Every router (Hummingbird's
    /// `addRoutes(to:prefix:)`, VignetteVapor's `RenderRoutes`) mounts the
    /// same list and answers each through ``RenderService/reply(to:target:preset:accept:ifNoneMatch:)``,
    /// so they behave the same.
    public enum Endpoint: String, CaseIterable, Sendable {
        /// `GET render/:preset?url=…&w=…&h=…`: a source through a preset.
        case render
        /// `GET info?url=…`: the source's `ImageInfo` as JSON.
        case info
        /// `GET health`: `200 ok` while serving.
        case health
        /// `GET metrics`: the Prometheus text exposition.
        case metrics

        /// The path under the mount point; `:preset` is a parameter in
        /// both routers' syntax.
        public var path: [String] { self == .render ? ["render", ":preset"] : [rawValue] }
    }

    /// The reply to a `GET` of `endpoint`, framework-neutral: `target` is the
    /// raw request target (path and percent-encoded query, what a signature
    /// covers), `preset` the `:preset` path parameter, `accept` and
    /// `ifNoneMatch` the request's headers (all their values, comma-joined).
    ///
    /// ```swift
    /// let reply = await service.reply(to: .health, target: "/health", preset: nil, accept: nil, ifNoneMatch: nil)
    /// reply.status  // 200
    /// ```
    public func reply(to endpoint: Endpoint, target: String, preset: String?, accept: String?, ifNoneMatch: String?) async -> RenderReply {
        switch endpoint {
        case .render:
            return await render(target: target, preset: preset ?? "", accept: accept, ifNoneMatch: ifNoneMatch)
        case .info:
            return await info(target: target, ifNoneMatch: ifNoneMatch)
        case .health:
            return RenderReply.text(200, "ok")
        case .metrics:
            metrics.setCoalesced(total: pipeline.coalescedTransferCount)
            guard let exposition = metrics.exposition() else {
                return RenderReply.text(404, "metrics go to the application's swift-metrics backend")
            }
            var reply = RenderReply.text(200, "")
            reply.headers[0].value = "text/plain; version=0.0.4; charset=utf-8"
            reply.body = Data(exposition.utf8)
            return reply
        }
    }
}
