import Testing

@testable import VignetteCore

/// Filter weights computed many at a time must be the very Doubles the
/// one-at-a-time functions give: resampled bytes depend on every bit.
@Suite struct ResampleWeightsTests {
    /// Tap positions as resizes produce them, edges of every branch, and
    /// pseudo-random values across and past each filter's support.
    static let values: [Double] = {
        var values: [Double] = [0, -0.0, 1e-13, -1e-13, 1e-12, 0.5, -0.5, 1, 1.5, 2, 2.5, 3, -3, 3.0000001, 2.9999999, 7, -7.25]
        for i in 0..<2_000 {
            let scale = 768.0 / Double(64 + i % 577)
            let center = (Double(i % 97) + 0.5) * scale
            values.append((Double(Int(center) + i % 13 - 6) + 0.5 - center) / max(scale, 1))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(state >> 11) / Double(1 << 53) * 16 - 8)
        }
        return values
    }()

    @Test func batchedSinesAreTheScalarSines() {
        var batch = Self.values
        var scratch = [Double](repeating: .nan, count: 3 * batch.count)
        batch.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { DeterministicMath.sinPi(values, scratch: $0) }
        }
        let mismatches = zip(Self.values, batch).filter { DeterministicMath.sinPi($0).bitPattern != $1.bitPattern }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }

    @Test(arguments: ResamplingFilter.Kind.allCases)
    func batchedWeightsAreTheScalarWeights(kind: ResamplingFilter.Kind) {
        let filter = ResamplingFilter(kind)
        // Odd batch lengths as the taps of one output sample come, not just one long run.
        var offset = 0
        var length = 1
        var mismatches: [Double] = []
        var scratch = [Double](repeating: .nan, count: 8 * 64)
        while offset < Self.values.count {
            let slice = Array(Self.values[offset..<min(offset + length, Self.values.count)])
            var batch = slice
            batch.withUnsafeMutableBufferPointer { values in
                scratch.withUnsafeMutableBufferPointer { filter.weights(values, scratch: $0) }
            }
            mismatches += zip(slice, batch).filter { filter.weight($0).bitPattern != $1.bitPattern }.map(\.0)
            offset += length
            length = length % 61 + 1
        }
        #expect(mismatches.isEmpty, "\(kind) differs at \(mismatches.prefix(3))")
    }

    @Test func cheapLanczosIsWithinTheMarginsAssumedError() {
        let worst = Self.values.map { abs(ResampleAxis.lanczos3Approximation($0) - ResamplingFilter.lanczos3.weight($0)) }.max() ?? 0
        #expect(worst < 1e-14, "worst difference \(worst)")
    }

    /// Every axis the cheap path builds is the reference axis: sources of
    /// the benchmark's and odd lengths, to every fifth destination length
    /// from 1 to past twice the source, whole and cropped.
    @Test(arguments: [768, 512, 97, 6000])
    func cheapAxesAreTheReferenceAxes(sourceLength: Int) {
        let step = sourceLength > 1_000 ? 97 : 5
        for destinationLength in stride(from: 1, through: min(2 * sourceLength + 5, 1_600), by: step) {
            let ranges = [0..<destinationLength, (destinationLength / 3)..<destinationLength]
            for visible in ranges where !visible.isEmpty {
                let cheap = ResampleAxis(
                    sourceLength: sourceLength, destinationLength: destinationLength, visible: visible, filter: .lanczos3)
                let reference = ResampleAxis(
                    sourceLength: sourceLength, destinationLength: destinationLength, visible: visible, filter: .lanczos3,
                    fastWeights: false)
                guard cheap.starts == reference.starts, cheap.counts == reference.counts, cheap.weights == reference.weights
                else {
                    Issue.record("\(sourceLength) → \(destinationLength), \(visible): the cheap axis differs")
                    return
                }
            }
        }
    }

    /// The cheap path must actually be taken (else the test above proves nothing).
    @Test func theCheapPathIsTakenAlmostAlways() {
        var taken = 0
        var samples = 0
        var positions = [Double](repeating: 0, count: 128)
        var taps = [Int32](repeating: 0, count: 128)
        for destinationLength in stride(from: 64, through: 767, by: 7) {
            let scale = 768 / Double(destinationLength)
            let support = 3 * scale
            for i in 0..<destinationLength {
                let center = (Double(i) + 0.5) * scale
                let lo = max(0, Int((center - support + 0.5).rounded(.down)))
                let hi = min(768, Int((center + support + 0.5).rounded(.down)))
                for j in lo..<hi { positions[j - lo] = (Double(j) + 0.5 - center) / scale }
                let fast = positions.withUnsafeMutableBufferPointer { p in
                    taps.withUnsafeMutableBufferPointer { t in
                        ResampleAxis.quantiseFast(
                            UnsafeMutableBufferPointer(rebasing: p[0..<(hi - lo)]), filter: .lanczos3,
                            into: UnsafeMutableBufferPointer(rebasing: t[0..<(hi - lo)]))
                    }
                }
                samples += 1
                if fast { taken += 1 }
            }
        }
        #expect(Double(taken) > 0.999 * Double(samples), "cheap path \(taken) of \(samples)")
    }
}
