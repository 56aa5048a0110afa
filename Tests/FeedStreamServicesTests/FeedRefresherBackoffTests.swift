import FeedStreamServices
import Foundation
import Testing

@Suite("FeedRefresher: back-off after failures")
struct FeedRefresherBackoffTests {
    /// SplitMix64: a seeded generator, so that a failure names draws that can be repeated.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var value = state
            value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
            value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
            return value ^ (value >> 31)
        }
    }

    @Test("Back-off doubles from the shortest interval to its cap, with equal jitter between half and all of it")
    func backoff() {
        let engine = FeedRefresher(intervals: 900...86_400)
        var generator = SeededGenerator(state: 42)
        let ceilings: [TimeInterval] = [900, 1_800, 3_600, 7_200, 14_400, 28_800, 57_600, 86_400, 86_400, 86_400]
        for (index, ceiling) in ceilings.enumerated() {
            let failures = index + 1
            #expect(engine.backoffCeiling(failures: failures) == ceiling, "\(failures)")
            // Equal jitter: half the ceiling fixed, half drawn; never below the shortest interval.
            let floor = max(900, ceiling / 2)
            let draws = (0..<2_000).map { _ in engine.backoff(failures: failures, using: &generator) }
            #expect(draws.allSatisfy { $0 >= floor && $0 <= ceiling }, "\(failures)")
            if floor < ceiling {
                // Spread over the whole range: both ends within 1 % of it.
                #expect(draws.min()! - floor < (ceiling - floor) / 100, "\(failures)")
                #expect(ceiling - draws.max()! < (ceiling - floor) / 100, "\(failures)")
            } else {
                #expect(draws.allSatisfy { $0 == 900 }, "the first failure waits the shortest interval")
            }
        }
        #expect(engine.backoffCeiling(failures: 0) == 900)
        #expect(engine.backoffCeiling(failures: 10_000) == 86_400)
        // A shortest interval below a minute backs off from a minute.
        let quick = FeedRefresher(intervals: 10...600)
        #expect([1, 2, 3, 4, 5].map { quick.backoffCeiling(failures: $0) } == [60, 120, 240, 480, 600])
    }
}
