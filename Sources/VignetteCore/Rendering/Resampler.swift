/// Separable fixed-point resampling of premultiplied RGBA8. The vertical
/// pass runs first, over only the source columns the horizontal pass needs,
/// accumulating whole rows with one weight each (which the compiler
/// vectorises); the horizontal pass then works on the already reduced rows.
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

        // Source columns the horizontal pass reads.
        let firstColumn = xAxis?.starts.min() ?? visible.minX
        let endColumn = xAxis.map { axis in zip(axis.starts, axis.counts).map { $0 + $1 }.max() ?? 0 } ?? visible.maxX
        let span = (endColumn - firstColumn) * 4

        var vertical = verticalPass(source, axis: yAxis, rows: visible.minY..<visible.maxY,
                                    firstColumn: firstColumn, span: span)
        guard let xAxis else {
            enforcePremultiplied(&vertical)
            return vertical
        }

        // Horizontal pass on the reduced rows.
        let rowBytes = outW * 4
        var output = [UInt8](repeating: 0, count: outH * rowBytes)
        vertical.withUnsafeBufferPointer { v in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<outH {
                    horizontalRow(v.baseAddress! + y * span - firstColumn * 4, into: out.baseAddress! + y * rowBytes,
                                  axis: xAxis, count: outW)
                }
            }
        }
        enforcePremultiplied(&output)
        return output
    }

    /// The vertical pass: `rows.count` output rows of the source columns
    /// from `firstColumn` on (`span` bytes each), or a plain copy of them
    /// when the height does not change (`axis` nil).
    private static func verticalPass(
        _ source: Bitmap, axis yAxis: ResampleAxis?, rows: Range<Int>, firstColumn: Int, span: Int
    ) -> [UInt8] {
        let outH = rows.count
        var vertical = [UInt8](repeating: 0, count: outH * span)
        source.pixels.withUnsafeBufferPointer { src in
            vertical.withUnsafeMutableBufferPointer { dst in
                let base = src.baseAddress! + firstColumn * 4
                let sourceRowBytes = source.width * 4
                guard let yAxis else {
                    for y in 0..<outH {
                        (dst.baseAddress! + y * span).update(from: base + (rows.lowerBound + y) * sourceRowBytes, count: span)
                    }
                    return
                }
                var accumulator = [Int32](repeating: 0, count: span)
                accumulator.withUnsafeMutableBufferPointer { acc in
                    yAxis.weights.withUnsafeBufferPointer { weights in
                        let half: Int32 = 1 << (ResampleAxis.precisionBits - 1)
                        for y in 0..<outH {
                            for k in 0..<span { acc[k] = half }
                            for t in 0..<yAxis.counts[y] {
                                // 16-bit operands let SSE2 multiply 8 lanes at once (pmullw/pmulhw).
                                let w = Int32(Int16(truncatingIfNeeded: weights[y * yAxis.stride + t]))
                                let line = base + (yAxis.starts[y] + t) * sourceRowBytes
                                for k in 0..<span { acc[k] &+= Int32(Int16(line[k])) &* w }
                            }
                            let o = dst.baseAddress! + y * span
                            for k in 0..<span { o[k] = clampToByte(acc[k] >> ResampleAxis.precisionBits) }
                        }
                    }
                }
            }
        }
        return vertical
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
                        var sum = SIMD4<Int32>(repeating: half)
                        var p = UnsafeRawPointer(src + starts[x] * 4)
                        var w = weights.baseAddress! + x * axis.stride
                        for _ in 0..<counts[x] {
                            let pixel = p.loadUnaligned(as: UInt32.self)
                            let lanes = SIMD4<Int32>(Int32(pixel & 0xFF), Int32((pixel >> 8) & 0xFF),
                                                     Int32((pixel >> 16) & 0xFF), Int32(pixel >> 24))
                            sum &+= lanes &* w.pointee
                            p += 4
                            w += 1
                        }
                        let o = dst + x * 4
                        sum &>>= ResampleAxis.precisionBits
                        o[0] = clampToByte(sum[0])
                        o[1] = clampToByte(sum[1])
                        o[2] = clampToByte(sum[2])
                        o[3] = clampToByte(sum[3])
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
