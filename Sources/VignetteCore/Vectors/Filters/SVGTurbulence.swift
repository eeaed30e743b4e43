/// The Perlin noise `feTurbulence` asks for, exactly as the Filter Effects
/// spec defines it: a Park–Miller generator seeds a 256-entry lattice and
/// four sets of unit gradients (one per channel), and noise is summed over
/// octaves. Only +, −, ×, ÷, √ and rounding toward zero are used, all
/// exact in IEEE arithmetic, so every machine computes the same values.
struct SVGTurbulence {
    static let size = 256
    static let mask = 255
    /// Added before the lattice look-up so negative coordinates stay positive.
    static let offset = 4096.0

    private(set) var lattice = [Int](repeating: 0, count: size + size + 2)
    /// Entries of one channel's gradients.
    static let channelStride = size + size + 2
    /// Channel `c`'s gradient `index` at `c × channelStride + index` (one array: no inner array to retain per look-up).
    private(set) var gradients = [(Double, Double)](repeating: (0, 0), count: 4 * channelStride)

    /// Lattice positions wrap here when tiles are stitched.
    struct Stitch {
        var width: Int, height: Int
        var wrapX: Int, wrapY: Int
    }

    init(seed: Double) {
        var state = Self.firstState(seed)
        func next() -> Int {
            // Park–Miller, by Schrage's method: no intermediate exceeds 32 bits.
            state = 16_807 * (state % 127_773) - 2_836 * (state / 127_773)
            if state <= 0 { state += 2_147_483_647 }
            return state
        }
        for channel in 0..<4 {
            for i in 0..<Self.size {
                lattice[i] = i
                let gx = Double(next() % (Self.size + Self.size) - Self.size) / Double(Self.size)
                let gy = Double(next() % (Self.size + Self.size) - Self.size) / Double(Self.size)
                let length = (gx * gx + gy * gy).squareRoot()
                gradients[channel * Self.channelStride + i] = length == 0 ? (0, 0) : (gx / length, gy / length)
            }
        }
        for i in stride(from: Self.size - 1, through: 1, by: -1) {
            let j = next() % Self.size
            lattice.swapAt(i, j)
        }
        for i in 0..<Self.size + 2 {
            lattice[Self.size + i] = lattice[i]
            for channel in 0..<4 {
                let base = channel * Self.channelStride
                gradients[base + Self.size + i] = gradients[base + i]
            }
        }
    }

    /// The seed, truncated toward zero, into the generator's range.
    static func firstState(_ seed: Double) -> Int {
        let limit = 2_147_483_646.0
        let truncated = Int(min(max(seed.isFinite ? seed.rounded(.towardZero) : 0, -limit), limit))
        if truncated <= 0 { return -(truncated % 2_147_483_646) + 1 }
        return truncated
    }

    /// Noise at `point` (already scaled by the frequency) for one channel.
    func noise(_ channel: Int, _ point: (Double, Double), stitch: Stitch?) -> Double {
        let tx = point.0 + Self.offset
        let ty = point.1 + Self.offset
        // Far beyond any lattice period (and NaN): no noise, and no trap converting to Int.
        guard abs(tx) < 1e15, abs(ty) < 1e15 else { return 0 }
        var bx0 = Int(tx)
        var by0 = Int(ty)
        var bx1 = bx0 + 1
        var by1 = by0 + 1
        let rx0 = tx - Double(bx0)
        let ry0 = ty - Double(by0)
        let rx1 = rx0 - 1
        let ry1 = ry0 - 1
        if let stitch {
            if bx0 >= stitch.wrapX { bx0 -= stitch.width }
            if bx1 >= stitch.wrapX { bx1 -= stitch.width }
            if by0 >= stitch.wrapY { by0 -= stitch.height }
            if by1 >= stitch.wrapY { by1 -= stitch.height }
        }
        bx0 &= Self.mask
        bx1 &= Self.mask
        by0 &= Self.mask
        by1 &= Self.mask
        let i = lattice[bx0]
        let j = lattice[bx1]
        let base = channel * Self.channelStride
        let sx = rx0 * rx0 * (3 - 2 * rx0)
        let sy = ry0 * ry0 * (3 - 2 * ry0)
        func dot(_ index: Int, _ x: Double, _ y: Double) -> Double { x * gradients[base + index].0 + y * gradients[base + index].1 }
        let a = Self.lerp(sx, dot(lattice[i + by0], rx0, ry0), dot(lattice[j + by0], rx1, ry0))
        let b = Self.lerp(sx, dot(lattice[i + by1], rx0, ry1), dot(lattice[j + by1], rx1, ry1))
        return Self.lerp(sy, a, b)
    }

    static func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
}
