extension ThumbHash {
    /// The fields of a hash's first five (six with alpha) bytes.
    struct Header {
        let lDC: Float
        let pDC: Float
        let qDC: Float
        let lScale: Float
        let pScale: Float
        let qScale: Float
        let hasAlpha: Bool
        let isLandscape: Bool
        /// The luminance component count on the short side (1–7).
        let shortSideComponents: Int
        /// Alpha DC and scale (1 and 1 without alpha).
        let aDC: Float
        let aScale: Float

        init(_ bytes: [UInt8]) {
            let header24 = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
            let header16 = UInt32(bytes[3]) | UInt32(bytes[4]) << 8
            lDC = Float(header24 & 63) / 63
            pDC = Float((header24 >> 6) & 63) / 31.5 - 1
            qDC = Float((header24 >> 12) & 63) / 31.5 - 1
            lScale = Float((header24 >> 18) & 31) / 31
            hasAlpha = header24 >> 23 != 0
            pScale = Float((header16 >> 3) & 63) / 63
            qScale = Float((header16 >> 9) & 63) / 63
            isLandscape = header16 >> 15 != 0
            shortSideComponents = Int(header16 & 7)
            let alpha = hasAlpha && bytes.count > 5 ? bytes[5] : 0xFF
            aDC = hasAlpha ? Float(alpha & 15) / 15 : 1
            aScale = hasAlpha ? Float(alpha >> 4) / 15 : 1
        }

        /// 7 luminance components on the long side, 5 with alpha.
        var longSideComponents: Int { hasAlpha ? 5 : 7 }
        /// Luminance components across (at least 3, as the reference decodes).
        var lx: Int { max(3, isLandscape ? longSideComponents : shortSideComponents) }
        /// Luminance components down (at least 3).
        var ly: Int { max(3, isLandscape ? shortSideComponents : longSideComponents) }

        /// Width / height as the reference approximates it.
        var aspectRatio: Float {
            let (x, y) =
                isLandscape
                ? (longSideComponents, shortSideComponents) : (shortSideComponents, longSideComponents)
            return Float(x) / Float(y)
        }

        /// Header bytes plus one nibble per AC factor (L, P, Q and alpha).
        var byteCount: Int {
            var nibbles = ThumbHashMath.acCount(nx: lx, ny: ly) + 2 * ThumbHashMath.acCount(nx: 3, ny: 3)
            if hasAlpha { nibbles += ThumbHashMath.acCount(nx: 5, ny: 5) }
            return (hasAlpha ? 6 : 5) + (nibbles + 1) / 2
        }

        /// The reference's average colour, each component clamped to 0…1.
        var averageColor: Color {
            let b = lDC - 2 / 3 * pDC
            let r = (3 * lDC - b + qDC) / 2
            let g = r - qDC
            func byte(_ v: Float) -> UInt8 { UInt8(ThumbHashMath.round(max(0, min(1, v)) * 255)) }
            return Color(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(aDC))
        }
    }
}
