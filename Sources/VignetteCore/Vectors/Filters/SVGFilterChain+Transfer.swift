/// `feComponentTransfer`: each channel through its `feFuncR`, `feFuncG`,
/// `feFuncB` or `feFuncA`, on unpremultiplied values. Every function is
/// turned into a 256-entry table first (from +, −, ×, ÷ only), so a pixel
/// costs four look-ups and every machine gives the same bytes.
extension SVGFilterChain {
    func componentTransfer(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let channels = ["feFuncR", "feFuncG", "feFuncB", "feFuncA"]
        // The last function of each name counts.
        let tables = channels.map { name in primitive.children.last { $0.name == name }.flatMap(Self.transferTable) }
        guard tables.contains(where: { $0 != nil }) else { return input }
        // Missing tables as the identity, so a pixel is four look-ups and no allocation.
        let identity = (0...255).map { UInt8($0) }
        let (red, green, blue, alphas) = (tables[0] ?? identity, tables[1] ?? identity, tables[2] ?? identity, tables[3] ?? identity)
        var out = input
        out.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                let alpha = alphas[Int(a)]
                p[i] = PixelMath.multiply(red[Int(PixelMath.unmultiply(p[i], a))], alpha)
                p[i + 1] = PixelMath.multiply(green[Int(PixelMath.unmultiply(p[i + 1], a))], alpha)
                p[i + 2] = PixelMath.multiply(blue[Int(PixelMath.unmultiply(p[i + 2], a))], alpha)
                p[i + 3] = alpha
            }
        }
        return out
    }

    /// The function's table, value by value (nil for `identity`, an unknown
    /// `type`, or a table without values: the channel passes through).
    static func transferTable(_ function: SVGElement) -> [UInt8]? {
        let map: (Double) -> Double
        let first: (String, Double) -> Double = { name, fallback in numbers(function, name)?.first ?? fallback }
        switch function["type"] {
        case "table", "discrete":
            guard let values = numbers(function, "tableValues"), !values.isEmpty else { return nil }
            map = function["type"] == "table" ? { table(values, $0) } : { discrete(values, $0) }
        case "linear":
            let (slope, intercept) = (first("slope", 1), first("intercept", 0))
            map = { slope * $0 + intercept }
        case "gamma":
            let (amplitude, exponent, offset) = (first("amplitude", 1), first("exponent", 1), first("offset", 0))
            map = { amplitude * DeterministicMath.pow($0, exponent) + offset }
        default:
            return nil
        }
        return (0...255).map { value in
            let mapped = map(Double(value) / 255)
            guard mapped.isFinite else { return mapped > 0 ? 255 : 0 }
            return UInt8((min(max(mapped, 0), 1) * 255).rounded())
        }
    }

    /// Linear between the n values, each at k/(n − 1).
    static func table(_ values: [Double], _ c: Double) -> Double {
        guard values.count > 1 else { return values[0] }
        let position = c * Double(values.count - 1)
        let k = min(Int(position), values.count - 2)
        return values[k] + (position - Double(k)) * (values[k + 1] - values[k])
    }

    /// The value of the n steps c falls in.
    static func discrete(_ values: [Double], _ c: Double) -> Double {
        values[min(Int(c * Double(values.count)), values.count - 1)]
    }
}
