extension DeterministicMath {
    /// `sinPi` of every value in place, bit for bit the same Doubles as the
    /// one-at-a-time function. The series runs over all values step by step,
    /// so the divisions of different values overlap instead of each waiting
    /// for the one before (one value's series is a chain of ten divisions).
    static func sinPi(_ values: UnsafeMutableBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>) {
        precondition(scratch.count >= 3 * values.count, "sinPi scratch too small")
        let n = values.count
        let signs = scratch.baseAddress!
        let squares = signs + n
        let terms = squares + n
        for i in 0..<n {
            let x = values[i]
            var t = x - 2 * (x / 2).rounded()
            var sign = 1.0
            if t < 0 {
                t = -t
                sign = -1
            }
            if t > 0.5 { t = 1 - t }
            let z = t * Double.pi
            signs[i] = sign
            squares[i] = z * z
            terms[i] = z
            values[i] = z
        }
        var k = 2.0
        while k <= 20 {
            let divisor = k * (k + 1)
            for i in 0..<n {
                let term = -terms[i] * squares[i] / divisor
                terms[i] = term
                values[i] += term
            }
            k += 2
        }
        for i in 0..<n { values[i] = signs[i] * values[i] }
    }
}
