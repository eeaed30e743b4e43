/// Elementary functions from +, −, ×, ÷ only. libm's `sin` may differ by an
/// ulp between platforms; these cannot, which keeps coefficients identical.
enum DeterministicMath {
    /// `x.rounded()` (to nearest, halves away from zero) for a finite 0 ≤ x < 2^63, without libm's
    /// `round` (baseline x86-64 has no rounding instruction, so `rounded()` is a call): the whole
    /// part, plus one when the fraction (exact: x − ⌊x⌋ needs no rounding) is ½ or more.
    @inline(__always)
    static func roundedNonNegative(_ x: Double) -> Int {
        let whole = Int(x)
        return x - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// `x.rounded(.down)` for a finite |x| < 2^62 without libm's `floor` (−0 gives +0): the
    /// truncation, less one where it lies above x.
    @inline(__always)
    static func floorSmall(_ x: Double) -> Double {
        let truncated = Double(Int(x))
        return truncated > x ? truncated - 1 : truncated
    }

    /// `sin(π·x)`.
    static func sinPi(_ x: Double) -> Double {
        var t = x - 2 * (x / 2).rounded()  // now in [-1, 1]
        var sign = 1.0
        if t < 0 {
            t = -t
            sign = -1
        }
        if t > 0.5 { t = 1 - t }  // sin(π(1 − t)) = sin(πt)
        let z = t * Double.pi
        let z2 = z * z  // z in [0, π/2]
        var term = z
        var sum = z
        var k = 2.0
        while k <= 20 {
            term = -term * z2 / (k * (k + 1))
            sum += term
            k += 2
        }
        return sign * sum
    }

    static let ln2 = 0.693_147_180_559_945_3

    /// The natural logarithm of a positive finite `x`: `x = m·2ᵏ` with
    /// m in [√½, √2), then ln m = 2 atanh((m − 1)/(m + 1)) by its series.
    static func log(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == 0 ? -.infinity : .nan }
        var k = Double(x.exponent)
        var m = x.significand  // in [1, 2): halve it above √2, exactly
        if m > 1.414_213_562_373_095 {
            m /= 2
            k += 1
        }
        let s = (m - 1) / (m + 1)
        let s2 = s * s
        var term = s
        var sum = s
        var n = 3.0
        while n <= 41 {
            term *= s2
            sum += term / n
            n += 2
        }
        return k * ln2 + 2 * sum
    }

    /// `e^y`: y = k·ln 2 + r with |r| ≤ ln 2 / 2, r's Taylor series, then scaled by 2ᵏ exactly.
    static func exp(_ y: Double) -> Double {
        guard y.isFinite else { return y > 0 ? .infinity : (y < 0 ? 0 : .nan) }
        if y > 709.7 { return .infinity }
        if y < -745.2 { return 0 }
        let k = (y / ln2).rounded()
        let r = y - k * ln2
        var term = 1.0
        var sum = 1.0
        var n = 1.0
        while n <= 24 {
            term *= r / n
            sum += term
            n += 1
        }
        // Two steps, so a subnormal result is scaled without an intermediate overflow.
        let half = (k / 2).rounded(.down)
        return sum * Double(sign: .plus, exponent: Int(half), significand: 1)
            * Double(sign: .plus, exponent: Int(k - half), significand: 1)
    }

    /// `base^exponent` for a non-negative base: 0 and 1 exactly where the
    /// base or the exponent make them so.
    static func pow(_ base: Double, _ exponent: Double) -> Double {
        if exponent == 0 || base == 1 { return 1 }
        if base == 0 { return exponent > 0 ? 0 : .infinity }
        guard base > 0 else { return .nan }
        return exp(exponent * log(base))
    }
}
