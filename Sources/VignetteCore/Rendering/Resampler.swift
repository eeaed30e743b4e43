import CKernels

/// Separable fixed-point resampling of premultiplied RGBA8. The vertical
/// pass runs first, over only the source columns the horizontal pass needs;
/// the horizontal pass then works on the already reduced rows. Both passes
/// are C kernels (SSE2 where the processor has it) doing exact integer
/// arithmetic, so every machine gives the same bytes.
enum Resampler {
    /// Resamples `source` to `destinationWidth × destinationHeight` and
    /// returns only the `visible` part (coordinates relative to the
    /// destination's top-left), premultiplied RGBA, `visible.width * 4` per row.
    static func resample(
        _ source: Bitmap, destinationWidth: Int, destinationHeight: Int,
        visible: PixelRect, filter: ResamplingFilter, simd: Bool = true
    ) -> [UInt8] {
        let outW = visible.width, outH = visible.height
        let xAxis = destinationWidth == source.width ? nil
            : ResampleAxis(sourceLength: source.width, destinationLength: destinationWidth,
                           visible: visible.minX..<visible.maxX, filter: filter)
        let yAxis = destinationHeight == source.height ? nil
            : ResampleAxis(sourceLength: source.height, destinationLength: destinationHeight,
                           visible: visible.minY..<visible.maxY, filter: filter)

        // Source columns the horizontal pass reads.
        let firstColumn = xAxis.map { Int($0.starts.min() ?? 0) } ?? visible.minX
        let endColumn = xAxis.map { axis in Int(zip(axis.starts, axis.counts).map { $0 + $1 }.max() ?? 0) }
            ?? visible.maxX
        let span = (endColumn - firstColumn) * 4

        let vertical = verticalPass(source, axis: yAxis, rows: visible.minY..<visible.maxY,
                                    firstColumn: firstColumn, span: span, clamps: xAxis == nil, simd: simd)
        guard let xAxis else { return vertical }
        let rowBytes = outW * 4
        return [UInt8](unsafeUninitializedCapacity: outH * rowBytes) { out, initialized in
            vertical.withUnsafeBufferPointer { v in
                xAxis.withKernelAxis { axis in
                    // The kernel indexes from source column 0; the rows start at `firstColumn`.
                    vg_resample_horizontal_path(v.baseAddress! - firstColumn * 4, span, axis, Int32(outW), Int32(outH),
                                                out.baseAddress!, rowBytes, simd ? 1 : 0)
                }
            }
            initialized = outH * rowBytes
        }
    }

    /// The vertical pass: `rows.count` output rows of the source columns
    /// from `firstColumn` on (`span` bytes each), or a plain copy of them
    /// when the height does not change (`axis` nil). With `clamps`, the
    /// result is made valid premultiplied data (it is the final output).
    private static func verticalPass(
        _ source: Bitmap, axis yAxis: ResampleAxis?, rows: Range<Int>, firstColumn: Int, span: Int,
        clamps: Bool, simd: Bool
    ) -> [UInt8] {
        let outH = rows.count
        return [UInt8](unsafeUninitializedCapacity: outH * span) { dst, initialized in
            source.pixels.withUnsafeBufferPointer { src in
                let base = src.baseAddress! + firstColumn * 4
                let sourceRowBytes = source.width * 4
                if let yAxis {
                    yAxis.withKernelAxis { axis in
                        vg_resample_vertical_path(base, sourceRowBytes, span, axis, Int32(outH),
                                                  dst.baseAddress!, span, clamps ? 1 : 0, simd ? 1 : 0)
                    }
                } else {
                    for y in 0..<outH {
                        (dst.baseAddress! + y * span).update(from: base + (rows.lowerBound + y) * sourceRowBytes,
                                                             count: span)
                    }
                }
            }
            initialized = outH * span
        }
    }
}

extension ResampleAxis {
    /// The taps as the C kernels take them, valid inside `body`.
    func withKernelAxis<R>(_ body: (vg_resample_axis) -> R) -> R {
        starts.withUnsafeBufferPointer { s in
            counts.withUnsafeBufferPointer { c in
                weights.withUnsafeBufferPointer { w in
                    body(vg_resample_axis(starts: s.baseAddress, counts: c.baseAddress, weights: w.baseAddress,
                                          stride: Int32(stride), precision_bits: ResampleAxis.precisionBits))
                }
            }
        }
    }
}
