extension BlurHash {
    /// The hash decoded to `width` × `height` opaque pixels at scale 1, by
    /// the standard algorithm: each pixel is the sum of the components
    /// weighted by the cosine basis, converted from linear light to sRGB.
    package func decoded() -> Bitmap {
        // Validated in `init`, so this cannot fail.
        let digits = (try? Self.digits(of: string)) ?? []
        let (nx, ny) = (componentsX, componentsY)
        let colours = Self.colours(digits: digits, count: nx * ny, punch: punch)
        let cosX = BlurHashMath.basis(count: nx, length: width)
        let cosY = BlurHashMath.basis(count: ny, length: height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for j in 0..<ny {
                    for i in 0..<nx {
                        let basis = cosX[i * width + x] * cosY[j * height + y]
                        let colour = colours[i + j * nx]
                        r += colour.r * basis
                        g += colour.g * basis
                        b += colour.b * basis
                    }
                }
                let p = (y * width + x) * 4
                pixels[p] = BlurHashMath.sRGB(fromLinear: r)
                pixels[p + 1] = BlurHashMath.sRGB(fromLinear: g)
                pixels[p + 2] = BlurHashMath.sRGB(fromLinear: b)
            }
        }
        return Bitmap(trustedWidth: width, height: height, scale: 1, pixels: pixels)
    }

    /// The components in linear light: the DC from its sRGB bytes, each AC
    /// as `signedSquare((q − 9) / 9) · maximum · punch`.
    static func colours(digits: [Int], count: Int, punch: Double) -> [(r: Double, g: Double, b: Double)] {
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 83 + $1 } }
        let maximum = Double(digits[1] + 1) / 166 * punch
        let dc = number(2..<6)
        let linear = linearFromSRGB
        var colours = [(r: linear[dc >> 16], g: linear[(dc >> 8) & 255], b: linear[dc & 255])]
        func ac(_ q: Int) -> Double {
            let v = (Double(q) - 9) / 9
            return (v < 0 ? -(v * v) : v * v) * maximum
        }
        for component in 1..<max(count, 1) {
            let value = number((4 + component * 2)..<(6 + component * 2))
            colours.append((r: ac(value / 361), g: ac(value / 19 % 19), b: ac(value % 19)))
        }
        return colours
    }
}
