extension ResamplingFilter {
    /// `weight(_:)` of every value in place: the same Doubles bit for bit.
    /// Lanczos-3 evaluates its sines for all values side by side
    /// (`DeterministicMath.sinPi(_:scratch:)`), which is what a resize spends
    /// most of its coefficient time on. `scratch` holds at least eight
    /// Doubles per value.
    func weights(_ values: UnsafeMutableBufferPointer<Double>, scratch: UnsafeMutableBufferPointer<Double>) {
        guard kind == .lanczos3 else {
            for i in values.indices { values[i] = weight(values[i]) }
            return
        }
        let n = values.count
        precondition(scratch.count >= 8 * n, "weights scratch too small")
        let whole = UnsafeMutableBufferPointer(start: scratch.baseAddress!, count: n)
        let third = UnsafeMutableBufferPointer(start: scratch.baseAddress! + n, count: n)
        let sines = UnsafeMutableBufferPointer(start: scratch.baseAddress!, count: 2 * n)
        let rest = UnsafeMutableBufferPointer(start: scratch.baseAddress! + 2 * n, count: 6 * n)
        for i in 0..<n {
            let x = abs(values[i])
            values[i] = x
            whole[i] = x
            third[i] = x / 3
        }
        DeterministicMath.sinPi(sines, scratch: rest)
        for i in 0..<n {
            let x = values[i]
            if x < 1e-12 {
                values[i] = 1
            } else if x >= 3 {
                values[i] = 0
            } else {
                let px = Double.pi * x
                values[i] = 3 * whole[i] * third[i] / (px * px)
            }
        }
    }
}
