extension ResampleAxis {
    /// One output sample's taps from the filter at `positions` (in filter
    /// units), normalised to sum to one and scaled to `one`, rounded. The
    /// reference computation: every Double as `ResamplingFilter.weight(_:)`
    /// gives it. `positions` is overwritten; `nearest` is the tap that takes
    /// all the weight when the taps cancel out.
    static func quantiseExact(
        _ positions: UnsafeMutableBufferPointer<Double>, filter: ResamplingFilter, nearest: Int,
        into taps: UnsafeMutableBufferPointer<Int32>, scratch: UnsafeMutableBufferPointer<Double>
    ) {
        let real = positions
        filter.weights(real, scratch: scratch)
        var total = 0.0
        for k in real.indices { total += real[k] }
        if total == 0 {  // the taps cancel out: fall back to the nearest sample alone
            for k in real.indices { real[k] = 0 }
            real[nearest.clamped(0, real.count - 1)] = 1
            total = 1
        }
        for k in real.indices { taps[k] = Int32((real[k] / total * Double(ResampleAxis.one)).rounded()) }
    }

    /// The same rounded taps as `quantiseExact` for Lanczos-3, from a
    /// cheaper evaluation (one sine per tap, from a polynomial), or false,
    /// having written nothing final, when it cannot promise that.
    ///
    /// The cheap and the reference weights both lie within 1e-13 of the
    /// true kernel (each is within a few ulps; the series are accurate to
    /// 1e-17 on their ranges). A scaled tap then moves by less than `margin`
    /// between the two (rounding the shifted sum adds at most 1e-11), so
    /// where every cheap scaled tap is further than `margin` from a rounding
    /// boundary (an integer plus one half) both round to the same integer. A tap that close, about one in ten
    /// million, sends the whole sample to the reference computation.
    static func quantiseFast(
        _ positions: UnsafeMutableBufferPointer<Double>, filter: ResamplingFilter,
        into taps: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        guard filter.kind == .lanczos3 else { return false }
        // Two loops: the first has no branch and no running sum, so it vectorises.
        for k in positions.indices { positions[k] = lanczos3Approximation(positions[k]) }
        var total = 0.0
        for k in positions.indices { total += positions[k] }
        let bounded = min(abs(total), 1)
        guard bounded > 1e-3 else { return false }
        let error = 1e-13 * Double(positions.count + 1) / (bounded * bounded)
        let margin = 4 * error * Double(ResampleAxis.one)
        let factor = Double(ResampleAxis.one) / total
        for k in positions.indices {
            // Shifted positive so truncation is the floor; scaled taps stay far inside ±2^16.
            let shifted = positions[k] * factor + (0.5 + 65_536)
            guard shifted > 0, shifted < 131_072 else { return false }
            let floor = Int32(shifted)  // truncates: the floor of a positive value
            let fraction = shifted - Double(floor)
            guard fraction > margin, fraction < 1 - margin else { return false }
            taps[k] = floor - 65_536
        }
        return true
    }

    /// Lanczos-3 at `x` within 1e-15: sin(πx/3) from an odd polynomial, and
    /// sin(πx) from it by the triple-angle identity.
    @inline(__always)
    static func lanczos3Approximation(_ value: Double) -> Double {
        let x = value < 0 ? -value : value
        let inside = x < 3 ? x : 0  // selects, not branches: the caller's loop vectorises
        let third = inside * (1 / 3.0)  // in [0, 1)
        let t = third > 0.5 ? 1 - third : third  // sin(π(1 − t)) = sin(πt)
        let z = t * Double.pi
        let z2 = z * z
        // (−1)^k / (2k + 1)! for k = 10…0, Horner's rule: sin z = z·Σ c_k z^2k.
        var series = 1 / 51_090_942_171_709_440_000.0
        series = series * z2 - 1 / 121_645_100_408_832_000.0
        series = series * z2 + 1 / 355_687_428_096_000.0
        series = series * z2 - 1 / 1_307_674_368_000.0
        series = series * z2 + 1 / 6_227_020_800.0
        series = series * z2 - 1 / 39_916_800.0
        series = series * z2 + 1 / 362_880.0
        series = series * z2 - 1 / 5_040.0
        series = series * z2 + 1 / 120.0
        series = series * z2 - 1 / 6.0
        series = series * z2 + 1
        let sine = z * series  // sin(πx/3)
        let whole = sine * (3 - 4 * sine * sine)  // sin(πx)
        let px = Double.pi * inside
        let weight = 3 * whole * sine / (px * px > 0 ? px * px : 1)
        return x < 1e-12 ? 1 : x < 3 ? weight : 0
    }
}
