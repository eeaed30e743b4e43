/// One pixel as stored in a `Bitmap`: RGBA with colour premultiplied by alpha.
public struct PremultipliedPixel: Sendable, Hashable {
    /// Red × alpha / 255.
    public var red: UInt8
    /// Green × alpha / 255.
    public var green: UInt8
    /// Blue × alpha / 255.
    public var blue: UInt8
    /// Opacity.
    public var alpha: UInt8

    /// Creates a pixel from premultiplied components (each colour ≤ alpha).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The straight-alpha colour of this pixel.
    public var color: Color {
        Color(
            red: PixelMath.unmultiply(red, alpha),
            green: PixelMath.unmultiply(green, alpha),
            blue: PixelMath.unmultiply(blue, alpha),
            alpha: alpha)
    }
}

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
