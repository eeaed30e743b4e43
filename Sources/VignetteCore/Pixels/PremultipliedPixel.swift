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
