import Foundation
import Testing

@testable import Vignette

/// The test loader's own contract: the pipeline tests rely on it.
@Suite(.timeLimit(.minutes(30))) struct MockDataLoaderTests {
    let loader = MockDataLoader()
    let a = URL(string: "https://cdn.example/a.png")!
    let b = URL(string: "https://cdn.example/b.png")!

    @Test func repliesInTurnTheLastRepeating() async throws {
        loader.reply(a, .failure(.timedOut(a, limit: .load(.seconds(30)))), .data(Data([1])))
        await #expect(throws: ImageRequest.TransferError.timedOut(a, limit: .load(.seconds(30)))) { try await loader.load(a) }
        for _ in 0..<2 { #expect(try await loader.load(a).data == Data([1])) }
        await #expect(throws: ImageRequest.TransferError.httpStatus(b, status: 404, retryAfter: nil)) { try await loader.load(b) }
        #expect(loader.loadCount(a) == 3 && loader.startOrder == [a, a, a, b])
    }

    @Test func holdsOneURLOrOneLoad() async throws {
        loader.reply(a, .data(Data([1])))
        loader.reply(b, .data(Data([2])))
        loader.hold(a)
        let first = Task { try await loader.load(a) }
        #expect(await loader.until { $0.held == 1 })
        let second = Task { try await loader.load(a) }
        #expect(await loader.until { $0.held == 2 })
        #expect(try await loader.load(b).data == Data([2]))  // other URLs go through
        loader.resume(a, load: 2)
        #expect(try await second.value().data == Data([1]))
        #expect(loader.heldCount == 1)
        loader.resume(a)
        #expect(try await first.value().data == Data([1]))
        #expect(loader.peakConcurrency == 3)  // two held, and b
    }

    @Test func cancellingAHeldLoadEndsItUnlessIgnored() async throws {
        loader.reply(a, .data(Data([1])))
        loader.suspend()
        let prompt = Task { try await loader.load(a) }
        #expect(await loader.until { $0.held == 1 })
        prompt.cancel()
        await #expect(throws: ImageRequest.TransferError.cancelled(a)) { try await prompt.value() }
        let slow = MockDataLoader(ignoresCancellation: true)
        slow.reply(a, .data(Data([1])))
        slow.suspend()
        let late = Task { try await slow.load(a) }
        #expect(await slow.until { $0.held == 1 })
        late.cancel()
        #expect(slow.heldCount == 1 && slow.cancelledCount == 0)
        slow.resume()
        await #expect(throws: ImageRequest.TransferError.cancelled(a)) { try await late.value() }
        #expect(slow.cancelledCount == 1)
    }

    /// A wait that can never be met ends false when its test is cancelled
    /// (as a time limit does), whether that comes first or while it waits.
    @Test func untilGivesUpWhenCancelled() async {
        let loader = self.loader
        let waiting = Task { await loader.until { $0.totalLoads == 1 } }
        waiting.cancel()
        #expect(await waiting.value == false)
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await loader.until { $0.totalLoads == 1 }
        }
        #expect(await cancelledFirst.value == false)
        #expect(await loader.until { $0.totalLoads == 0 })
    }
}
