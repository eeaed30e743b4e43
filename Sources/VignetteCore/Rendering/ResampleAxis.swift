/// Fixed-point filter coefficients for one axis, computed once per resize:
/// for every output sample, the first source index and its weights.
struct ResampleAxis {
    /// Weights are integers scaled by 2^14 and sum to exactly 2^14.
    static let precisionBits: Int32 = 14
    static let one: Int32 = 1 << precisionBits

    /// First source index for each output sample.
    let starts: [Int32]
    /// Number of taps for each output sample.
    let counts: [Int32]
    /// Weights, `stride` per output sample; 16 bits, as the SIMD kernels multiply.
    let weights: [Int16]
    /// Slots reserved per output sample in `weights`.
    let stride: Int

    /// Taps as given (a shifted copy of another axis).
    init(starts: [Int32], counts: [Int32], weights: [Int16], stride: Int) {
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.stride = stride
    }

    /// Coefficients for the outputs `visible` (offsets into a destination of
    /// `destinationLength` samples) over a source of `sourceLength` samples.
    /// `fastWeights` only changes how long this takes, never the result:
    /// see `quantiseFast`.
    init(
        sourceLength: Int, destinationLength: Int, visible: Range<Int>, filter: ResamplingFilter,
        fastWeights: Bool = true
    ) {
        let scale = Double(sourceLength) / Double(destinationLength)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        let stride = Int((support * 2).rounded(.up)) + 2
        var starts = [Int32]()
        var counts = [Int32]()
        var weights = [Int32](repeating: 0, count: visible.count * stride)
        starts.reserveCapacity(visible.count)
        counts.reserveCapacity(visible.count)
        var real = [Double](repeating: 0, count: stride)
        var scratch = [Double](repeating: 0, count: 8 * stride)
        for (slot, i) in visible.enumerated() {
            let center = (Double(i) + 0.5) * scale
            var lo = max(0, Int((center - support + 0.5).rounded(.down)))
            var hi = min(sourceLength, Int((center + support + 0.5).rounded(.down)))
            if hi <= lo {  // degenerate support: take the nearest sample
                lo = min(sourceLength - 1, max(0, Int(center.rounded(.down))))
                hi = lo + 1
            }
            for j in lo..<hi { real[j - lo] = (Double(j) + 0.5 - center) / filterScale }
            let base = slot * stride
            real.withUnsafeMutableBufferPointer { real in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    weights.withUnsafeMutableBufferPointer { weights in
                        let positions = UnsafeMutableBufferPointer(rebasing: real[0..<(hi - lo)])
                        let taps = UnsafeMutableBufferPointer(rebasing: weights[base..<(base + hi - lo)])
                        guard !fastWeights || !Self.quantiseFast(positions, filter: filter, into: taps) else { return }
                        Self.quantiseExact(
                            positions, filter: filter, nearest: Int((center - Double(lo)).rounded(.down)),
                            into: taps, scratch: scratch)
                    }
                }
            }
            // Give the rounding remainder to the largest tap so a flat area stays exactly flat.
            var sum: Int32 = 0
            var largest = 0
            for k in 0..<(hi - lo) {
                let q = weights[base + k]
                sum += q
                if abs(q) > abs(weights[base + largest]) { largest = k }
            }
            weights[base + largest] += ResampleAxis.one - sum
            // The kernels multiply in 16 bits; normalised weights of
            // every built-in filter stay far below 2^15 (measured max ≈ 21000).
            precondition(
                (base..<base + hi - lo).allSatisfy { Int16(exactly: weights[$0]) != nil },
                "resampling weight out of 16-bit range")
            let (first, count) = Self.trimZeroTaps(&weights, base: base, taps: hi - lo)
            starts.append(Int32(lo + first))
            counts.append(Int32(count))
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights.map { Int16(truncatingIfNeeded: $0) }
        self.stride = stride
    }
}

extension ResampleAxis {
    /// Drops zero weights at both ends of one sample's `taps` weights from
    /// `base`, moving the rest to the front; returns the first kept tap and
    /// how many are kept.
    static func trimZeroTaps(_ weights: inout [Int32], base: Int, taps: Int) -> (first: Int, count: Int) {
        var first = 0
        var last = taps
        while first < last - 1, weights[base + first] == 0 { first += 1 }
        while last > first + 1, weights[base + last - 1] == 0 { last -= 1 }
        if first > 0 {
            for k in first..<last { weights[base + k - first] = weights[base + k] }
            for k in (last - first)..<taps { weights[base + k] = 0 }
        }
        return (first, last - first)
    }
}

extension Comparable {
    func clamped(_ low: Self, _ high: Self) -> Self { min(max(self, low), high) }
}
