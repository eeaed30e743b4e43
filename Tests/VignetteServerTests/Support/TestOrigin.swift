import Foundation
import Hummingbird
import ServiceLifecycle
import Vignette
import VignetteTestSupport

/// An image origin on 127.0.0.1 for the render tests, on Hummingbird:
/// `/photo.jpg` (opaque 96×64), `/other.jpg` (the same, fresh for an
/// hour), `/alpha.png` (translucent), `/slow.jpg`
/// (after 400 ms), `/gate.jpg` (once the test opens the gate), `/status/<code>`, `/redirect?to=<url>` (302), and it
/// counts the requests each path receives.
final class TestOrigin: Sendable {
    static let photo = try! JPEGCodec().encode(TestImages.gradient(96, 64))
    static let alpha = try! PNGCodec.encode(Bitmap(width: 40, height: 40, fill: Color(red: 0, green: 0, blue: 255, alpha: 128)))

    private let counts: Locked<[String: Int]>
    private let gate: Locked<Bool>
    let server: RunningService

    private init(server: RunningService, counts: Locked<[String: Int]>, gate: Locked<Bool>) {
        self.server = server
        self.counts = counts
        self.gate = gate
    }

    /// Lets `/gate.jpg` answer.
    func openGate() { gate.withLock { $0 = true } }

    var port: Int { server.port }
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
    func requests(to path: String) -> Int { counts.withLock { $0[path] ?? 0 } }

    static func start() async throws -> TestOrigin {
        let counts = Locked<[String: Int]>([:])
        let gate = Locked(false)
        let router = Router()
        router.middlewares.add(CountingMiddleware(counts: counts))
        router.get("photo.jpg") { _, _ in Self.image(photo, "image/jpeg") }
        router.get("other.jpg") { _, _ in  // fresh for an hour: a disk cache may serve it without asking
            var response = Self.image(photo, "image/jpeg")
            response.headers[.cacheControl] = "max-age=3600"
            return response
        }
        router.get("alpha.png") { _, _ in Self.image(alpha, "image/png") }
        router.get("slow.jpg") { _, _ in
            try await Task.sleep(for: .milliseconds(400))
            return Self.image(photo, "image/jpeg")
        }
        router.get("gate.jpg") { _, _ in  // holds the response until the test opens the gate (10 s at most)
            for _ in 0..<2000 where !gate.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
            return Self.image(photo, "image/jpeg")
        }
        router.get("status/:code") { _, context in
            Response(status: .init(code: Int(context.parameters.get("code") ?? "") ?? 500))
        }
        router.get("redirect") { request, _ in
            let target = request.uri.queryParameters["to"].map(String.init) ?? "/"
            return Response(status: .found, headers: [.location: target])
        }
        let running = try await RunningService.start { onRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { await onRunning($0.localAddress?.port ?? 0) })
        }
        return TestOrigin(server: running, counts: counts, gate: gate)
    }

    static func image(_ data: Data, _ type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Counts requests by path.
struct CountingMiddleware<Context: RequestContext>: RouterMiddleware {
    let counts: Locked<[String: Int]>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        counts.withLock { $0[request.uri.path, default: 0] += 1 }
        return try await next(request, context)
    }
}

/// A Hummingbird application running in its own service group on a free
/// loopback port, until `stop()`.
final class RunningService: Sendable {
    let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.task = task
    }

    static func start<App: ApplicationProtocol>(
        _ make: (@escaping @Sendable (Int) async -> Void) -> App
    ) async throws -> RunningService {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = make { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: .init(label: "test")))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw CancellationError() }
        return RunningService(port: port, group: group, task: task)
    }

    /// Stops accepting, lets requests in flight finish, and waits for the end.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}
