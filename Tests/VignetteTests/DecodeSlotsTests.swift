import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Decodes wait for one of `maxConcurrentDecodes` slots, as transfers wait
/// for theirs: the test holds slots itself and watches who waits, through
/// the pipeline's own signals (never the clock). The decoder is an
/// in-process stub that counts its calls.
@Suite(.timeLimit(.minutes(30))) struct DecodeSlotsTests {
    let loader = MockDataLoader()
    let decoder = CountingDecoder()

    func pipeline(decodes: Int) -> ImagePipeline {
        ImagePipeline(
            loader: loader,
            configuration: .init(retry: .none, decoders: ImageDecoders([decoder]), maxConcurrentDecodes: decodes))
    }

    func source(_ name: String) -> URL {
        let url = URL(string: "https://cdn.example/\(name).stub")!
        loader.reply(url, .data(Data("STUB\(name)".utf8)))
        return url
    }

    @Test func theDefaultIsTheCoreCount() {
        #expect(ImagePipeline.Configuration().maxConcurrentDecodes == ProcessInfo.processInfo.activeProcessorCount)
        #expect(ImagePipeline.Configuration(maxConcurrentDecodes: 0).maxConcurrentDecodes == 1)
        #expect(pipeline(decodes: 3).decodeStage.slots.limit == 3)
    }

    @Test func noDecodeRunsWhileEverySlotIsTaken() async throws {
        let pipeline = pipeline(decodes: 2)
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        try await slots.acquire(.normal)
        let urls = ["a", "b", "c"].map(source)
        let tasks = urls.map { url in Task { try await pipeline.image(for: url) } }
        // Without the gate the decodes would run at once: the wait ends either way.
        #expect(await pipeline.until { slots.waitingCount == 3 || decoder.calls == 3 })
        #expect(slots.waitingCount == 3 && decoder.calls == 0)
        #expect(urls.allSatisfy { loader.loadCount($0) == 1 })  // fetched: only the decode waits
        slots.release()
        slots.release()
        for task in tasks { #expect(try await task.value.width == 4) }
        #expect(decoder.calls == 3 && slots.active == 0 && slots.peakRunning == 2)
    }

    @Test func aFreedSlotGoesToTheMostUrgentDecode() async throws {
        let pipeline = pipeline(decodes: 1)
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        let prefetch = source("prefetch")
        let visible = source("visible")
        let low = Task { try await pipeline.image(for: prefetch, priority: .low) }
        #expect(await pipeline.until { slots.waitingCount == 1 })
        let high = Task { try await pipeline.image(for: visible, priority: .high) }
        #expect(await pipeline.until { slots.waitingCount == 2 })
        slots.release()
        _ = try await (low.value, high.value)
        #expect(decoder.order == ["STUBvisible", "STUBprefetch"])
    }

    @Test func aDecodeCancelledWhileWaitingNeverRuns() async throws {
        let pipeline = pipeline(decodes: 1)
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        let url = source("cancelled")
        let task = Task { try await pipeline.image(for: url) }
        #expect(await pipeline.until { slots.waitingCount == 1 })
        task.cancel()
        await #expect(throws: ImageRequest.Error.cancelled(url)) { try await task.value }
        #expect(await pipeline.until { slots.waitingCount == 0 })
        slots.release()
        #expect(decoder.calls == 0 && slots.active == 0)
        // The slot is free again: the next load decodes.
        #expect(try await pipeline.image(for: source("after")).width == 4)
    }

    @Test func animationsTakeASlotToo() async throws {
        let pipeline = pipeline(decodes: 1)
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        let frames = Task { try await pipeline.animation(for: ImageRequest(url: source("frames"))) }
        #expect(await pipeline.until { slots.waitingCount == 1 || decoder.calls > 0 })
        #expect(slots.waitingCount == 1 && decoder.calls == 0)
        slots.release()
        #expect(try await frames.value.frames.count == 1)
        #expect(decoder.calls == 1 && slots.active == 0)
    }

    /// A source first seen with reduced copies on decodes in the caller's
    /// task, outside the decode stage's jobs: it waits for a slot all the same.
    @Test func aFirstReducedCopyTakesASlot() async throws {
        let url = URL(string: "https://cdn.example/photo.png")!
        loader.reply(url, .data(try Self.largePNG()))
        let pipeline = ImagePipeline(loader: loader, configuration: .init(retry: .none, reducedCopies: true, maxConcurrentDecodes: 1))
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        let surface = try ImageSurface(size: Size(width: 2, height: 2), scale: 1)
        let copy = Task { try await pipeline.image(for: surface.remoteRequest(for: ImageDescriptor(url))) }
        #expect(await pipeline.until { slots.waitingCount == 1 || pipeline.memoryCache.count > 0 })
        #expect(slots.waitingCount == 1 && pipeline.memoryCache.count == 0)
        slots.release()
        #expect(try await copy.value.width > 0)
        #expect(slots.active == 0 && slots.peakRunning == 1)
    }
}

extension DecodeSlotsTests {
    /// A PNG one row over `ImagePipeline.unslottedPixels`.
    static func largePNG() throws -> Data {
        try Bitmap(width: 1024, height: 1025, scale: 1, fill: .white).encoded(as: .png)
    }

    @Test func aSmallSourceDecodesWithoutASlotALargeOneWaits() async throws {
        let small = URL(string: "https://cdn.example/icon.png")!
        let large = URL(string: "https://cdn.example/large.png")!
        loader.reply(small, .data(Fixtures.iconPNG))
        loader.reply(large, .data(try Self.largePNG()))
        let pipeline = ImagePipeline(loader: loader, configuration: .init(retry: .none, maxConcurrentDecodes: 1))
        let slots = pipeline.decodeStage.slots
        try await slots.acquire(.normal)
        let waiting = Task { try await pipeline.image(for: large) }
        #expect(await pipeline.until { slots.waitingCount == 1 || pipeline.memoryCache.count > 0 })
        // Every slot taken and a large decode queued: the icon decodes all the same.
        #expect(try await pipeline.image(for: small).width > 0)
        #expect(slots.waitingCount == 1 && pipeline.cachedImage(for: ImageRequest(url: large)) == nil)
        slots.release()
        #expect(try await waiting.value.width == 1024)
        #expect(slots.active == 0 && slots.peakRunning == 1)
    }
}

/// Decodes any bytes starting with "STUB" into a white 4×2 bitmap,
/// counting the calls and keeping the order of the bytes it was given.
final class CountingDecoder: ImageDecoding {
    private let seen = Locked<[String]>([])
    var format: ImageFormat { ImageFormat(rawValue: "stub") }
    var calls: Int { seen.withLock { $0.count } }
    var order: [String] { seen.withLock { $0 } }
    func recognizes(_ data: Data) -> Bool { data.starts(with: Array("STUB".utf8)) }
    func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        seen.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
        return Bitmap(width: 4, height: 2, scale: options.scale, fill: .white)
    }
}
