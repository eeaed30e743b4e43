import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette
@testable import VignetteServer

/// `maxConcurrentRenders`: the render slots and the pipeline's decode
/// slots, read from the file; a large render waits for a slot and runs on
/// the render threads, a small one does neither. The test holds the slots
/// itself and waits on the gate's own signal, never the clock.
@Suite(.timeLimit(.minutes(30))) struct RenderSlotsTests {
    static let icon = URL(string: "http://127.0.0.1:9/icon.png")!

    @Test func theDefaultIsTheCoreCountForRendersAndDecodes() throws {
        let service = try RenderService(configuration: ServerConfiguration(yaml: ""))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(service.configuration.maxConcurrentRenders == cores)
        #expect(service.renderSlots.limit == cores && service.pipeline.configuration.maxConcurrentDecodes == cores)
    }

    @Test func theFileSetsBoth() throws {
        let service = try RenderService(configuration: ServerConfiguration(yaml: "maxConcurrentRenders: 3"))
        #expect(service.renderSlots.limit == 3 && service.pipeline.configuration.maxConcurrentDecodes == 3)
        #expect(service.pipeline.decodeStage.slots.limit == 3)
    }

    @Test func wrongValuesNameTheKey() {
        for yaml in ["maxConcurrentRenders: 0", "maxConcurrentRenders: many", "maxConcurrentRenders: 5000"] {
            do {
                _ = try ServerConfiguration(yaml: yaml)
                Issue.record("\(yaml) was accepted")
            } catch {
                #expect("\(error)".contains("maxConcurrentRenders"), "\(error)")
            }
        }
    }

    @Test func aLargeRenderWaitsForASlotASmallOneDoesNot() async throws {
        let service = try RenderService(
            configuration: .testing { $0.maxConcurrentRenders = 1 }, loader: FixtureLoader([Self.icon: Fixtures.iconPNG]))
        let slots = service.renderSlots
        try await slots.acquire(.normal)
        // 1100 × 1000 px of output: over 1 Mpx, so it waits.
        let large = Task { await render(service, width: 1100, height: 1000) }
        #expect(await slots.untilWaiting(1))
        // Every slot taken and a large render queued: a thumbnail is served all the same.
        let small = await render(service, width: 40, height: 40)
        #expect(small.status == 200, "\(small.status) \(small.header("X-Vignette-Error") ?? "")")
        #expect(slots.waitingCount == 1)
        slots.release()
        let reply = await large.value
        #expect(reply.status == 200, "\(reply.status) \(reply.header("X-Vignette-Error") ?? "")")
        #expect(slots.active == 0 && slots.peakRunning == 1)
    }

    /// A render holding a slot runs on the render threads (started by the
    /// first one), off the cooperative pool; an unslotted one never starts them.
    @Test func aSlottedRenderRunsOnTheRenderThreads() async throws {
        let service = try RenderService(
            configuration: .testing { $0.maxConcurrentRenders = 2 }, loader: FixtureLoader([Self.icon: Fixtures.iconPNG]))
        let small = await render(service, width: 40, height: 40)
        #expect(small.status == 200 && service.renderThreads.started == 0)
        let large = await render(service, width: 1100, height: 1000)
        #expect(large.status == 200, "\(large.status) \(large.header("X-Vignette-Error") ?? "")")
        #expect(service.renderThreads.started == 2 && service.renderThreads.count == service.renderSlots.limit)
    }

    func render(_ service: RenderService, width: Int, height: Int) async -> RenderReply {
        let url = Self.icon.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return await service.render(
            target: "/render/thumb?url=\(url)&w=\(width)&h=\(height)&format=png", preset: "thumb", accept: nil, ifNoneMatch: nil)
    }
}
