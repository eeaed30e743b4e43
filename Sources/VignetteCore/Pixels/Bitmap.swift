/// A decoded image: 8-bit RGBA, premultiplied alpha, rows top to bottom,
/// contiguous, with a `scale` (pixels per point).
///
/// ```swift
/// var swatch = Bitmap(width: 2, height: 2, fill: .white)
/// swatch[1, 1] = Color.black.premultiplied
/// let photo = try Bitmap(contentsOf: "photo@2x.png")  // scale 2
/// print(photo.size)                                           // in points
/// ```
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point: a 200-pixel-wide bitmap at scale 2 is 100 points wide.
    public var scale: Double
    /// Premultiplied RGBA bytes, `width * height * 4`, row-major.
    public internal(set) var pixels: [UInt8]
    /// True when the image was drawn with a descriptor's tint as its colour
    /// (a vector's `currentColor`): the renderer then keeps its colours
    /// instead of recolouring it as a template. Part of equality: such an
    /// image draws differently under a tint from the same pixels without it.
    package var drewTint = false

    /// Creates a bitmap filled with one colour.
    public init(width: Int, height: Int, scale: Double = 1, fill: Color = .clear) {
        precondition(width >= 0 && height >= 0, "Bitmap dimensions must not be negative")
        self.width = width
        self.height = height
        self.scale = scale
        let p = fill.premultiplied
        if p.alpha == 0 {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for i in stride(from: 0, to: width * height * 4, by: 4) {
                    buffer[i] = p.red
                    buffer[i + 1] = p.green
                    buffer[i + 2] = p.blue
                    buffer[i + 3] = p.alpha
                }
                count = width * height * 4
            }
        }
    }

    /// Wraps premultiplied RGBA bytes; the count must be `width * height * 4`
    /// and no colour component may exceed its alpha.
    public init(width: Int, height: Int, scale: Double = 1, premultipliedRGBA: [UInt8]) throws(Bitmap.Error) {
        try Bitmap.validate(width: width, height: height, scale: scale, count: premultipliedRGBA.count)
        for i in stride(from: 0, to: premultipliedRGBA.count, by: 4) {
            let a = premultipliedRGBA[i + 3]
            if premultipliedRGBA[i] > a || premultipliedRGBA[i + 1] > a || premultipliedRGBA[i + 2] > a {
                throw .notPremultiplied(x: (i / 4) % width, y: (i / 4) / width)
            }
        }
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = premultipliedRGBA
    }

    /// Premultiplies straight-alpha RGBA bytes into a bitmap.
    public init(width: Int, height: Int, scale: Double = 1, straightRGBA: [UInt8]) throws(Bitmap.Error) {
        try Bitmap.validate(width: width, height: height, scale: scale, count: straightRGBA.count)
        self.init(trustedWidth: width, height: height, scale: scale, pixels: straightRGBA)
        premultiplyInPlace()
    }

    /// For internal producers that already guarantee the layout.
    init(trustedWidth width: Int, height: Int, scale: Double, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// Size in points: pixels divided by `scale`.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The premultiplied pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            let i = (y * width + x) * 4
            return PremultipliedPixel(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
            precondition(
                newValue.red <= newValue.alpha && newValue.green <= newValue.alpha && newValue.blue <= newValue.alpha,
                "premultiplied colour must not exceed alpha")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red
            pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue
            pixels[i + 3] = newValue.alpha
        }
    }

    /// The straight-alpha colour at column `x`, row `y`.
    public func color(x: Int, y: Int) -> Color { self[x, y].color }

    /// True when every pixel is fully opaque.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    /// The pixels converted to straight (non-premultiplied) RGBA.
    public func straightRGBA() -> [UInt8] {
        // PixelMath.unmultiply by a multiplication per channel (no division), written straight into the copy;
        // opaque pixels are as they are and transparent ones all zero, a word at a time (most pixels are one or the other).
        [UInt8](unsafeUninitializedCapacity: pixels.count) { out, initialized in
            pixels.withUnsafeBytes { p in
                PixelMath.reciprocals.withUnsafeBufferPointer { reciprocals in
                    guard let base = out.baseAddress else { return }
                    let destination = UnsafeMutableRawPointer(base)
                    for i in stride(from: 0, to: p.count, by: 4) {
                        let word = p.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                        let a = p[i + 3]
                        guard a != 255, a != 0 else {
                            destination.storeBytes(of: a == 0 ? 0 : word, toByteOffset: i, as: UInt32.self)
                            continue
                        }
                        let (reciprocal, half) = (reciprocals[Int(a)], UInt64(a >> 1))
                        for k in 0..<3 { out[i + k] = UInt8(min(255, ((UInt64(p[i + k]) &* 255 &+ half) &* reciprocal) >> 32)) }
                        out[i + 3] = a
                    }
                }
            }
            initialized = pixels.count
        }
    }

    mutating func premultiplyInPlace() {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                if a == 255 { continue }
                p[i] = PixelMath.multiply(p[i], a)
                p[i + 1] = PixelMath.multiply(p[i + 1], a)
                p[i + 2] = PixelMath.multiply(p[i + 2], a)
            }
        }
    }

    private static func validate(width: Int, height: Int, scale: Double, count: Int) throws(Bitmap.Error) {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let (expected, overflow) = width.multipliedReportingOverflow(by: height * 4)
        guard !overflow, expected == count else {
            throw .bufferSizeMismatch(expected: overflow ? Int.max : expected, actual: count)
        }
    }
}

extension Bitmap {
    /// Why bytes could not become a bitmap.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Width or height was zero or negative.
        case invalidDimensions(width: Int, height: Int)
        /// The scale was zero, negative or not finite.
        case invalidScale(Double)
        /// The byte count was not `width * height * 4`.
        case bufferSizeMismatch(expected: Int, actual: Int)
        /// A colour component exceeded its alpha at that pixel.
        case notPremultiplied(x: Int, y: Int)

        /// What was wrong with the dimensions or bytes.
        public var description: String {
            switch self {
            case .invalidDimensions(let w, let h): "invalid bitmap size \(w)x\(h): both must be positive"
            case .invalidScale(let s): "invalid bitmap scale \(s): it must be a positive number"
            case .bufferSizeMismatch(let e, let a): "bitmap buffer holds \(a) bytes; width x height x 4 = \(e)"
            case .notPremultiplied(let x, let y): "pixel (\(x), \(y)) is not premultiplied: a colour exceeds its alpha"
            }
        }
    }
}
