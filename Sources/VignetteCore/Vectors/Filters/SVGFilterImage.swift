/// One image of a filter chain: premultiplied RGBA8 the size of the filter
/// region, in sRGB or linear-light RGB. Everything outside it is
/// transparent black, as the filter model says.
struct SVGFilterImage {
    let width: Int
    let height: Int
    var pixels: [UInt8]
    var linear: Bool

    init(width: Int, height: Int, linear: Bool) {
        self.width = width
        self.height = height
        self.linear = linear
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The same image in linear RGB (`linear`) or sRGB: unpremultiplied,
    /// each colour channel through the table, premultiplied again.
    func converted(linear target: Bool) -> SVGFilterImage {
        guard target != linear else { return self }
        var out = self
        out.linear = target
        let table = target ? SVGColorSpace.toLinear : SVGColorSpace.toSRGB
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                guard a != 0 else { continue }
                for k in 0..<3 { p[i + k] = PixelMath.multiply(table[Int(PixelMath.unmultiply(p[i + k], a))], a) }
            }
        }
        return out
    }

    /// Only the alpha channel (colour black): `SourceAlpha`.
    func alphaOnly() -> SVGFilterImage {
        var out = self
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            out.pixels[i] = 0
            out.pixels[i + 1] = 0
            out.pixels[i + 2] = 0
        }
        return out
    }

    /// Moved by whole pixels (`dx` right, `dy` down); what comes in is transparent.
    func offset(dx: Int, dy: Int) -> SVGFilterImage {
        var out = SVGFilterImage(width: width, height: height, linear: linear)
        guard abs(dx) < width, abs(dy) < height else { return out }
        let columns = max(0, dx)..<min(width, width + dx)
        for y in max(0, dy)..<min(height, height + dy) {
            let from = ((y - dy) * width + columns.lowerBound - dx) * 4
            let to = (y * width + columns.lowerBound) * 4
            let count = columns.count * 4
            out.pixels[to..<to + count] = pixels[from..<from + count]
        }
        return out
    }

    /// A Gaussian blur of σ `sigmaX` across and `sigmaY` down, in pixels
    /// (0 leaves that axis alone), each row, then each column, on its own.
    /// Below σ 4 a line goes through the renderer's fixed-point
    /// ``GaussianBlur`` (a one-row image blurs along its row only), padded
    /// with transparent pixels so its extended edge is the transparent black
    /// beyond the region; from σ 4 on, through the three box blurs the
    /// Filter Effects spec gives, whose cost does not grow with σ.
    mutating func blur(sigmaX: Double, sigmaY: Double) {
        if sigmaX > 0 { blurLines(sigma: sigmaX, count: height, length: width, step: 4, lineStep: width * 4) }
        if sigmaY > 0 { blurLines(sigma: sigmaY, count: width, length: height, step: width * 4, lineStep: 4) }
    }

    /// Up to this σ a line is blurred by ``GaussianBlur``'s direct convolution.
    static let largestGaussianSigma = 4.0

    private mutating func blurLines(sigma: Double, count: Int, length: Int, step: Int, lineStep: Int) {
        let gaussian = sigma < Self.largestGaussianSigma
        let pad = gaussian ? 1 : 0
        let plan = GaussianBlur(sigma: sigma, width: length + 2 * pad, height: 1)
        var line = [UInt8](repeating: 0, count: (length + 2 * pad) * 4)
        var scratch = line
        for n in 0..<count {
            let base = n * lineStep
            // The padding takes what the previous line's blur spilled into it: clear it.
            for k in 0..<pad * 4 {
                line[k] = 0
                line[line.count - 1 - k] = 0
            }
            for x in 0..<length {
                for k in 0..<4 { line[(x + pad) * 4 + k] = pixels[base + x * step + k] }
            }
            if gaussian { plan.apply(to: &line) } else { Self.boxBlurs(&line, scratch: &scratch, sigma: sigma) }
            for x in 0..<length {
                for k in 0..<4 { pixels[base + x * step + k] = line[(x + pad) * 4 + k] }
            }
        }
    }

    /// The spec's approximation: box width d = ⌊σ · 3 √(2π) / 4 + 0.5⌋;
    /// three boxes of d when d is odd, else two of d half a pixel either
    /// side and one of d + 1. Beyond the line is transparent.
    static func boxBlurs(_ line: inout [UInt8], scratch: inout [UInt8], sigma: Double) {
        let d = max(1, Int(min(sigma, 1e6) * 3 * 2.506_628_274_631_000_5 / 4 + 0.5))
        let passes = d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)] : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        for (left, right) in passes {
            box(line, into: &scratch, left: left, right: right)
            swap(&line, &scratch)
        }
    }

    /// Each pixel the rounded mean of `left` before it to `right` after it (zero beyond the line).
    static func box(_ line: [UInt8], into out: inout [UInt8], left: Int, right: Int) {
        let length = line.count / 4
        let width = left + right + 1
        for k in 0..<4 {
            var sum = 0
            for x in 0..<min(right, length - 1) + 1 { sum += Int(line[x * 4 + k]) }
            for x in 0..<length {
                out[x * 4 + k] = UInt8((sum + width / 2) / width)
                if x + right + 1 < length { sum += Int(line[(x + right + 1) * 4 + k]) }
                if x - left >= 0 { sum -= Int(line[(x - left) * 4 + k]) }
            }
        }
    }

    /// `top` over this image (source-over, premultiplied).
    mutating func draw(_ top: SVGFilterImage) {
        top.pixels.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { d in
                for i in stride(from: 0, to: s.count, by: 4) where s[i + 3] != 0 {
                    SVGCanvas.over(d, i, s[i], s[i + 1], s[i + 2], s[i + 3])
                }
            }
        }
    }
}
