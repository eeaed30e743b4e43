extension SmartCrop {
    /// The reduced pixels split into 8-bit planes: premultiplied luma (for
    /// edges: a transparent surround reads as black, so an outline counts),
    /// the straight colour as Y'CbCr (BT.601, full range), and alpha.
    struct ColourPlanes {
        /// Luma of the premultiplied colour.
        var luma: [UInt8]
        /// Luma of the straight colour.
        var y: [UInt8]
        /// Blue-difference chroma of the straight colour (128 for grey).
        var cb: [UInt8]
        /// Red-difference chroma of the straight colour (128 for grey).
        var cr: [UInt8]
        /// Opacity.
        var alpha: [UInt8]

        init(rgba: [UInt8], count: Int, ledger: inout SmartCrop.ScratchLedger) {
            luma = ledger.zeros(count, of: UInt8.self)
            y = ledger.zeros(count, of: UInt8.self)
            cb = ledger.zeros(count, of: UInt8.self)
            cr = ledger.zeros(count, of: UInt8.self)
            alpha = ledger.zeros(count, of: UInt8.self)
            rgba.withUnsafeBufferPointer { p in
                for i in 0..<count { split(pixel: i, red: p[i * 4], green: p[i * 4 + 1], blue: p[i * 4 + 2], alpha: p[i * 4 + 3]) }
            }
        }

        private mutating func split(pixel i: Int, red: UInt8, green: UInt8, blue: UInt8, alpha a: UInt8) {
            let r = Int(PixelMath.unmultiply(red, a))
            let g = Int(PixelMath.unmultiply(green, a))
            let b = Int(PixelMath.unmultiply(blue, a))
            let luminance = Self.weigh(r, g, b, 77, 150, 29)
            let blueDifference = min(255, max(0, 128 + Self.weigh(r, g, b, -43, -85, 128)))
            let redDifference = min(255, max(0, 128 + Self.weigh(r, g, b, 128, -107, -21)))
            luma[i] = UInt8(Self.weigh(Int(red), Int(green), Int(blue), 77, 150, 29))
            y[i] = UInt8(luminance)
            cb[i] = UInt8(blueDifference)
            cr[i] = UInt8(redDifference)
            alpha[i] = a
        }

        /// `(wr·r + wg·g + wb·b) / 256`, rounded (weights in 256ths).
        @inline(__always)
        private static func weigh(_ r: Int, _ g: Int, _ b: Int, _ wr: Int, _ wg: Int, _ wb: Int) -> Int {
            let sum: Int = wr * r + wg * g + wb * b
            return (sum + 128) >> 8
        }
    }
}
