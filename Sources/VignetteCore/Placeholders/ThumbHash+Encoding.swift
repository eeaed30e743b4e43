extension ThumbHash {
    /// The largest side the algorithm reads: larger images are fitted first.
    package static let maxEncodedSide = 100

    /// Encodes a bitmap: an image larger than 100×100 pixels is first
    /// fitted within 100×100 by the library's own `aspectFit` render
    /// (Lanczos-3; the long side becomes 100, the short side
    /// `round(100 · short / long)`, at least 1), then the reference
    /// algorithm runs on its straight-alpha pixels.
    ///
    /// ```swift
    /// let hash = try ThumbHash.encode(try Bitmap(contentsOf: "parrots.png"))
    /// print(hash.string)  // "1QcSHQRnh493V4dIh4eXh1h4kJUI"
    /// ```
    public static func encode(_ bitmap: Bitmap, width: Int? = nil, height: Int? = nil) throws(ThumbHash.Error) -> ThumbHash {
        guard bitmap.width > 0, bitmap.height > 0 else { throw .emptyImage }
        let fitted = fitted(bitmap)
        let bytes = hashBytes(width: fitted.width, height: fitted.height, straightRGBA: fitted.straightRGBA())
        return try ThumbHash(bytes: bytes, width: width, height: height)
    }

    /// `bitmap` itself when it fits within 100×100, else its `aspectFit`
    /// render at the fitted size.
    static func fitted(_ bitmap: Bitmap) -> Bitmap { bitmap.fitted(within: maxEncodedSide) }

    /// The reference algorithm on straight-alpha RGBA bytes of an image at
    /// most 100×100: average colour, composite onto it, L/P/Q(/A) channels,
    /// their DCT factors, then the header and the 4-bit factors.
    static func hashBytes(width w: Int, height h: Int, straightRGBA rgba: [UInt8]) -> [UInt8] {
        let average = averageColour(rgba)
        let hasAlpha = average.a < Float(w * h)
        let lLimit = hasAlpha ? 5 : 7
        let lx = max(1, Int(ThumbHashMath.round(Float(lLimit * w) / Float(max(w, h)))))
        let ly = max(1, Int(ThumbHashMath.round(Float(lLimit * h) / Float(max(w, h)))))
        let channels = lpqa(rgba, average: average)
        let l = encodeChannel(channels.l, w: w, h: h, nx: max(3, lx), ny: max(3, ly))
        let p = encodeChannel(channels.p, w: w, h: h, nx: 3, ny: 3)
        let q = encodeChannel(channels.q, w: w, h: h, nx: 3, ny: 3)
        let a = hasAlpha ? encodeChannel(channels.a, w: w, h: h, nx: 5, ny: 5) : (dc: Float(1), ac: [], scale: Float(1))
        let isLandscape = w > h
        let round = ThumbHashMath.round
        let header24 =
            round(63 * l.dc) | round(31.5 + 31.5 * p.dc) << 6 | round(31.5 + 31.5 * q.dc) << 12
            | round(31 * l.scale) << 18 | (hasAlpha ? 1 << 23 : 0)
        let header16 =
            (UInt32(isLandscape ? ly : lx) | round(63 * p.scale) << 3 | round(63 * q.scale) << 9
                | (isLandscape ? 1 << 15 : 0)) & 0xFFFF
        var hash: [UInt8] = [
            UInt8(header24 & 255), UInt8((header24 >> 8) & 255), UInt8(truncatingIfNeeded: header24 >> 16),
            UInt8(header16 & 255), UInt8(header16 >> 8)
        ]
        if hasAlpha { hash.append(UInt8(truncatingIfNeeded: round(15 * a.dc) | round(15 * a.scale) << 4)) }
        var isOdd = false
        for factor in l.ac + p.ac + q.ac + a.ac {
            let u = UInt8(truncatingIfNeeded: min(255, round(15 * factor)))
            if isOdd { hash[hash.count - 1] |= u << 4 } else { hash.append(u) }
            isOdd.toggle()
        }
        return hash
    }

    /// The alpha-weighted average colour and the alpha sum, accumulated
    /// pixel by pixel as the reference does.
    static func averageColour(_ rgba: [UInt8]) -> (r: Float, g: Float, b: Float, a: Float) {
        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Float(rgba[i + 3]) / 255
            r += alpha / 255 * Float(rgba[i])
            g += alpha / 255 * Float(rgba[i + 1])
            b += alpha / 255 * Float(rgba[i + 2])
            a += alpha
        }
        if a > 0 {
            r /= a
            g /= a
            b /= a
        }
        return (r, g, b, a)
    }

    /// Each pixel composited onto the average colour, as luminance `L`,
    /// yellow–blue `P`, red–green `Q` and alpha `A`.
    static func lpqa(
        _ rgba: [UInt8], average: (r: Float, g: Float, b: Float, a: Float)
    ) -> (l: [Float], p: [Float], q: [Float], a: [Float]) {
        let count = rgba.count / 4
        var (l, p, q, a) = ([Float](), [Float](), [Float](), [Float]())
        l.reserveCapacity(count)
        p.reserveCapacity(count)
        q.reserveCapacity(count)
        a.reserveCapacity(count)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Float(rgba[i + 3]) / 255
            let r = average.r * (1 - alpha) + alpha / 255 * Float(rgba[i])
            let g = average.g * (1 - alpha) + alpha / 255 * Float(rgba[i + 1])
            let b = average.b * (1 - alpha) + alpha / 255 * Float(rgba[i + 2])
            l.append((r + g + b) / 3)
            p.append((r + g) / 2 - b)
            q.append(r - g)
            a.append(alpha)
        }
        return (l, p, q, a)
    }

    /// The DCT of one channel: the DC, the AC factors mapped to 0…1 by
    /// their largest magnitude, and that magnitude.
    static func encodeChannel(_ channel: [Float], w: Int, h: Int, nx: Int, ny: Int) -> (dc: Float, ac: [Float], scale: Float) {
        var (dc, scale): (Float, Float) = (0, 0)
        var ac: [Float] = []
        var fx = [Float](repeating: 0, count: w)
        let pi = ThumbHashMath.pi
        for cy in 0..<ny {
            var cx = 0
            while cx * ny < nx * (ny - cy) {
                var f: Float = 0
                for x in 0..<w { fx[x] = ThumbHashMath.cos(pi / Float(w) * Float(cx) * (Float(x) + 0.5)) }
                for y in 0..<h {
                    let fy = ThumbHashMath.cos(pi / Float(h) * Float(cy) * (Float(y) + 0.5))
                    for x in 0..<w { f += channel[x + y * w] * fx[x] * fy }
                }
                f /= Float(w * h)
                if cx > 0 || cy > 0 {
                    ac.append(f)
                    scale = max(abs(f), scale)
                } else {
                    dc = f
                }
                cx += 1
            }
        }
        if scale > 0 { ac = ac.map { 0.5 + 0.5 / scale * $0 } }
        return (dc, ac, scale)
    }
}
