extension ThumbHash {
    /// The hash decoded to `width` × `height` pixels at scale 1 by the
    /// reference algorithm (in `Float`, components truncated to bytes as the
    /// reference does), with alpha when the hash has it.
    package func decoded() -> Bitmap {
        let header = Header(bytes)
        let factors = acFactors(header)
        let (lx, ly) = (header.lx, header.ly)
        let pi = ThumbHashMath.pi
        var fx = [Float](repeating: 0, count: 7)
        var fy = [Float](repeating: 0, count: 7)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for cx in 0..<max(lx, header.hasAlpha ? 5 : 3) {
                    fx[cx] = ThumbHashMath.cos(pi / Float(width) * (Float(x) + 0.5) * Float(cx))
                }
                for cy in 0..<max(ly, header.hasAlpha ? 5 : 3) {
                    fy[cy] = ThumbHashMath.cos(pi / Float(height) * (Float(y) + 0.5) * Float(cy))
                }
                let l = Self.sum(header.lDC, factors.l, nx: lx, ny: ly, fx: fx, fy: fy, basisFirst: false)
                let p = Self.sum(header.pDC, factors.p, nx: 3, ny: 3, fx: fx, fy: fy, basisFirst: true)
                let q = Self.sum(header.qDC, factors.q, nx: 3, ny: 3, fx: fx, fy: fy, basisFirst: true)
                let a =
                    header.hasAlpha
                    ? Self.sum(header.aDC, factors.a, nx: 5, ny: 5, fx: fx, fy: fy, basisFirst: false) : header.aDC
                let b = l - 2 / 3 * p
                let r = (3 * l - b + q) / 2
                let g = r - q
                let i = (y * width + x) * 4
                rgba[i] = Self.byte(r)
                rgba[i + 1] = Self.byte(g)
                rgba[i + 2] = Self.byte(b)
                rgba[i + 3] = Self.byte(a)
            }
        }
        var bitmap = Bitmap(trustedWidth: width, height: height, scale: 1, pixels: rgba)
        bitmap.premultiplyInPlace()
        return bitmap
    }

    /// `dc` plus each AC factor times `fx[cx]` and `fy[cy] · 2`, in the
    /// reference's order: `(ac · fx) · fy2` for L and A, `ac · (fx · fy2)`
    /// for P and Q (`basisFirst`). For the 3×3 and 5×5 channels the
    /// reference's bound `cx < n − cy` is the same cells as
    /// `cx · n < n · (n − cy)`.
    static func sum(
        _ dc: Float, _ ac: [Float], nx: Int, ny: Int, fx: [Float], fy: [Float], basisFirst: Bool
    ) -> Float {
        var value = dc
        var j = 0
        for cy in 0..<ny {
            var cx = cy > 0 ? 0 : 1
            let fy2 = fy[cy] * 2
            while cx * ny < nx * (ny - cy) {
                value += basisFirst ? ac[j] * (fx[cx] * fy2) : ac[j] * fx[cx] * fy2
                j += 1
                cx += 1
            }
        }
        return value
    }

    /// `clamp(v, 0, 1) · 255`, truncated as the reference's `as u8` does.
    static func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(1, value)) * 255) }

    /// The AC factors of each channel, nibble by nibble after the header,
    /// scaled as the reference scales them (P and Q boosted by 1.25).
    func acFactors(_ header: Header) -> (l: [Float], p: [Float], q: [Float], a: [Float]) {
        var index = 0
        let start = header.hasAlpha ? 6 : 5
        func channel(nx: Int, ny: Int, scale: Float) -> [Float] {
            let count = ThumbHashMath.acCount(nx: nx, ny: ny)
            var ac: [Float] = []
            ac.reserveCapacity(count)
            for _ in 0..<count {
                let bits = (bytes[start + (index >> 1)] >> ((index & 1) << 2)) & 15
                ac.append((Float(bits) / 7.5 - 1) * scale)
                index += 1
            }
            return ac
        }
        let l = channel(nx: header.lx, ny: header.ly, scale: header.lScale)
        let p = channel(nx: 3, ny: 3, scale: header.pScale * 1.25)
        let q = channel(nx: 3, ny: 3, scale: header.qScale * 1.25)
        let a = header.hasAlpha ? channel(nx: 5, ny: 5, scale: header.aScale) : []
        return (l, p, q, a)
    }
}
