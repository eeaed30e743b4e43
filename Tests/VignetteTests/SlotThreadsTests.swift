import Dispatch
import Foundation
import Testing
import VignetteTestSupport

@testable import Vignette

/// Slotted decodes run on threads of their own, one per slot, never on
/// Swift's cooperative pool: with more decode slots than the pool has
/// threads, each held by a decode that blocks its thread until the test
/// lets it go, a small source still decodes and comes back. Were the
/// decodes on the pool, they would hold every one of its threads and
/// nothing else could run until they ended. No clock is read: the test
/// waits on the decoder's own signal; the decoder's deadline only keeps a
/// broken build from hanging the suite (and fails the test).
@Suite(.timeLimit(.minutes(30))) struct SlotThreadsTests {
    @Test func aSmallDecodeCompletesWhileEveryLargeOneBlocksItsSlot() async throws {
        let held = ProcessInfo.processInfo.activeProcessorCount + 1  // more than the pool's threads
        let decoder = BlockingDecoder()
        let loader = MockDataLoader()
        let pipeline = ImagePipeline(
            loader: loader,
            configuration: .init(
                retry: .none, decoders: ImageDecoders([decoder] + ImageDecoders.standard.decoders), maxConcurrentDecodes: held))
        let large = (0..<held).map { URL(string: "https://cdn.example/large\($0).stub")! }
        for url in large { loader.reply(url, .data(Data("STUB\(url.lastPathComponent)".utf8))) }
        let icon = URL(string: "https://cdn.example/icon.png")!
        loader.reply(icon, .data(Fixtures.iconPNG))
        let decodes = large.map { url in Task { try await pipeline.image(for: url) } }
        #expect(await decoder.changes.until { decoder.blocked == held })
        #expect(pipeline.decodeStage.slots.active == held && pipeline.decodeStage.threads.started == held)

        let small = try await pipeline.image(for: icon)
        #expect(small.width > 0)
        #expect(decoder.blocked == held && decoder.missedDeadline == 0, "the small decode waited for the large ones")
        decoder.release()
        for decode in decodes { #expect(try await decode.value.width == 4) }
        #expect(pipeline.decodeStage.slots.active == 0)
    }

    @Test func threadsStartOnTheFirstJobAndRunIt() async {
        let threads = SlotThreads(count: 3, name: "test.slots")
        #expect(threads.started == 0)
        let sum = await threads.run { (1...100).reduce(0, +) }
        #expect(sum == 5050 && threads.started == 3)
        let error = ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: 0))
        await #expect(throws: error) { try await threads.run { () throws(ImageDecoders.Error) -> Int in throw error } }
    }
}

/// Decodes bytes starting with "STUB" into a white 4×2 bitmap once the
/// test calls `release()`, blocking the calling thread until then (or a
/// deadline, counted in `missedDeadline`); `blocked` counts the decodes
/// that have started, and `changes` is told of each.
final class BlockingDecoder: ImageDecoding {
    private let started = Locked(0)
    private let missed = Locked(0)
    private let gate = DispatchSemaphore(value: 0)
    let changes = StateChanges()
    var format: ImageFormat { ImageFormat(rawValue: "stub") }
    var blocked: Int { started.withLock { $0 } }
    var missedDeadline: Int { missed.withLock { $0 } }
    func recognizes(_ data: Data) -> Bool { data.starts(with: Array("STUB".utf8)) }
    func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        started.withLock { $0 += 1 }
        changes.changed()
        if gate.wait(timeout: .now() + .seconds(300)) == .timedOut { missed.withLock { $0 += 1 } }
        gate.signal()  // pass the release on to the next decode
        return Bitmap(width: 4, height: 2, scale: options.scale, fill: .white)
    }

    /// Lets every decode, blocked or to come, finish.
    func release() { gate.signal() }
}
