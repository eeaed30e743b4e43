import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Vignette
import VignetteServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `RenderService` and a client for it: through Hummingbird's router in
/// process (`with`, no socket), or listening on a free 127.0.0.1 port
/// (`listening`, for the tests of the socket layer).
struct TestServer: Sendable {
    let service: RenderService
    /// The listening server; nil in process.
    let running: RunningService?
    private let send: @Sendable (_ path: String, _ headers: [String: String]) async throws -> HTTPReply

    /// Runs `body` against a fresh service through the router, in process
    /// (`app.test(.router)`): every request reaches the same routes as over
    /// HTTP, without a socket between the test and the service.
    static func with<T: Sendable>(
        _ configuration: ServerConfiguration, presets: Presets = Presets(),
        _ body: @Sendable (TestServer) async throws -> T
    ) async throws -> T {
        try await with(service: RenderService(configuration: configuration, presets: presets), body)
    }

    /// `with(_:presets:_:)` for a service the test made (its own metrics, logger or tracer).
    static func with<T: Sendable>(service: RenderService, _ body: @Sendable (TestServer) async throws -> T) async throws -> T {
        let router = Router()
        service.addRoutes(to: router)
        return try await Application(router: router).test(.router) { client in
            try await body(
                TestServer(service: service, running: nil) { path, headers in
                    var fields = HTTPFields()
                    for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
                    return try await client.execute(uri: path, method: .get, headers: fields) { HTTPReply($0) }
                })
        }
    }

    /// A fresh service listening on a free loopback port, until `running.stop()`.
    static func listening(_ configuration: ServerConfiguration, presets: Presets = Presets()) async throws -> TestServer {
        let service = try RenderService(configuration: configuration, presets: presets)
        let running = try await RunningService.start { onRunning in
            service.application(host: "127.0.0.1", port: 0, onServerRunning: onRunning)
        }
        return TestServer(service: service, running: running) { path, headers in
            try await HTTPReply.get("http://127.0.0.1:\(running.port)\(path)", headers: headers)
        }
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send(path, headers)
    }

    /// `/render/{preset}?url=…&w=…&h=…` plus `extra` (already encoded).
    func render(
        _ preset: String, source: String, w: Int, h: Int, _ extra: String = "",
        headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        try await get(Self.renderPath(preset, source: source, w: w, h: h, extra), headers: headers)
    }

    static func renderPath(_ preset: String, source: String, w: Int, h: Int, _ extra: String = "") -> String {
        let encoded = source.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? source
        return "/render/\(preset)?url=\(encoded)&w=\(w)&h=\(h)\(extra)"
    }
}

/// A response as the tests read it.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A reply from the router, in process.
    init(_ response: TestResponse) {
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name.canonicalName] = field.value }
        self.init(status: response.status.code, headers: fields, body: Data(response.body.readableBytesView))
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.timeoutIntervalForRequest = 120
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration)
    }()

    static func get(_ address: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        var request = URLRequest(url: URL(string: address)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }
}

extension ServerConfiguration {
    /// A configuration for tests: loopback origins allowed unless told
    /// otherwise, one preset `thumb` (aspectFill, grey background).
    static func testing(_ edit: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.allowPrivateNetworks = true
        configuration.presets["thumb"] = PresetDefinition(contentMode: .aspectFill, background: .placeholderGray, maxAge: 600)
        configuration.presets["fit"] = PresetDefinition(contentMode: .aspectFit)
        // A ceiling for a hung origin only: the whole suite shares two cores
        // (or a sanitizer slows it tenfold) and starved handlers must not turn into 502s.
        configuration.limits.sourceTimeout = .seconds(120)
        edit(&configuration)
        return configuration
    }
}
