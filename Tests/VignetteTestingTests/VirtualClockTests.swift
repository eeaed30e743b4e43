import Foundation
import Testing
import VignetteCore
import VignetteTestSupport
import VignetteTesting

/// The virtual clock, alone and under delayed fixtures: nothing waits in real
/// time, and cancelling ends a wait at once. (A broken wait would hang: the
/// suite's time limit turns that into a failure.)
@Suite(.timeLimit(.minutes(30))) struct VirtualClockTests {
    let url = URL(string: "https://img.example/slow.png")!

    @Test func sleepEndsWhenTheClockReachesTheDeadline() async throws {
        let clock = VirtualClock()
        let woke = Locked(false)
        let nap = Task {
            try await clock.sleep(for: .seconds(5))
            woke.withLock { $0 = true }
        }
        await clock.waitForSleepers(1)
        #expect(clock.advance(by: .seconds(4)) == 0)
        #expect(clock.sleeperCount == 1)
        #expect(woke.withLock { $0 } == false)
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await nap.value
        #expect(woke.withLock { $0 })
        #expect(clock.now == VirtualClock.Instant(offset: .seconds(5)))
    }

    @Test func aPastDeadlineDoesNotWaitAndTheClockNeverGoesBack() async throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(3)))
        clock.advance(to: VirtualClock.Instant(offset: .seconds(1)))
        clock.advance(by: .seconds(-5))
        #expect(clock.now.offset == .seconds(10))
    }

    @Test func sleepersWakeEarliestDeadlineFirst() async throws {
        let clock = VirtualClock()
        let order = Locked<[Int]>([])
        var naps: [Task<Void, any Error>] = []
        for (index, seconds) in [3, 1, 2].enumerated() {
            naps.append(
                Task {
                    try await clock.sleep(for: .seconds(seconds))
                    order.withLock { $0.append(index) }
                })
            // One at a time, so each has started before the next.
            await clock.waitForSleepers(index + 1)
        }
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await naps[1].value
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await naps[2].value
        #expect(clock.advance(by: .seconds(5)) == 1)
        try await naps[0].value
        #expect(order.withLock { $0 } == [1, 2, 0])
    }

    @Test func cancellingEndsASleepAtOnce() async {
        let clock = VirtualClock()
        let nap = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(1)
        nap.cancel()
        await #expect(throws: CancellationError.self) { try await nap.value }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .zero)
    }

    @Test func aSleepCancelledBeforeItStartsEndsAtOnce() async {
        let clock = VirtualClock()
        let nap = Task {
            // Cancelled before the clock sees it.
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleepUntilCancelled()
        }
        await #expect(throws: CancellationError.self) { try await nap.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func delayedFixtureWaitsForTheClock() async throws {
        let image = TestImages.solid(4, 4)
        let fixtures = FixtureLoader([url: .image(image).delayed(by: .seconds(2))])
        let load = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        fixtures.clock.advance(by: .milliseconds(1999))
        #expect(fixtures.clock.sleeperCount == 1)
        fixtures.clock.advance(by: .milliseconds(1))
        #expect(try await load.value == image)
    }

    @Test func nestedDelaysAddUpFromTheStartOfTheLoad() async throws {
        let fixtures = FixtureLoader([url: .httpStatus(500).delayed(by: .seconds(1)).delayed(by: .seconds(2))])
        let load = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        fixtures.clock.advance(by: .seconds(2))
        await fixtures.clock.waitForSleepers(1)
        fixtures.clock.advance(by: .seconds(1))
        let result = await load.result
        #expect(throws: ImageRequest.Error.loadingFailed(.httpStatus(url, status: 500, retryAfter: nil), attempts: 1)) {
            try result.get()
        }
    }

    @Test(arguments: [FixtureLoader.Response.pending, .image(TestImages.solid(2, 2)).delayed(by: .seconds(30))])
    func cancellingAWaitingLoadEndsItAtOnceAsCancelled(response: FixtureLoader.Response) async {
        let fixtures = FixtureLoader([url: response])
        let load = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        fixtures.clock.advance(by: .seconds(29))
        #expect(fixtures.clock.sleeperCount == 1)
        load.cancel()
        #expect(await load.result.error as? ImageRequest.Error == .cancelled(url))
        #expect(fixtures.clock.sleeperCount == 0)
    }

    @Test func aLoaderIgnoringCancellationDeliversLate() async throws {
        let image = TestImages.solid(2, 2)
        let fixtures = FixtureLoader([url: .image(image).delayed(by: .seconds(5))], ignoresCancellation: true)
        let load = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        load.cancel()
        // Still asleep after the cancel, and the image arrives when the clock gets there.
        #expect(fixtures.clock.sleeperCount == 1)
        #expect(fixtures.clock.advance(by: .seconds(5)) == 1)
        #expect(try await load.value == image)
        // A pending load has nothing to deliver: it still ends when cancelled.
        fixtures.respond(to: url, with: .pending)
        let pending = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        pending.cancel()
        #expect(await pending.result.error as? ImageRequest.Error == .cancelled(url))
    }

    @Test func pendingNeverAnswersHoweverFarTheClockMoves() async {
        let fixtures = FixtureLoader([url: .pending])
        let load = Task { try await fixtures.image(for: ImageRequest(url: url), priority: .normal) }
        await fixtures.clock.waitForSleepers(1)
        #expect(fixtures.clock.advance(by: .seconds(86_400 * 365)) == 0)
        #expect(fixtures.clock.sleeperCount == 1)
        load.cancel()
        #expect(await load.result.error as? ImageRequest.Error == .cancelled(url))
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
