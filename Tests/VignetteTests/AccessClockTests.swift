import Testing

@testable import Vignette

/// The access clock both disk-cache engines share.
@Suite struct AccessClockTests {
    @Test func ticksStrictlyIncreaseAndFollowTheWallClock() {
        var clock = AccessClock()
        let before = AccessClock.now()
        let ticks = (0..<10_000).map { _ in clock.tick() }
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ticks[0] >= before && clock.last == ticks.last)
        // Nanoseconds since 1970: after 2020, before 2100.
        #expect(ticks[0] > 1_577_836_800_000_000_000 && ticks[0] < 4_102_444_800_000_000_000)
    }
}
