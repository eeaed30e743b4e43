/// The arithmetic ThumbHash shares between encoding and decoding. Like the
/// reference (Rust), it works in `Float`, operation by operation in the
/// reference's order; only the cosine differs: it is computed from the
/// `Float` argument in `Double` by a fixed polynomial (no libm) and rounded
/// once to `Float`, so it is the same on every machine.
enum ThumbHashMath {
    /// π rounded to the nearest `Float`, as Rust's `std::f32::consts::PI`
    /// (`Float.pi` is rounded towards zero, one ulp below).
    static let pi = Float(3.141_592_653_589_793 as Double)

    /// `cos(x)` for a finite `x`: range reduction by π/2 in `Double` (π/2
    /// in two parts, Cody–Waite), then the Taylor polynomials of
    /// `BlurHashMath` on [−π/4, π/4].
    static func cos(_ x: Float) -> Float {
        let value = Double(x)
        let quadrants = (value / 1.570_796_326_794_896_6).rounded()
        let reduced = (value - quadrants * 1.570_796_326_794_896_6) - quadrants * 6.123_233_995_736_766e-17
        let result: Double
        switch Int(quadrants) & 3 {
        case 0: result = BlurHashMath.cosine(reduced)
        case 1: result = -BlurHashMath.sine(reduced)
        case 2: result = -BlurHashMath.cosine(reduced)
        default: result = BlurHashMath.sine(reduced)
        }
        return Float(result)
    }

    /// `value.rounded()` converted as Rust's `as` casts do: saturating at
    /// 0 and `UInt32.max`.
    static func round(_ value: Float) -> UInt32 {
        let r = value.rounded()
        guard r > 0 else { return 0 }
        return r >= 4_294_967_296 ? .max : UInt32(r)  // 2³², exact in Float
    }

    /// The AC factor count of an `nx` × `ny` channel: the cells `(cx, cy)`
    /// with `cx · ny < nx · (ny − cy)`, less the DC.
    static func acCount(nx: Int, ny: Int) -> Int {
        var count = 0
        for cy in 0..<ny {
            var cx = 0
            while cx * ny < nx * (ny - cy) {
                count += 1
                cx += 1
            }
        }
        return count - 1
    }
}
