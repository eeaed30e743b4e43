/// Elementary functions from +, −, ×, ÷ only. libm's `sin` may differ by an
/// ulp between platforms; these cannot, which keeps coefficients identical.
enum DeterministicMath {
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
}
