import Foundation
import Hummingbird
import ServiceLifecycle

/// A Hummingbird application running in its own service group on a free
/// loopback port, until `stop()`: for the tests of the socket layer only
/// (a graceful drain); the others go through the router in process.
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
