import Foundation
import InMemoryTracing
import Testing
import Tracing
import Vignette
import VignetteServer
import VignetteTestSupport

/// The spans of a render through the server (swift-distributed-tracing),
/// recorded by an in-memory tracer given to this service alone.
@Suite(.timeLimit(.minutes(30))) struct TracingTests {
    @Test func aRenderIsOneTreeOfSpansThatNeverNamesTheQuery() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let tracer = InMemoryTracer()
        let service = try RenderService(configuration: .testing(), tracer: tracer)
        let source = origin.address("/photo.jpg?signature=s3cr3t")
        try await TestServer.with(service: service) { server in
            let status = try await server.render("thumb", source: source, w: 10, h: 10).status
            #expect(status == 200)
        }
        let tree = SpanTree(tracer.popFinishedSpans())
        #expect(
            tree.outline == [
                "vignette.request", "  vignette.encode", "  vignette.load", "    vignette.decode", "    vignette.fetch",
                "  vignette.render"
            ])
        let host = "http://127.0.0.1:\(origin.port)"
        #expect(tree["vignette.request"]?.get("vignette.preset") == "thumb")
        #expect(tree["vignette.request"]?.get("http.response.status_code") == 200)
        #expect(tree["vignette.load"]?.get("vignette.cache") == "miss")
        #expect(tree["vignette.load"]?.get("server.address") == .string(host))
        #expect(tree["vignette.fetch"]?.get("vignette.source") == "network")
        #expect(tree["vignette.fetch"]?.get("server.address") == .string(host))
        #expect(tree["vignette.decode"]?.get("vignette.format") == "jpeg")
        #expect(tree["vignette.decode"]?.get("image.width") != nil)
        #expect(tree["vignette.decode"]?.get("vignette.bytes") != nil)
        #expect(tree["vignette.render"]?.get("image.width") == 10)
        #expect(tree["vignette.encode"]?.get("vignette.format") != nil)
        #expect(tree["vignette.encode"]?.get("vignette.bytes") != nil)
        #expect(tree.everyValue.allSatisfy { !$0.contains("s3cr3t") && !$0.contains("photo.jpg") }, "\(tree.everyValue)")
    }

    @Test func anAnimatedRenderIsEncodedInItsOwnSpan() async throws {
        let origin = try LoopbackServer(png: AnimationEndpointTests.gif)
        defer { origin.stop() }
        let tracer = InMemoryTracer()
        let service = try RenderService(configuration: AnimationEndpointTests.configuration(), tracer: tracer)
        try await TestServer.with(service: service) { server in
            let reply = try await server.render(
                "sticker", source: origin.address("/ok.png"), w: 16, h: 12, headers: AnimationEndpointTests.browser)
            #expect(reply.status == 200 && reply.header("Content-Type") == "image/webp")
        }
        let tree = SpanTree(tracer.popFinishedSpans())
        #expect(tree.outline.contains("  vignette.encode"), "\(tree.outline)")
        #expect(tree["vignette.encode"]?.get("vignette.format") == "webp")
        #expect(tree["vignette.encode"]?.get("vignette.bytes") != nil)
    }

    @Test func aMemoryHitIsALoadWithoutFetchOrDecode() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let tracer = InMemoryTracer()
        let service = try RenderService(configuration: .testing(), tracer: tracer)
        try await TestServer.with(service: service) { server in
            _ = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
            tracer.clearFinishedSpans()
            _ = try await server.render("thumb", source: origin.address("/photo.jpg"), w: 10, h: 10)
        }
        let tree = SpanTree(tracer.popFinishedSpans())
        #expect(tree.outline == ["vignette.request", "  vignette.encode", "  vignette.load", "  vignette.render"])
        #expect(tree["vignette.load"]?.get("vignette.source") == "memory")
        #expect(tree["vignette.load"]?.get("vignette.cache") == "hit")
    }

    @Test func aStaleDiskCopyIsRevalidatedInsideTheFetch() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vignette-trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ServerConfiguration.testing { $0.cacheDir = folder.path }
        try await TestServer.with(configuration) { server in  // stores the copy, which says no-cache
            let status = try await server.render("thumb", source: origin.address("/etag/a.png"), w: 10, h: 10).status
            #expect(status == 200)
            await server.service.pipeline.configuration.diskCache?.flush()
        }
        let tracer = InMemoryTracer()
        try await TestServer.with(service: try RenderService(configuration: configuration, tracer: tracer)) { server in
            let status = try await server.render("thumb", source: origin.address("/etag/a.png"), w: 10, h: 10).status
            #expect(status == 200)
        }
        let tree = SpanTree(tracer.popFinishedSpans())
        #expect(tree.outline.contains("      vignette.revalidate"), "\(tree.outline)")
        #expect(tree["vignette.revalidate"]?.get("http.response.status_code") == 304)
        #expect(tree["vignette.fetch"]?.get("vignette.source") == "revalidated")
        #expect(tree["vignette.fetch"]?.get("vignette.cache") == "hit")
    }

    @Test func aFailedFetchMarksItsSpansWithTheErrorType() async throws {
        let origin = try LoopbackServer(png: Fixtures.iconPNG)
        defer { origin.stop() }
        let tracer = InMemoryTracer()
        let service = try RenderService(configuration: .testing(), tracer: tracer)
        try await TestServer.with(service: service) { server in
            let status = try await server.render("thumb", source: origin.address("/status/404"), w: 10, h: 10).status
            #expect(status == 404)
        }
        let tree = SpanTree(tracer.popFinishedSpans())
        #expect(tree["vignette.fetch"]?.get("error.type") == "http_404")
        #expect(tree.spans["vignette.fetch"]?.status?.code == .error)
        #expect(tree["vignette.load"]?.get("error.type") == "http_404")
    }
}
