/// Separable fixed-point resampling of premultiplied RGBA8: a horizontal
/// pass over only the source rows the vertical pass needs, then a vertical
/// pass that accumulates whole rows (which the compiler vectorises).
enum Resampler {
    /// Resamples `source` to `destinationWidth × destinationHeight` and
    /// returns only the `visible` part (coordinates relative to the
    /// destination's top-left), premultiplied RGBA, `visible.width * 4` per row.
    static func resample(
        _ source: Bitmap, destinationWidth: Int, destinationHeight: Int,
        visible: PixelRect, filter: ResamplingFilter
    ) -> [UInt8] {
        let outW = visible.width, outH = visible.height
        let xAxis = destinationWidth == source.width ? nil
            : ResampleAxis(sourceLength: source.width, destinationLength: destinationWidth,
                           visible: visible.minX..<visible.maxX, filter: filter)
        let yAxis = destinationHeight == source.height ? nil
            : ResampleAxis(sourceLength: source.height, destinationLength: destinationHeight,
                           visible: visible.minY..<visible.maxY, filter: filter)

        // Source rows the vertical pass reads.
        let firstRow: Int, endRow: Int
        if let yAxis {
            firstRow = yAxis.starts.min() ?? 0
            endRow = zip(yAxis.starts, yAxis.counts).map { $0 + $1 }.max() ?? 0
        } else {
            firstRow = visible.minY
            endRow = visible.maxY
        }

        // Horizontal pass: source rows [firstRow, endRow) → outW columns.
        let rowBytes = outW * 4
        var horizontal = [UInt8](repeating: 0, count: (endRow - firstRow) * rowBytes)
        source.pixels.withUnsafeBufferPointer { src in
            horizontal.withUnsafeMutableBufferPointer { dst in
                for row in firstRow..<endRow {
                    let srcRow = src.baseAddress! + row * source.width * 4
                    let dstRow = dst.baseAddress! + (row - firstRow) * rowBytes
                    if let xAxis {
                        horizontalRow(srcRow, into: dstRow, axis: xAxis, count: outW)
                    } else {
                        dstRow.update(from: srcRow + visible.minX * 4, count: rowBytes)
                    }
                }
            }
        }
        guard let yAxis else {
            enforcePremultiplied(&horizontal)
            return horizontal
        }

        // Vertical pass: accumulate weighted rows.
        var output = [UInt8](repeating: 0, count: outH * rowBytes)
        var accumulator = [Int32](repeating: 0, count: rowBytes)
        horizontal.withUnsafeBufferPointer { h in
            output.withUnsafeMutableBufferPointer { out in
                accumulator.withUnsafeMutableBufferPointer { acc in
                    yAxis.weights.withUnsafeBufferPointer { weights in
                        for y in 0..<outH {
                            let half: Int32 = 1 << (ResampleAxis.precisionBits - 1)
                            for k in 0..<rowBytes { acc[k] = half }
                            let start = yAxis.starts[y] - firstRow
                            for t in 0..<yAxis.counts[y] {
                                let w = weights[y * yAxis.stride + t]
                                let line = h.baseAddress! + (start + t) * rowBytes
                                for k in 0..<rowBytes { acc[k] &+= Int32(line[k]) &* w }
                            }
                            let o = out.baseAddress! + y * rowBytes
                            for k in 0..<rowBytes {
                                o[k] = clampToByte(acc[k] >> ResampleAxis.precisionBits)
                            }
                        }
                    }
                }
            }
        }
        enforcePremultiplied(&output)
        return output
    }

    @inline(__always)
    static func clampToByte(_ v: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
    }

    /// One output row of the horizontal pass.
    @inline(__always)
    private static func horizontalRow(
        _ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, axis: ResampleAxis, count: Int
    ) {
        axis.weights.withUnsafeBufferPointer { weights in
            axis.starts.withUnsafeBufferPointer { starts in
                axis.counts.withUnsafeBufferPointer { counts in
                    let half: Int32 = 1 << (ResampleAxis.precisionBits - 1)
                    for x in 0..<count {
                        var r = half, g = half, b = half, a = half
                        var p = src + starts[x] * 4
                        var w = weights.baseAddress! + x * axis.stride
                        for _ in 0..<counts[x] {
                            let c = w.pointee
                            r &+= Int32(p[0]) &* c
                            g &+= Int32(p[1]) &* c
                            b &+= Int32(p[2]) &* c
                            a &+= Int32(p[3]) &* c
                            p += 4
                            w += 1
                        }
                        let o = dst + x * 4
                        o[0] = clampToByte(r >> ResampleAxis.precisionBits)
                        o[1] = clampToByte(g >> ResampleAxis.precisionBits)
                        o[2] = clampToByte(b >> ResampleAxis.precisionBits)
                        o[3] = clampToByte(a >> ResampleAxis.precisionBits)
                    }
                }
            }
        }
    }

    /// Ringing of negative lobes can push a colour above its alpha; clamp it
    /// back so the result is valid premultiplied data.
    static func enforcePremultiplied(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = p[i + 3]
                if a != 255 {
                    if p[i] > a { p[i] = a }
                    if p[i + 1] > a { p[i + 1] = a }
                    if p[i + 2] > a { p[i + 2] = a }
                }
                i += 4
            }
        }
    }
}
