extension BlurHash {
    /// Encodes a bitmap's pixels (all of them, at full resolution) as a hash
    /// with `componentsX` × `componentsY` components (each 1–9; 4×3 is the
    /// usual choice). Alpha is undone first and then ignored: BlurHash has
    /// no transparency, so a fully transparent pixel counts as black.
    ///
    /// ```swift
    /// let hash = try BlurHash.encode(try Bitmap(contentsOf: "parrots.png"))
    /// print(hash.string)  // "LFF=X1uJ0L8yxeEMXj-OEMvzx[OY"
    /// ```
    public static func encode(
        _ bitmap: Bitmap, componentsX: Int = 4, componentsY: Int = 3, width: Int = 32, height: Int = 32
    ) throws(BlurHash.Error) -> BlurHash {
        guard (1...9).contains(componentsX), (1...9).contains(componentsY) else {
            throw .invalidComponents(x: componentsX, y: componentsY)
        }
        guard bitmap.width > 0, bitmap.height > 0 else { throw .emptyImage }
        let factors = components(of: bitmap, componentsX: componentsX, componentsY: componentsY)
        return try BlurHash(string(from: factors, componentsX: componentsX, componentsY: componentsY), width: width, height: height)
    }

    /// The DCT factors, `[r, g, b]` per component, `y` outer and `x` inner,
    /// summed in the reference's order: pixels row by row, each basis value
    /// `(norm · cos x) · cos y`, then divided by the pixel count.
    static func components(of bitmap: Bitmap, componentsX: Int, componentsY: Int) -> [[Double]] {
        let (w, h) = (bitmap.width, bitmap.height)
        let straight = straightRGB(bitmap)
        let cosX = BlurHashMath.basis(count: componentsX, length: w)
        let cosY = BlurHashMath.basis(count: componentsY, length: h)
        let linear = linearFromSRGB
        var factors: [[Double]] = []
        for j in 0..<componentsY {
            for i in 0..<componentsX {
                let norm = i == 0 && j == 0 ? 1.0 : 2.0
                var (r, g, b) = (0.0, 0.0, 0.0)
                for y in 0..<h {
                    let cy = cosY[j * h + y]
                    for x in 0..<w {
                        let basis = norm * cosX[i * w + x] * cy
                        let p = (y * w + x) * 3
                        r += basis * linear[Int(straight[p])]
                        g += basis * linear[Int(straight[p + 1])]
                        b += basis * linear[Int(straight[p + 2])]
                    }
                }
                let count = Double(w * h)
                factors.append([r / count, g / count, b / count])
            }
        }
        return factors
    }

    /// Straight-alpha RGB bytes, 3 per pixel: `round(c · 255 / a)`, 0 where
    /// alpha is 0.
    static func straightRGB(_ bitmap: Bitmap) -> [UInt8] {
        let pixels = bitmap.pixels
        var out = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
        for k in 0..<(bitmap.width * bitmap.height) {
            let a = Int(pixels[k * 4 + 3])
            for c in 0..<3 {
                let v = Int(pixels[k * 4 + c])
                out[k * 3 + c] = a == 255 ? UInt8(v) : a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a))
            }
        }
        return out
    }

    /// The hash string of the factors, quantised as the reference does.
    static func string(from factors: [[Double]], componentsX: Int, componentsY: Int) -> String {
        let dc = factors[0].map { Int(BlurHashMath.sRGB(fromLinear: $0)) }
        var maximum = 0.0
        for factor in factors.dropFirst() {
            for value in factor { maximum = max(maximum, abs(value)) }
        }
        let quantisedMaximum = factors.count > 1 ? Int(max(0, min(82, (maximum * 166 - 0.5).rounded(.down)))) : 0
        let scale = Double(quantisedMaximum + 1) / 166
        var result = base83((componentsX - 1) + (componentsY - 1) * 9, length: 1)
        result += base83(quantisedMaximum, length: 1)
        result += base83((dc[0] << 16) + (dc[1] << 8) + dc[2], length: 4)
        for factor in factors.dropFirst() {
            let q = factor.map { value -> Int in
                let root = (abs(value / scale)).squareRoot()
                let signed = value < 0 ? -root : root
                return Int(max(0, min(18, (signed * 9 + 9.5).rounded(.down))))
            }
            result += base83(q[0] * 19 * 19 + q[1] * 19 + q[2], length: 2)
        }
        return result
    }
}
