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
}
