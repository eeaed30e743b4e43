import CKernels

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
    /// Pixels of the padded lines blurred together (the lines copied out and the kernel's output).
    static let batchPixels = 1 << 16

    private mutating func blurLines(sigma: Double, count: Int, length: Int, step: Int, lineStep: Int) {
        guard sigma < Self.largestGaussianSigma else {
            return boxBlurLines(sigma: sigma, count: count, length: length, step: step, lineStep: lineStep)
        }
        // σ < 4 is ``GaussianBlur``'s direct convolution of a one-row image (its vertical pass over the
        // one row leaves it as it is), each line padded with a transparent pixel either side: the taps
        // are the same for every line, so they are built once and a batch of lines goes through the
        // horizontal kernel in one call.
        let padded = length + 2
        let axis = GaussianBlur.gaussianAxis(length: padded, sigma: sigma)
        let batch = max(1, min(count, Self.batchPixels / padded))
        var lines = [UInt8](repeating: 0, count: batch * padded * 4)
        var out = lines
        for first in stride(from: 0, to: count, by: batch) {
            let rows = min(batch, count - first)
            copyLines(first..<first + rows, length: length, step: step, lineStep: lineStep, into: &lines, padded: padded)
            lines.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    axis.withKernelAxis { axis in
                        vg_resample_horizontal_path(
                            src.baseAddress!, padded * 4, axis, Int32(padded), Int32(rows), dst.baseAddress!, padded * 4,
                            Resampler.KernelPath.best.rawValue)
                    }
                }
            }
            storeLines(first..<first + rows, length: length, step: step, lineStep: lineStep, from: out, padded: padded)
        }
    }

    /// Lines `range` (pixel `x` of line `n` at byte `n × lineStep + x × step`) into `lines`, one
    /// pixel in from each padded line's start; the padding pixels stay as they are (transparent).
    private func copyLines(_ range: Range<Int>, length: Int, step: Int, lineStep: Int, into lines: inout [UInt8], padded: Int) {
        pixels.withUnsafeBytes { src in
            lines.withUnsafeMutableBytes { dst in
                for (row, n) in range.enumerated() {
                    let from = n * lineStep
                    let to = (row * padded + 1) * 4
                    for x in 0..<length {
                        let pixel = src.loadUnaligned(fromByteOffset: from + x * step, as: UInt32.self)
                        dst.storeBytes(of: pixel, toByteOffset: to + x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// The inverse of ``copyLines``: each padded line's inner pixels back into lines `range`.
    private mutating func storeLines(_ range: Range<Int>, length: Int, step: Int, lineStep: Int, from lines: [UInt8], padded: Int) {
        lines.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                for (row, n) in range.enumerated() {
                    let from = (row * padded + 1) * 4
                    let to = n * lineStep
                    for x in 0..<length {
                        let pixel = src.loadUnaligned(fromByteOffset: from + x * 4, as: UInt32.self)
                        dst.storeBytes(of: pixel, toByteOffset: to + x * step, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// σ ≥ 4: each line on its own through ``boxBlurs``.
    private mutating func boxBlurLines(sigma: Double, count: Int, length: Int, step: Int, lineStep: Int) {
        var line = [UInt8](repeating: 0, count: length * 4)
        var scratch = line
        for n in 0..<count {
            let base = n * lineStep
            for x in 0..<length {
                for k in 0..<4 { line[x * 4 + k] = pixels[base + x * step + k] }
            }
            Self.boxBlurs(&line, scratch: &scratch, sigma: sigma)
            for x in 0..<length {
                for k in 0..<4 { pixels[base + x * step + k] = line[x * 4 + k] }
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
                SVGCanvas.forEachVisible(s) { i in SVGCanvas.over(d, i, s[i], s[i + 1], s[i + 2], s[i + 3]) }
            }
        }
    }
}
