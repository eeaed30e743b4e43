import Dispatch
import Foundation
import Testing
import VignetteCore
import VignetteTestSupport

@testable import VignetteCore

/// The comparison skips the colour maths for opaque pixels that differ by at
/// most one step per channel when the tolerance is at least
/// `ImageComparison.unitStepBound`. That bound must hold for every colour:
/// by default a deterministic sample is checked; `VIGNETTE_EXHAUSTIVE=1`
/// checks all 16.7 M colours × 26 neighbours (run it in release mode).
@Suite struct DeltaEBoundTests {
    @Test func unitStepsStayWithinTheBound() {
        let exhaustive = ProcessInfo.processInfo.environment["VIGNETTE_EXHAUSTIVE"] == "1"
        let worst = Locked<Float>(0)
        let reds = exhaustive ? Array(0...255) : Array(stride(from: 0, through: 255, by: 17)) + [1, 254]
        let others = exhaustive ? Array(0...255) : Array(stride(from: 0, through: 255, by: 5)) + [1, 254]
        DispatchQueue.concurrentPerform(iterations: reds.count) { index in
            let r = reds[index]
            var local: Float = 0
            for g in others {
                for b in others {
                    let p = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
                    for dr in -1...1 {
                        for dg in -1...1 {
                            for db in -1...1 where dr != 0 || dg != 0 || db != 0 {
                                let r2 = r + dr
                                let g2 = g + dg
                                let b2 = b + db
                                guard (0...255).contains(r2), (0...255).contains(g2), (0...255).contains(b2) else { continue }
                                let q = UInt32(r2) | UInt32(g2) << 8 | UInt32(b2) << 16 | 0xFF00_0000
                                local = max(local, ImageComparison.difference(p, q))
                            }
                        }
                    }
                }
            }
            worst.withLock { $0 = max($0, local) }
        }
        let measured = worst.withLock { $0 }
        print("worst ΔE94 over unit steps (\(exhaustive ? "exhaustive" : "sampled")): \(measured)")
        #expect(measured <= ImageComparison.unitStepBound)
        #expect(measured > 1)
    }
}
