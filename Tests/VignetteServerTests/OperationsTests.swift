import Foundation
import Testing
import Vignette
import VignetteServer

/// Overload, graceful drain, coalescing and `/metrics` over real HTTP.
@Suite struct OperationsTests {
    @Test func overloadBeyondTheQueueIs503WithRetryAfter() async throws {
        let origin = try await TestOrigin.start()
        let configuration = ServerConfiguration.testing {
            $0.maxConcurrentRequests = 1
            $0.maxQueue = 1
        }
        try await TestServer.with(configuration) { server in
            let replies = try await withThrowingTaskGroup(of: HTTPReply.self) { group in
                for index in 0..<4 {  // distinct sources: no coalescing, each holds its slot 400 ms
                    group.addTask { try await server.render("thumb", source: origin.url("/slow.jpg?\(index)"), w: 10, h: 10) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = replies.map(\.status).sorted()
            #expect(statuses == [200, 200, 503, 503], "\(statuses)")
            for reply in replies where reply.status == 503 {
                #expect(reply.header("Retry-After") == "1")
                #expect(reply.text.contains("overloaded"))
            }
        }
        try await origin.server.stop()
    }

    @Test func drainingFinishesTheRequestInFlight() async throws {
        let origin = try await TestOrigin.start()
        let server = try await TestServer.start(.testing())
        let inFlight = Task { try await server.render("thumb", source: origin.url("/slow.jpg"), w: 10, h: 10) }
        while server.service.admission.active == 0 { try await Task.sleep(for: .milliseconds(5)) }
        try await server.running.stop()  // returns only once the server has stopped
        let reply = try await inFlight.value
        #expect(reply.status == 200)
        #expect(try Bitmap(decoding: reply.body).width == 10)
        await #expect(throws: (any Error).self) { try await server.get("/health") }
        try await origin.server.stop()
    }

    @Test func concurrentRequestsForOneSourceShareOneFetch() async throws {
        let origin = try await TestOrigin.start()
        try await TestServer.with(.testing()) { server in
            let requests = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for size in 20..<26 {
                        group.addTask { try await server.render("thumb", source: origin.url("/gate.jpg"), w: size, h: size).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            // The transfer is held at the origin until the five later requests have joined it.
            for _ in 0..<1000 where server.service.pipeline.coalescedTransferCount < 5 {
                try await Task.sleep(for: .milliseconds(10))
            }
            origin.openGate()
            #expect(try await requests.value == Array(repeating: 200, count: 6))
            #expect(origin.requests(to: "/gate.jpg") == 1)
            let metrics = try await server.get("/metrics").text
            #expect(Self.value(metrics, "vignette_coalesced_waiters_total") == 5, "\(metrics)")
        }
        try await origin.server.stop()
    }

    @Test func metricsCountRequestsDurationsCachesAndQueue() async throws {
        let origin = try await TestOrigin.start()
        try await TestServer.with(.testing()) { server in
            _ = try await server.render("thumb", source: origin.url("/photo.jpg"), w: 10, h: 10)
            _ = try await server.render("thumb", source: origin.url("/photo.jpg"), w: 10, h: 10)
            _ = try await server.render("thumb", source: origin.url("/status/404"), w: 10, h: 10)
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
        try await origin.server.stop()
    }

    /// The number on the line that starts with `series `.
    static func value(_ exposition: String, _ series: String) -> Double? {
        exposition.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }
}
