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
    /// (0 leaves that axis alone). Each row, then each column, is blurred
    /// on its own by the renderer's fixed-point ``GaussianBlur`` (a one-row
    /// image blurs along its row only), with transparent padding so its
    /// extended edges are the transparent black beyond the region.
    mutating func blur(sigmaX: Double, sigmaY: Double) {
        if sigmaX > 0 { blurLines(sigma: sigmaX, count: height, length: width, step: 4, lineStep: width * 4) }
        if sigmaY > 0 { blurLines(sigma: sigmaY, count: width, length: height, step: width * 4, lineStep: 4) }
    }

    /// The padding that makes ``GaussianBlur``'s extended edge transparent:
    /// more than one of its reduction blocks.
    static func blurPadding(sigma: Double) -> Int {
        GaussianBlur(sigma: sigma, width: 1, height: 1).factor + 1
    }

    private mutating func blurLines(sigma: Double, count: Int, length: Int, step: Int, lineStep: Int) {
        let pad = Self.blurPadding(sigma: sigma)
        let plan = GaussianBlur(sigma: sigma, width: length + 2 * pad, height: 1)
        var line = [UInt8](repeating: 0, count: (length + 2 * pad) * 4)
        for n in 0..<count {
            let base = n * lineStep
            for i in 0..<line.count { line[i] = 0 }
            for x in 0..<length {
                for k in 0..<4 { line[(x + pad) * 4 + k] = pixels[base + x * step + k] }
            }
            plan.apply(to: &line)
            for x in 0..<length {
                for k in 0..<4 { pixels[base + x * step + k] = line[(x + pad) * 4 + k] }
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
