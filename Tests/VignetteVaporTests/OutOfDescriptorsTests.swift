#if Vapor && Hummingbird
    import Foundation
    import HTTPTypes
    import Hummingbird
    import HummingbirdTesting
    import Testing
    import Vapor
    import VaporTesting
    import Vignette
    import VignetteServer
    import VignetteVapor

    /// A source fetch that found no free file descriptor
    /// (`ImageRequest.TransferError.ConnectionFailure.outOfDescriptors`) is a moment's
    /// state of this replica, not the source's fault: the Hummingbird router
    /// and VignetteVapor's routes, answering through the same core, both say
    /// `503` with `Retry-After: 1` and a body naming the cause, and count it
    /// in `vignette_requests_total` under status 503.
    @Suite(.timeLimit(.minutes(5))) struct OutOfDescriptorsTests {
        static let source = "http://127.0.0.1:9/photo.jpg".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        static let path = "/images/render/thumb?url=\(source)&w=20&h=20"

        /// A service whose every source fetch finds no descriptor, fetching once (no retry).
        static func service(_ loader: ExhaustedLoader) throws -> RenderService {
            var configuration = ServerConfiguration.table()
            configuration.sourceRetries = 0
            return try RenderService(configuration: configuration, loader: loader)
        }

        @Test func hummingbirdAnswers503WithRetryAfter() async throws {
            let loader = ExhaustedLoader()
            let service = try Self.service(loader)
            let router = Hummingbird.Router()
            service.addRoutes(to: router, prefix: "images")
            let (reply, metrics) = try await Hummingbird.Application(router: router).test(.router) { client in
                let get = { (path: String) in
                    try await client.execute(uri: path, method: .get) { response in
                        Observed(
                            status: response.status.code, headers: response.headers.map { ($0.name.canonicalName, $0.value) },
                            body: Data(buffer: response.body))
                    }
                }
                return (try await get(Self.path), try await get("/images/metrics"))
            }
            Self.check(reply, metrics: metrics, loads: loader.loads)
        }

        @Test func vaporAnswers503WithRetryAfter() async throws {
            let loader = ExhaustedLoader()
            let service = try Self.service(loader)
            let (reply, metrics) = try await withApp { app in
                try app.grouped("images").register(collection: RenderRoutes(service))
                let tester = try app.testing()
                let get = { (path: String) in
                    let response = try await tester.sendRequest(.GET, path)
                    return Observed(
                        status: Int(response.status.code), headers: response.headers.map { ($0.name, $0.value) },
                        body: Data(buffer: response.body))
                }
                return (try await get(Self.path), try await get("/images/metrics"))
            }
            Self.check(reply, metrics: metrics, loads: loader.loads)
        }

        static func check(_ reply: Observed, metrics: Observed, loads: Int) {
            #expect(loads == 1, "the source was fetched once")
            #expect(reply.status == 503, "\(reply)")
            #expect(reply.headers["retry-after"] == "1", "\(reply)")
            let text = String(decoding: reply.body, as: UTF8.self)
            #expect(text == "source not fetched: connection failed: no file descriptor left for a connection (too many open files); retry shortly\n")
            let exposition = String(decoding: metrics.body, as: UTF8.self)
            #expect(exposition.split(separator: "\n").contains(#"vignette_requests_total{preset="thumb",status="503"} 1"#), "\(exposition)")
        }
    }
#endif
