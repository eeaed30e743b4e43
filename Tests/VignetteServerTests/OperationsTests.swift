import Foundation
import Testing
import VignetteServer
import VignetteTestSupport

@testable import Vignette

/// Overload, graceful drain, coalescing and `/metrics`. Requests reach the
/// service through the router in process, except for the drain, which is
/// about the listening socket. The origin holds its responses at gates the
/// test opens, so no outcome depends on how fast the machine is.
@Suite(.timeLimit(.minutes(30))) struct OperationsTests {
    @Test func overloadBeyondTheQueueIs503WithRetryAfter() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let configuration = ServerConfiguration.testing {
            $0.maxConcurrentRequests = 1
            $0.maxQueue = 1
        }
        try await TestServer.with(configuration) { server in
            try await withThrowingTaskGroup(of: HTTPReply.self) { group in
                for index in 0..<4 {  // distinct sources: no coalescing; the first holds the slot at the gate
                    group.addTask { try await server.render("thumb", source: origin.address("/gate/overload?\(index)"), w: 10, h: 10) }
                }
                // One runs (held at the origin), one queues: the other two are refused at once.
                for _ in 0..<2 {
                    let reply = try #require(try await group.next())
                    #expect(reply.status == 503, "\(reply.status) \(reply.text)")
                    #expect(reply.header("Retry-After") == "1")
                    #expect(reply.text.contains("overloaded"))
                }
                origin.open(gate: "overload")
                let served = try await group.reduce(into: []) { $0.append($1.status) }
                #expect(served == [200, 200])
            }
        }
    }

    @Test func drainingFinishesTheRequestInFlight() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let server = try await TestServer.listening(.testing())
        let running = try #require(server.running)
        let inFlight = Task { try await server.render("thumb", source: origin.address("/gate/drain"), w: 10, h: 10) }
        // The request is in the service (its fetch reached the origin) when the drain begins.
        #expect(await origin.until { origin.requests(to: "/gate/drain") == 1 })
        await running.group.triggerGracefulShutdown()
        origin.open(gate: "drain")
        let reply = try await inFlight.value
        try await running.task.value  // returns only once the server has stopped
        #expect(reply.status == 200)
        #expect(try Bitmap(decoding: reply.body).width == 10)
        await #expect(throws: (any Error).self) { try await server.get("/health") }
    }

    @Test func concurrentRequestsForOneSourceShareOneFetch() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            let requests = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for size in 20..<26 {
                        group.addTask { try await server.render("thumb", source: origin.address("/gate/shared"), w: size, h: size).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            // The transfer is held at the origin until the five later requests have joined it.
            let pipeline = server.service.pipeline
            #expect(await pipeline.until { pipeline.coalescedTransferCount >= 5 })
            origin.open(gate: "shared")
            #expect(try await requests.value == Array(repeating: 200, count: 6))
            #expect(origin.requests(to: "/gate/shared") == 1)
            let metrics = try await server.get("/metrics").text
            #expect(Self.value(metrics, "vignette_coalesced_waiters_total") == 5, "\(metrics)")
        }
    }

    @Test func metricsCountRequestsDurationsCachesAndQueue() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        try await TestServer.with(.testing()) { server in
            _ = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            _ = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            _ = try await server.render("thumb", source: origin.address("/status/404"), w: 10, h: 10)
            _ = try await server.get("/render/nope?w=1")
            let reply = try await server.get("/metrics")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = reply.text
            #expect(Self.value(text, #"vignette_requests_total{preset="thumb",status="200"}"#) == 2)
            #expect(Self.value(text, #"vignette_requests_total{preset="thumb",status="404"}"#) == 1)
            #expect(Self.value(text, #"vignette_requests_total{preset="(unknown)",status="404"}"#) == 1)
            #expect(Self.value(text, "vignette_render_duration_seconds_count") == 3)
            #expect(Self.value(text, "vignette_fetch_duration_seconds_count") == 2)
            #expect(Self.value(text, #"vignette_cache_hits_total{cache="memory"}"#) == 1)
            #expect(Self.value(text, "vignette_cache_misses_total") == 1)
            #expect(Self.value(text, "vignette_queue_depth") == 0)
            #expect(text.contains(#"vignette_render_duration_seconds_bucket{le="+Inf"} 3"#))
        }
    }

    /// The number on the line that starts with `series `.
    static func value(_ exposition: String, _ series: String) -> Double? {
        exposition.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
