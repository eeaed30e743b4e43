#if Vapor && Hummingbird
    import Foundation
    import HTTPTypes
    import Hummingbird
    import HummingbirdTesting
    import NIOCore
    import Vapor
    import VaporTesting
    import Vignette
    import VignetteServer
    import VignetteTestSupport
    import VignetteVapor

    /// A reply as the table compares it: status, the header fields an app
    /// sees (the transport's own — Date, Server, Content-Length, Connection
    /// — left out) with lowercased names, and the body's SHA-256.
    struct Observed: Equatable, Sendable, CustomStringConvertible {
        var status: Int
        var headers: [String: String]
        var bodyHash: String
        var body: Data

        static let transport: Set<String> = ["date", "server", "content-length", "connection"]

        init(status: Int, headers: [(String, String)], body: Data) {
            self.status = status
            var fields: [String: String] = [:]
            for (name, value) in headers where !Self.transport.contains(name.lowercased()) {
                fields[name.lowercased()] = fields[name.lowercased()].map { "\($0), \(value)" } ?? value
            }
            self.headers = fields
            self.body = body
            bodyHash = SHA256Digest.hex(body)
        }

        static func == (lhs: Observed, rhs: Observed) -> Bool {
            lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.bodyHash == rhs.bodyHash
        }

        var description: String { "\(status) \(headers.sorted { $0.key < $1.key }) body \(bodyHash.prefix(12))" }
    }

    /// Sends one `GET` (path with its query, and header fields) through a router in process.
    typealias Send = @Sendable (_ path: String, _ headers: [(String, String)]) async throws -> Observed

    /// The same service configuration behind each framework's router, in process.
    enum Routers {
        /// A fresh service mounted under `/images` on a Hummingbird router (`.router` test client).
        static func hummingbird<T: Sendable>(
            _ configuration: ServerConfiguration, presets: Presets = Presets(), _ body: @Sendable (Send) async throws -> T
        ) async throws -> T {
            let service = try RenderService(configuration: configuration, presets: presets)
            let router = Hummingbird.Router()
            service.addRoutes(to: router, prefix: "images")
            return try await Hummingbird.Application(router: router).test(.router) { client in
                try await body { path, headers in
                    var fields = HTTPFields()
                    for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
                    return try await client.execute(uri: path, method: .get, headers: fields) { response in
                        Observed(
                            status: response.status.code, headers: response.headers.map { ($0.name.canonicalName, $0.value) },
                            body: Data(buffer: response.body))
                    }
                }
            }
        }

        /// A fresh service mounted under `/images` on a Vapor app (in-memory tester).
        static func vapor<T: Sendable>(
            _ configuration: ServerConfiguration, presets: Presets = Presets(), _ body: @Sendable (Send) async throws -> T
        ) async throws -> T {
            let service = try RenderService(configuration: configuration, presets: presets)
            return try await withApp { app in
                try app.grouped("images").register(collection: RenderRoutes(service))
                let tester = try app.testing()
                return try await body { path, headers in
                    let response = try await tester.sendRequest(.GET, path, headers: HTTPHeaders(headers))
                    return Observed(
                        status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                        body: Data(buffer: response.body))
                }
            }
        }
    }

    extension ServerConfiguration {
        /// The tables' configuration: loopback sources allowed, two presets, a generous source timeout
        /// (two shared cores, never a clock the test depends on).
        static func table(signingKey: String? = nil) -> ServerConfiguration {
            var configuration = ServerConfiguration()
            configuration.allowPrivateNetworks = true
            configuration.signingKey = signingKey
            configuration.presets["thumb"] = PresetDefinition(contentMode: .aspectFill, background: .placeholderGray, maxAge: 600)
            configuration.presets["fit"] = PresetDefinition(contentMode: .aspectFit)
            configuration.limits.sourceTimeout = .seconds(120)
            return configuration
        }
    }
#endif
