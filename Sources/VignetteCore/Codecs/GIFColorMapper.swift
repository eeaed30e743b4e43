/// Maps straight RGBA pixels to indices of a GIF palette: the nearest colour
/// by squared RGB distance (the lower index on a tie), transparent below
/// `GIFQuantizer.alphaThreshold`. A colour's index depends only on the
/// colour, so a static area keeps its indices in every frame.
struct GIFColorMapper {
    private let reds: [Int]
    private let greens: [Int]
    private let blues: [Int]
    private let transparentIndex: UInt8
    // A direct-mapped cache of answers: each is a pure function of its colour,
    // so the cache changes speed, never results.
    private var keys = [UInt32](repeating: .max, count: 1 << 16)
    private var values = [UInt8](repeating: 0, count: 1 << 16)

    /// A mapper onto `colors` (0xRRGGBB, 1...256 of them); `transparentIndex`
    /// is written for transparent pixels.
    init(colors: [UInt32], transparentIndex: UInt8) {
        reds = colors.map { Int($0 >> 16 & 0xFF) }
        greens = colors.map { Int($0 >> 8 & 0xFF) }
        blues = colors.map { Int($0 & 0xFF) }
        self.transparentIndex = transparentIndex
    }

    /// One palette index per pixel of straight RGBA `rgba`.
    mutating func indices(of rgba: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: transparentIndex, count: rgba.count / 4)
        rgba.withUnsafeBufferPointer { p in
            for pixel in 0..<out.count {
                let i = pixel * 4
                guard p[i + 3] >= GIFQuantizer.alphaThreshold else { continue }
                out[pixel] = index(of: UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]))
            }
        }
        return out
    }

    /// The palette index nearest to 0xRRGGBB `color`.
    mutating func index(of color: UInt32) -> UInt8 {
        let slot = Int((color &* 0x9E37_79B1) >> 16)
        if keys[slot] == color { return values[slot] }
        let (r, g, b) = (Int(color >> 16), Int(color >> 8 & 0xFF), Int(color & 0xFF))
        var best = 0
        var bestDistance = Int.max
        for index in 0..<reds.count {
            let (dr, dg, db) = (reds[index] - r, greens[index] - g, blues[index] - b)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        keys[slot] = color
        values[slot] = UInt8(best)
        return UInt8(best)
    }
}
