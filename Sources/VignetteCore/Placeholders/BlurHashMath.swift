/// The arithmetic BlurHash shares between encoding and decoding, written so
/// that every result is the same on every machine: no libm, only IEEE
/// basic operations (and `squareRoot`, which IEEE rounds exactly) in a fixed
/// order.
enum BlurHashMath {
    /// `cos(π · numerator / denominator)` by range reduction to [0, π/4] and
    /// a Taylor polynomial in Horner form (error below 1e-16 there), instead
    /// of the platform `cos`, whose last bit differs between libms.
    static func cosPi(_ numerator: Int, over denominator: Int) -> Double {
        var n = numerator % (2 * denominator)
        if n > denominator { n = 2 * denominator - n }  // cos(2π − θ) = cos θ
        var sign = 1.0
        if 2 * n > denominator {  // cos(π − θ) = −cos θ
            n = denominator - n
            sign = -1
        }
        if 4 * n > denominator {  // cos θ = sin(π/2 − θ), π/2 − θ ≤ π/4
            return sign * sine(Double.pi * Double(denominator - 2 * n) / Double(2 * denominator))
        }
        return sign * cosine(Double.pi * Double(n) / Double(denominator))
    }

    /// Taylor series of cos to x¹⁶, for |x| ≤ π/4.
    static func cosine(_ x: Double) -> Double {
        let z = x * x
        var sum = 1.0 / 20_922_789_888_000
        sum = -1.0 / 87_178_291_200 + z * sum
        sum = 1.0 / 479_001_600 + z * sum
        sum = -1.0 / 3_628_800 + z * sum
        sum = 1.0 / 40320 + z * sum
        sum = -1.0 / 720 + z * sum
        sum = 1.0 / 24 + z * sum
        sum = -0.5 + z * sum
        return 1 + z * sum
    }

    /// Taylor series of sin to x¹⁷, for |x| ≤ π/4.
    static func sine(_ x: Double) -> Double {
        let z = x * x
        var sum = 1.0 / 355_687_428_096_000
        sum = -1.0 / 1_307_674_368_000 + z * sum
        sum = 1.0 / 6_227_020_800 + z * sum
        sum = -1.0 / 39_916_800 + z * sum
        sum = 1.0 / 362_880 + z * sum
        sum = -1.0 / 5040 + z * sum
        sum = 1.0 / 120 + z * sum
        sum = -1.0 / 6 + z * sum
        return x + x * z * sum
    }

    /// `basis[i * length + k] = cos(π · i · k / length)` for `count` components.
    static func basis(count: Int, length: Int) -> [Double] {
        var table = [Double](repeating: 0, count: count * length)
        for i in 0..<count {
            for k in 0..<length { table[i * length + k] = cosPi(i * k, over: length) }
        }
        return table
    }

    /// Linear light (clamped to 0...1) to an sRGB byte, rounded as the
    /// reference rounds: the number of thresholds at or below `value`.
    static func sRGB(fromLinear value: Double) -> UInt8 {
        let thresholds = BlurHash.sRGBThresholds
        var low = 0
        var high = thresholds.count  // answer in low...high
        while low < high {
            let mid = (low + high + 1) / 2
            if thresholds[mid - 1] <= value { low = mid } else { high = mid - 1 }
        }
        return UInt8(low)
    }
}
