import Foundation
import Vignette
import VignetteServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `RenderService` listening on a free 127.0.0.1 port, and a client for it.
struct TestServer: Sendable {
    let service: RenderService
    let running: RunningService

    static func start(_ configuration: ServerConfiguration, presets: Presets = Presets()) async throws -> TestServer {
        let service = try RenderService(configuration: configuration, presets: presets)
        let running = try await RunningService.start { onRunning in
            service.application(host: "127.0.0.1", port: 0, onServerRunning: onRunning)
        }
        return TestServer(service: service, running: running)
    }

    /// Runs `body` against a fresh server, then drains and stops it.
    static func with<T>(
        _ configuration: ServerConfiguration, presets: Presets = Presets(),
        _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let server = try await start(configuration, presets: presets)
        do {
            let result = try await body(server)
            try await server.running.stop()
            return result
        } catch {
            try? await server.running.stop()
            throw error
        }
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await HTTPReply.get("http://127.0.0.1:\(running.port)\(path)", headers: headers)
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
        // Generous: the whole suite shares two cores and starved handlers must not turn into 502s.
        configuration.limits.sourceTimeout = .seconds(60)
        edit(&configuration)
        return configuration
    }
}
