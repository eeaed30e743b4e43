/// `feConvolveMatrix` and `feDisplacementMap`: each output pixel read from
/// its neighbours, in integers (kernel values in 1/65536).
extension SVGFilterChain {
    /// The kernel of a `feConvolveMatrix`, nil when the spec makes the
    /// primitive an error (wrong counts, a target outside the kernel, a zero divisor).
    struct Kernel {
        var columns: Int, rows: Int
        var targetX: Int, targetY: Int
        /// In 1/65536, already turned by 180° as the formula reads it.
        var weights: [Int]
        var divisor: Double, bias: Double
        var edge: EdgeMode
        var preserveAlpha: Bool

        init?(_ primitive: SVGElement) {
            let order = SVGFilterChain.numbers(primitive, "order") ?? [3]
            guard let first = order.first, order.count <= 2 else { return nil }
            let second = order.count > 1 ? order[1] : first
            guard first >= 1, second >= 1, first <= 64, second <= 64, first == first.rounded(), second == second.rounded() else { return nil }
            (columns, rows) = (Int(first), Int(second))
            guard let values = SVGFilterChain.numbers(primitive, "kernelMatrix"), values.count == columns * rows else { return nil }
            weights = values.reversed().map(SVGFilterChain.fixed)
            let sum = values.reduce(0, +)
            divisor = SVGFilterChain.numbers(primitive, "divisor")?.first ?? (sum == 0 ? 1 : sum)
            guard divisor != 0, divisor.isFinite else { return nil }
            bias = SVGFilterChain.numbers(primitive, "bias")?.first ?? 0
            let tx = SVGFilterChain.numbers(primitive, "targetX")?.first ?? Double(columns / 2)
            let ty = SVGFilterChain.numbers(primitive, "targetY")?.first ?? Double(rows / 2)
            guard tx >= 0, ty >= 0, tx < Double(columns), ty < Double(rows) else { return nil }
            (targetX, targetY) = (Int(tx), Int(ty))
            edge = primitive["edgeMode"].flatMap(EdgeMode.init(rawValue:)) ?? .duplicate
            preserveAlpha = primitive["preserveAlpha"] == "true"
        }
    }

    /// Each pixel the kernel-weighted sum of its neighbourhood over the
    /// divisor, plus the bias; `edgeMode` decides what lies beyond the
    /// region (`duplicate` its edge, `wrap` the other side, `none` nothing).
    /// With `preserveAlpha` the colour is convolved unpremultiplied and alpha kept.
    func convolve(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        guard let kernel = Kernel(primitive) else { return SVGFilterImage(width: input.width, height: input.height, linear: input.linear) }
        var source = input
        if kernel.preserveAlpha { source.unpremultiply() }
        var out = SVGFilterImage(width: input.width, height: input.height, linear: input.linear)
        let (width, height) = (input.width, input.height)
        let scale = 65_536 * kernel.divisor
        for y in 0..<height {
            for x in 0..<width {
                var sums = [0, 0, 0, 0]
                for j in 0..<kernel.rows {
                    for i in 0..<kernel.columns {
                        guard let (sx, sy) = Self.edge(x - kernel.targetX + i, y - kernel.targetY + j, width, height, kernel.edge) else { continue }
                        let w = kernel.weights[j * kernel.columns + i]
                        let p = (sy * width + sx) * 4
                        for k in 0..<4 { sums[k] += w * Int(source.pixels[p + k]) }
                    }
                }
                let o = (y * width + x) * 4
                let alpha = kernel.preserveAlpha ? Int(input.pixels[o + 3]) : Self.channel(sums[3], scale, kernel.bias, 255, 255)
                for k in 0..<3 {
                    let value = Self.channel(sums[k], scale, kernel.bias, kernel.preserveAlpha ? 255 : alpha, kernel.preserveAlpha ? 255 : alpha)
                    out.pixels[o + k] = kernel.preserveAlpha ? PixelMath.multiply(UInt8(value), UInt8(alpha)) : UInt8(value)
                }
                out.pixels[o + 3] = UInt8(alpha)
            }
        }
        return out
    }

    /// A sum over the divisor plus `bias` × `biasScale`, rounded and kept within 0…`limit`.
    static func channel(_ sum: Int, _ scale: Double, _ bias: Double, _ biasScale: Int, _ limit: Int) -> Int {
        let value = (Double(sum) / scale + bias * Double(biasScale)).rounded()
        guard value.isFinite else { return value > 0 ? limit : 0 }
        return Int(min(max(value, 0), Double(limit)))
    }

    /// `edgeMode`: what a kernel reads beyond the region.
    enum EdgeMode: String, Sendable, Hashable {
        case duplicate, wrap, none
    }

    /// A position outside the image by `mode`; nil where it reads nothing.
    static func edge(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ mode: EdgeMode) -> (Int, Int)? {
        if (0..<width).contains(x) && (0..<height).contains(y) { return (x, y) }
        switch mode {
        case .wrap: return ((x % width + width) % width, (y % height + height) % height)
        case .none: return nil
        case .duplicate: return (min(max(x, 0), width - 1), min(max(y, 0), height - 1))
        }
    }

    /// Each pixel of `in` taken from where `in2`'s channels point: the
    /// offset is `scale` × (channel − ½) on each axis (channels
    /// unpremultiplied, `xChannelSelector`/`yChannelSelector` R, G, B or A);
    /// beyond the region is transparent.
    func displace(_ input: SVGFilterImage, map: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let scale = Self.numbers(primitive, "scale")?.first ?? 0
        // Scaled as a length on each axis (its sign kept): the map's offsets are in primitive units.
        let (sx, sy) = deviceSigma(scale, scale)
        let channels = ["R": 0, "G": 1, "B": 2, "A": 3]
        let xc = channels[primitive["xChannelSelector"] ?? "A"] ?? 3
        let yc = channels[primitive["yChannelSelector"] ?? "A"] ?? 3
        var colours = map
        colours.unpremultiply()
        var out = SVGFilterImage(width: input.width, height: input.height, linear: input.linear)
        for y in 0..<input.height {
            for x in 0..<input.width {
                let o = (y * input.width + x) * 4
                let dx = sx * (Double(colours.pixels[o + xc]) / 255 - 0.5)
                let dy = sy * (Double(colours.pixels[o + yc]) / 255 - 0.5)
                let fx = (Double(x) + dx).rounded(.down)
                let fy = (Double(y) + dy).rounded(.down)
                guard fx >= 0, fy >= 0, fx < Double(input.width), fy < Double(input.height) else { continue }
                let p = (Int(fy) * input.width + Int(fx)) * 4
                out.pixels[o..<o + 4] = input.pixels[p..<p + 4]
            }
        }
        return out
    }
}

extension SVGFilterImage {
    /// Colour divided by alpha in place (for primitives that read colour values).
    mutating func unpremultiply() {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] != 0 && p[i + 3] != 255 {
                for k in 0..<3 { p[i + k] = PixelMath.unmultiply(p[i + k], p[i + 3]) }
            }
        }
    }
}
