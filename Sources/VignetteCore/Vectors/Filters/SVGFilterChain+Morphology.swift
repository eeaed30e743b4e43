/// `feMorphology` and `feTile`: pixels moved, never blended, so both are exact.
extension SVGFilterChain {
    /// `erode` (each channel the least in a 2rx × 2ry window, as the spec
    /// sizes it: from r before the pixel to r − 1 after) or `dilate` (the
    /// most), `radius` in primitive units, on premultiplied channels; the
    /// window is cut at the region's edge. A negative radius, or none,
    /// leaves the input as it is; a zero one leaves its axis alone.
    func morphology(_ input: SVGFilterImage, _ primitive: SVGElement) -> SVGFilterImage {
        let values = Self.numbers(primitive, "radius") ?? [0]
        guard let first = values.first else { return input }
        let second = values.count > 1 ? values[1] : first
        guard first >= 0, second >= 0, first > 0 || second > 0 else { return input }
        // The same scaling as a blur's deviation; beyond the image a window covers every pixel.
        let device = deviceSigma(first, second)
        let rx = Int(min(device.x, Double(input.width)).rounded())
        let ry = Int(min(device.y, Double(input.height)).rounded())
        let largest = primitive["operator"] == "dilate"
        var out = input
        if rx > 0 { Self.slide(&out, radius: rx, largest: largest, count: out.height, length: out.width, step: 4, lineStep: out.width * 4) }
        if ry > 0 { Self.slide(&out, radius: ry, largest: largest, count: out.width, length: out.height, step: out.width * 4, lineStep: 4) }
        return out
    }

    /// Each line's channels replaced by their least (or most) from `radius`
    /// before to `radius` − 1 after: a monotonic queue, so the cost is the
    /// line's length whatever the radius.
    static func slide(
        _ image: inout SVGFilterImage, radius: Int, largest: Bool, count: Int, length: Int, step: Int, lineStep: Int
    ) {
        var line = [UInt8](repeating: 0, count: length)
        var queue = [Int](repeating: 0, count: length)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for n in 0..<count {
                for k in 0..<4 {
                    let base = n * lineStep + k
                    for x in 0..<length { line[x] = p[base + x * step] }
                    var head = 0
                    var tail = 0
                    var next = 0
                    for x in 0..<length {
                        // Admit every index up to x + radius − 1, dropping those it beats.
                        while next < length && next < x + radius {
                            while tail > head && (largest ? line[queue[tail - 1]] <= line[next] : line[queue[tail - 1]] >= line[next]) {
                                tail -= 1
                            }
                            queue[tail] = next
                            tail += 1
                            next += 1
                        }
                        while queue[head] < x - radius { head += 1 }
                        p[base + x * step] = line[queue[head]]
                    }
                }
            }
        }
    }

    /// The input's subregion `tile` repeated across the whole region, as
    /// if laid edge to edge from where it is.
    func tile(_ input: SVGFilterImage, from tile: Region) -> SVGFilterImage {
        var out = SVGFilterImage(width: input.width, height: input.height, linear: input.linear)
        let x0 = max(0, tile.x)
        let y0 = max(0, tile.y)
        let width = min(input.width, tile.x + tile.width) - x0
        let height = min(input.height, tile.y + tile.height) - y0
        guard width > 0, height > 0 else { return out }
        func wrap(_ value: Int, _ origin: Int, _ side: Int) -> Int { origin + ((value - origin) % side + side) % side }
        for y in 0..<out.height {
            let from = wrap(y, y0, height) * input.width
            for x in 0..<out.width {
                let i = (y * out.width + x) * 4
                let j = (from + wrap(x, x0, width)) * 4
                out.pixels[i..<i + 4] = input.pixels[j..<j + 4]
            }
        }
        return out
    }
}
