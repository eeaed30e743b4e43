/// `feTurbulence`: Perlin noise over the primitive's subregion.
extension SVGFilterChain {
    /// At most this many octaves are summed: the next would add less than
    /// 255 / 2²⁴ to a channel, so no output byte changes.
    static let maxOctaves = 24

    /// `type` `turbulence` (the default: Σ |noise| / 2ᵒ × 255) or
    /// `fractalNoise` ((Σ noise / 2ᵒ × 255 + 255) / 2), at each pixel's
    /// corner in primitive units × `baseFrequency`, for `numOctaves` octaves
    /// from `seed`; `stitchTiles="stitch"` makes the subregion tile
    /// seamlessly. The four channels are unpremultiplied values in the
    /// primitive's colour space. A negative frequency is an error: transparent black.
    func turbulence(_ primitive: SVGElement, linear: Bool, region: Region) -> SVGFilterImage {
        var out = SVGFilterImage(width: source.width, height: source.height, linear: linear)
        let frequencies = Self.numbers(primitive, "baseFrequency") ?? [0]
        guard let first = frequencies.first, frequencies.count <= 2 else { return out }
        var frequency = (first, frequencies.count > 1 ? frequencies[1] : first)
        guard frequency.0 >= 0, frequency.1 >= 0, frequency.0.isFinite, frequency.1.isFinite,
            let inverse = units.inverted, !region.isEmpty
        else { return out }
        let octaves = min(Self.maxOctaves, max(0, Int(min(max(Self.numbers(primitive, "numOctaves")?.first ?? 1, 0), 100))))
        let fractal = primitive["type"] == "fractalNoise"
        let noise = SVGTurbulence(seed: Self.numbers(primitive, "seed")?.first ?? 0)
        var stitch: SVGTurbulence.Stitch?
        if primitive["stitchTiles"] == "stitch" {
            let corners = Self.corners(
                x: Double(region.x + frame.x), y: Double(region.y + frame.y), width: Double(region.width), height: Double(region.height)
            ).map(inverse.apply)
            let x = corners.map(\.x).min()!
            let y = corners.map(\.y).min()!
            let tile = (x, y, corners.map(\.x).max()! - x, corners.map(\.y).max()! - y)
            (frequency, stitch) = Self.stitched(frequency, tile: tile)
        }
        for y in region.y..<region.y + region.height {
            for x in region.x..<region.x + region.width {
                let point = inverse.apply(Vector2(x: Double(x + frame.x), y: Double(y + frame.y)))
                func channel(_ channel: Int) -> UInt8 {
                    var sum = 0.0
                    var vector = (point.x * frequency.0, point.y * frequency.1)
                    var ratio = 1.0
                    var wrap = stitch
                    for _ in 0..<octaves {
                        let n = noise.noise(channel, vector, stitch: wrap)
                        sum += (fractal ? n : abs(n)) / ratio
                        vector = (vector.0 * 2, vector.1 * 2)
                        ratio *= 2
                        if let s = wrap {
                            wrap = .init(width: s.width * 2, height: s.height * 2, wrapX: 2 * s.wrapX - 4096, wrapY: 2 * s.wrapY - 4096)
                        }
                    }
                    let value = fractal ? (sum * 255 + 255) / 2 : sum * 255
                    return UInt8(DeterministicMath.roundedNonNegative(min(max(value, 0), 255)))
                }
                // Four channels in locals, no array per pixel.
                let (r, g, b, a) = (channel(0), channel(1), channel(2), channel(3))
                let o = (y * out.width + x) * 4
                out.pixels[o] = PixelMath.multiply(r, a)
                out.pixels[o + 1] = PixelMath.multiply(g, a)
                out.pixels[o + 2] = PixelMath.multiply(b, a)
                out.pixels[o + 3] = a
            }
        }
        return out
    }

    /// Frequencies moved to the nearest that fit a whole number of lattice
    /// cells in the tile, and where the lattice wraps.
    static func stitched(
        _ frequency: (Double, Double), tile: (x: Double, y: Double, width: Double, height: Double)
    ) -> ((Double, Double), SVGTurbulence.Stitch?) {
        guard tile.width > 0, tile.height > 0, tile.width < 1e9, tile.height < 1e9, abs(tile.x) < 1e9, abs(tile.y) < 1e9 else {
            return (frequency, nil)
        }
        func fitted(_ f: Double, _ side: Double) -> Double {
            guard f != 0 else { return f }
            let low = (side * f).rounded(.down) / side
            let high = (side * f).rounded(.up) / side
            return low != 0 && f / low < high / f ? low : high
        }
        let f = (fitted(frequency.0, tile.width), fitted(frequency.1, tile.height))
        guard f.0 < 1e6, f.1 < 1e6 else { return (frequency, nil) }
        let width = Int(tile.width * f.0 + 0.5)
        let height = Int(tile.height * f.1 + 0.5)
        let stitch = SVGTurbulence.Stitch(
            width: width, height: height,
            wrapX: Int(tile.x * f.0 + SVGTurbulence.offset + Double(width)),
            wrapY: Int(tile.y * f.1 + SVGTurbulence.offset + Double(height)))
        return (f, stitch)
    }
}
