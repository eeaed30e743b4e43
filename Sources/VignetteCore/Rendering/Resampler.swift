import CKernels

/// Separable fixed-point resampling of premultiplied RGBA8. The vertical
/// pass runs first, over only the source columns the horizontal pass needs;
/// the horizontal pass then works on the already reduced rows. Both passes
/// are C kernels (AVX2 or SSE2 where the processor has them) doing exact
/// integer arithmetic, so every machine gives the same bytes.
enum Resampler {
    /// Which kernel code runs: tests prove every path gives the scalar bytes.
    enum KernelPath: Int32, CaseIterable {
        /// The portable C code.
        case scalar = 0
        /// SSE2.
        case sse2 = 1
        /// AVX2 where the processor has it, else SSE2 (the default).
        case best = 2
    }

    /// Resamples `source` to `destinationWidth × destinationHeight` and
    /// returns only the `visible` part (coordinates relative to the
    /// destination's top-left), premultiplied RGBA, `visible.width * 4` per row.
    static func resample(
        _ source: Bitmap, destinationWidth: Int, destinationHeight: Int,
        visible: PixelRect, filter: ResamplingFilter, path: KernelPath = .best
    ) -> [UInt8] {
        let plan = ResamplePlan(
            sourceWidth: source.width, sourceHeight: source.height,
            destinationWidth: destinationWidth, destinationHeight: destinationHeight,
            visible: visible, filter: filter)
        let source = plan.blockWidth * plan.blockHeight > 1 ? boxReduced(source, plan: plan) : source
        let outW = visible.width
        let outH = visible.height
        let xAxis =
            destinationWidth == source.width
            ? nil
            : ResampleAxis.cached(
                sourceLength: source.width, destinationLength: destinationWidth,
                visible: visible.minX..<visible.maxX, filter: filter)
        let yAxis =
            destinationHeight == source.height
            ? nil
            : ResampleAxis.cached(
                sourceLength: source.height, destinationLength: destinationHeight,
                visible: visible.minY..<visible.maxY, filter: filter)
        if plan.horizontalFirst, let xAxis, let yAxis {
            return horizontalFirst(source, xAxis: xAxis, yAxis: yAxis, width: outW, height: outH, path: path)
        }

        // Source columns the horizontal pass reads.
        let firstColumn = xAxis.map { Int($0.starts.min() ?? 0) } ?? visible.minX
        let endColumn =
            xAxis.map { axis in Int(zip(axis.starts, axis.counts).map { $0 + $1 }.max() ?? 0) }
            ?? visible.maxX
        let span = (endColumn - firstColumn) * 4

        guard let xAxis else {
            return verticalPass(
                source, axis: yAxis, rows: visible.minY..<visible.maxY,
                firstColumn: firstColumn, span: span, path: path)
        }
        return fused(
            source, xAxis: xAxis, yAxis: yAxis, rows: visible.minY..<visible.maxY, width: outW,
            firstColumn: firstColumn, span: span, path: path)
    }

    /// Both passes a few rows at a time: the vertical pass's rows go through
    /// the horizontal pass while they are still in the processor's cache,
    /// instead of the whole intermediate image making a round trip through
    /// memory. The arithmetic, so every byte, is the same as whole passes.
    /// Without a vertical resize the horizontal pass reads the source rows.
    private static func fused(
        _ source: Bitmap, xAxis: ResampleAxis, yAxis: ResampleAxis?, rows: Range<Int>, width: Int,
        firstColumn: Int, span: Int, path: KernelPath
    ) -> [UInt8] {
        let rowBytes = width * 4
        let sourceRowBytes = source.width * 4
        let block = max(1, min(16, (32 << 10) / max(span, 1)))  // rows whose vertical output fits in L1
        return [UInt8](unsafeUninitializedCapacity: rows.count * rowBytes) { out, initialized in
            source.pixels.withUnsafeBufferPointer { src in
                xAxis.withKernelAxis { x in
                    guard let yAxis else {
                        vg_resample_horizontal_path(
                            src.baseAddress! + rows.lowerBound * sourceRowBytes, sourceRowBytes, x, Int32(width),
                            Int32(rows.count), out.baseAddress!, rowBytes, path.rawValue)
                        return
                    }
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block * span) { vertical in
                        yAxis.withKernelAxis { y in
                            for first in stride(from: 0, to: rows.count, by: block) {
                                let count = min(block, rows.count - first)
                                var part = y
                                part.starts += first
                                part.counts += first
                                part.weights += first * Int(y.stride)
                                vg_resample_vertical_path(
                                    src.baseAddress! + firstColumn * 4, sourceRowBytes, span, part, Int32(count),
                                    vertical.baseAddress!, span, 0, path.rawValue)
                                // The kernel indexes from source column 0; the rows start at `firstColumn`.
                                vg_resample_horizontal_path(
                                    vertical.baseAddress! - firstColumn * 4, span, x, Int32(width), Int32(count),
                                    out.baseAddress! + first * rowBytes, rowBytes, path.rawValue)
                            }
                        }
                    }
                }
            }
            initialized = rows.count * rowBytes
        }
    }

    /// The other order, for sources so wide that vertical-first rows would
    /// be huge: the horizontal pass over only the rows the vertical one
    /// reads, then the vertical pass over those narrow rows.
    private static func horizontalFirst(
        _ source: Bitmap, xAxis: ResampleAxis, yAxis: ResampleAxis, width: Int, height: Int, path: KernelPath
    ) -> [UInt8] {
        let firstRow = Int(yAxis.starts.min() ?? 0)
        let endRow = Int(zip(yAxis.starts, yAxis.counts).map { $0 + $1 }.max() ?? 0)
        let rowBytes = width * 4
        let horizontal = [UInt8](unsafeUninitializedCapacity: (endRow - firstRow) * rowBytes) { out, initialized in
            source.pixels.withUnsafeBufferPointer { src in
                xAxis.withKernelAxis { axis in
                    vg_resample_horizontal_path(
                        src.baseAddress! + firstRow * source.width * 4, source.width * 4, axis,
                        Int32(width), Int32(endRow - firstRow), out.baseAddress!, rowBytes,
                        path.rawValue)
                }
            }
            initialized = (endRow - firstRow) * rowBytes
        }
        let rows = yAxis.shifted(by: -firstRow)
        return [UInt8](unsafeUninitializedCapacity: height * rowBytes) { out, initialized in
            horizontal.withUnsafeBufferPointer { h in
                rows.withKernelAxis { axis in
                    vg_resample_vertical_path(
                        h.baseAddress!, rowBytes, rowBytes, axis, Int32(height),
                        out.baseAddress!, rowBytes, 1, path.rawValue)
                }
            }
            initialized = height * rowBytes
        }
    }

    /// The source averaged over the plan's blocks (an extreme downscale).
    private static func boxReduced(_ source: Bitmap, plan: ResamplePlan) -> Bitmap {
        let count = plan.reducedWidth * plan.reducedHeight * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            source.pixels.withUnsafeBufferPointer { src in
                vg_box_reduce(
                    src.baseAddress!, source.width * 4, Int32(source.width), Int32(source.height),
                    Int32(plan.blockWidth), Int32(plan.blockHeight), out.baseAddress!, plan.reducedWidth * 4)
            }
            initialized = count
        }
        return Bitmap(trustedWidth: plan.reducedWidth, height: plan.reducedHeight, scale: source.scale, pixels: pixels)
    }

    /// The vertical pass alone (the width does not change): `rows.count`
    /// output rows of the source columns from `firstColumn` on (`span`
    /// bytes each), clamped to valid premultiplied data since they are the
    /// output, or a plain copy of them when the height does not change
    /// either (`axis` nil).
    private static func verticalPass(
        _ source: Bitmap, axis yAxis: ResampleAxis?, rows: Range<Int>, firstColumn: Int, span: Int,
        path: KernelPath
    ) -> [UInt8] {
        let outH = rows.count
        return [UInt8](unsafeUninitializedCapacity: outH * span) { dst, initialized in
            source.pixels.withUnsafeBufferPointer { src in
                let base = src.baseAddress! + firstColumn * 4
                let sourceRowBytes = source.width * 4
                if let yAxis {
                    yAxis.withKernelAxis { axis in
                        vg_resample_vertical_path(
                            base, sourceRowBytes, span, axis, Int32(outH),
                            dst.baseAddress!, span, 1, path.rawValue)
                    }
                } else {
                    for y in 0..<outH {
                        (dst.baseAddress! + y * span).update(
                            from: base + (rows.lowerBound + y) * sourceRowBytes,
                            count: span)
                    }
                }
            }
            initialized = outH * span
        }
    }
}

extension ResampleAxis {
    /// The same taps with every start moved by `offset` (rows of a buffer
    /// that begins partway down the source).
    func shifted(by offset: Int) -> ResampleAxis {
        ResampleAxis(starts: starts.map { $0 + Int32(offset) }, counts: counts, weights: weights, stride: stride)
    }

    /// The taps as the C kernels take them, valid inside `body`.
    func withKernelAxis<R>(_ body: (vg_resample_axis) -> R) -> R {
        starts.withUnsafeBufferPointer { s in
            counts.withUnsafeBufferPointer { c in
                weights.withUnsafeBufferPointer { w in
                    body(
                        vg_resample_axis(
                            starts: s.baseAddress, counts: c.baseAddress, weights: w.baseAddress,
                            stride: Int32(stride), precision_bits: ResampleAxis.precisionBits))
                }
            }
        }
    }
}
