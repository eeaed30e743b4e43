/// Exact integer helpers for 8-bit alpha arithmetic.
enum PixelMath {
    /// `round(a * b / 255)` exactly, without division.
    @inline(__always)
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        let t = UInt32(a) * UInt32(b) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// `round(c * 255 / a)`, clamped; 0 when alpha is 0.
    @inline(__always)
    static func unmultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        if a == 255 { return c }
        return UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }

    /// ⌈2³² / a⌉ by alpha a (0 for 0): `(x × reciprocals[a]) >> 32` is `x / a` exactly for every
    /// x < 2¹⁶ (the error x · (⌈2³²/a⌉·a − 2³²) / 2³² stays below 1/a), so `unmultiply` is
    /// `min(255, ((c × 255 + a / 2) × reciprocals[a]) >> 32)` for every alpha, 0 and 255 included.
    static let reciprocals: [UInt64] = (0...255).map { $0 == 0 ? 0 : ((1 << 32) + UInt64($0) - 1) / UInt64($0) }
}
