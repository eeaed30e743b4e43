/// The fixed-point taps of the blur's passes, built as `ResampleAxis` values
/// so the resampling kernels run them.
extension GaussianBlur {
    /// Taps on each side of the centre for σ pixels: ⌈`reach` σ⌉, at least 1.
    static func radius(sigma: Double) -> Int { max(1, Int(min((reach * sigma).rounded(.up), 1e7))) }

    /// Slots per output sample of an axis of `length` samples.
    static func stride(length: Int, sigma: Double) -> Int { min(length, 2 * radius(sigma: sigma) + 1) }

    /// Bytes of one axis's tables while built and after: the sampled kernel
    /// (Double), Int32 and Int16 weights, starts and counts.
    static func axisBytes(length: Int, sigma: Double) -> Int {
        let kernel = (2 * radius(sigma: sigma) + 1).multipliedClamped(by: 8)
        let slots = length.multipliedClamped(by: stride(length: length, sigma: sigma))
        return kernel.addingClamped(slots.multipliedClamped(by: 6)).addingClamped(length.multipliedClamped(by: 8))
    }

    /// A Gaussian of σ pixels over `length` samples, edges extended: the
    /// weights of taps beyond an edge go to the edge sample. Each output's
    /// weights are normalised, quantised to 2^14 and sum to exactly 2^14
    /// (the rounding remainder goes to the largest tap).
    static func gaussianAxis(length: Int, sigma: Double) -> ResampleAxis {
        let r = radius(sigma: sigma)
        let stride = stride(length: length, sigma: sigma)
        let kernel = (-r...r).map { k in DeterministicMath.expNegative(Double(k * k) / (2 * sigma * sigma)) }
        var starts = [Int32](repeating: 0, count: length)
        var counts = [Int32](repeating: 0, count: length)
        var weights = [Int32](repeating: 0, count: length * stride)
        var real = [Double](repeating: 0, count: stride)
        // Away from the edges every output has the same taps: quantised once, copied after.
        var interior: (base: Int, first: Int, count: Int)?
        for x in 0..<length {
            if x - r >= 0, x + r <= length - 1, let (from, first, count) = interior {
                let base = x * stride
                for k in 0..<stride { weights[base + k] = weights[from + k] }
                starts[x] = Int32(x - r + first)
                counts[x] = Int32(count)
                continue
            }
            let lo = max(0, x - r)
            let taps = min(length - 1, x + r) - lo + 1
            for k in 0..<taps { real[k] = 0 }
            for (k, w) in kernel.enumerated() { real[(x - r + k).clamped(0, length - 1) - lo] += w }
            let base = x * stride
            quantise(real[0..<taps], into: &weights, base: base)
            let (first, count) = ResampleAxis.trimZeroTaps(&weights, base: base, taps: taps)
            starts[x] = Int32(lo + first)
            counts[x] = Int32(count)
            if x - r >= 0, x + r <= length - 1 { interior = (base, first, count) }
        }
        return ResampleAxis(
            starts: starts, counts: counts, weights: weights.map { Int16(truncatingIfNeeded: $0) }, stride: stride)
    }

    /// `real` normalised and scaled to 2^14, written from `base`.
    private static func quantise(_ real: ArraySlice<Double>, into weights: inout [Int32], base: Int) {
        let total = real.reduce(0, +)
        var sum: Int32 = 0
        var largest = 0
        for (k, w) in real.enumerated() {
            let q = Int32((w / total * Double(ResampleAxis.one)).rounded())
            weights[base + k] = q
            sum += q
            if q > weights[base + largest] { largest = k }
        }
        weights[base + largest] += ResampleAxis.one - sum
    }

    /// Cubic B-spline taps from a grid reduced by `factor` (with `margin`
    /// extended blocks before it) back to `length` samples: smooth to the
    /// second derivative, so no Mach bands show where a linear enlargement
    /// would bend. Reduced sample j is the mean of full samples from
    /// j·f − m·f on, centred at j·f − m·f + (f − 1) / 2. Every position is a
    /// whole number r of 1/(2f) steps past a reduced sample, so the four
    /// weights are exact integer polynomials in r over 6 (2f)³, rounded to
    /// 2^14 (the remainder to the largest).
    static func enlargeAxis(length: Int, factor: Int, reducedLength: Int) -> ResampleAxis {
        let t = 2 * factor
        let denominator = 6 * t * t * t
        var starts = [Int32](repeating: 0, count: length)
        let counts = [Int32](repeating: 4, count: length)
        var weights = [Int16](repeating: 0, count: length * 4)
        for x in 0..<length {
            let numerator = 2 * x + 2 * margin * factor - (factor - 1)
            let first = numerator / t
            let r = numerator - first * t
            // The margin keeps all four taps inside the reduced grid.
            precondition(first >= 1 && first + 2 < reducedLength, "enlargement tap beyond the reduced grid")
            let exact = [
                (t - r) * (t - r) * (t - r), 3 * r * r * r - 6 * r * r * t + 4 * t * t * t,
                -3 * r * r * r + 3 * r * r * t + 3 * r * t * t + t * t * t, r * r * r
            ]
            var q = exact.map { ($0 * Int(ResampleAxis.one) * 2 + denominator) / (2 * denominator) }
            let largest = q.indices.max { q[$0] < q[$1] }!
            q[largest] += Int(ResampleAxis.one) - q.reduce(0, +)
            starts[x] = Int32(first - 1)
            for k in 0..<4 { weights[4 * x + k] = Int16(q[k]) }
        }
        return ResampleAxis(starts: starts, counts: counts, weights: weights, stride: 4)
    }
}

extension DeterministicMath {
    /// `e^(−x)` for x ≥ 0 (0 beyond 700), from +, −, ×, ÷ only: e^(−1) to
    /// the whole part by squaring, times a Taylor series of the fraction.
    static func expNegative(_ x: Double) -> Double {
        guard x < 700 else { return 0 }
        guard x > 0 else { return 1 }
        var whole = Int(x)
        let fraction = x - Double(whole)
        var term = 1.0
        var sum = 1.0
        for k in 1...24 {
            term = -term * fraction / Double(k)
            sum += term
        }
        var base = 0.367_879_441_171_442_33  // e^(−1)
        while whole > 0 {
            if whole & 1 == 1 { sum *= base }
            base *= base
            whole >>= 1
        }
        return sum
    }
}
