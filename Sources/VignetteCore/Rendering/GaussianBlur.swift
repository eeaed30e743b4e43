import CKernels

/// A Gaussian blur of premultiplied RGBA8 with the edges extended (every
/// pixel beyond an edge repeats it), σ in pixels — planned from sizes alone
/// so its cost and buffers are known before anything is allocated.
///
/// Small σ is a direct separable convolution with 14-bit integer taps (the
/// resampling kernels, whose SIMD and scalar paths give the same bytes). A
/// larger σ is too wide for that, and needs no detail finer than σ / 2: the
/// image (extended by two blocks on every side) is box-averaged by a whole
/// factor f, blurred there with the σ that leaves the overall variance
/// σ² once the box and the cubic B-spline enlargement are counted, and
/// enlarged back. Within ≈ 54 dB PSNR of an exact Gaussian for every σ (see the tests).
struct GaussianBlur: Equatable {
    /// The reduction factor is ⌊σ / this⌋: the reduced image is blurred with σ of at least about this many pixels.
    static let pixelsPerReducedSigma = 2.0
    /// Extended blocks on each side of the reduced image: its clamped edge is the image's own extended
    /// edge, and the enlargement's four taps stay inside it.
    static let margin = 2
    /// The largest reduction factor (a σ beyond 2048 px blurs more on the reduced grid instead), so
    /// the enlargement's integer weights stay far within 64 bits.
    static let maxFactor = 1024
    /// Taps reach this many σ on each side.
    static let reach = 4.0

    /// σ in pixels.
    let sigma: Double
    /// Image size in pixels.
    let width: Int, height: Int
    /// Box-reduction factor; 1 convolves directly.
    let factor: Int
    /// σ of the direct convolution: `sigma`, or the one on the reduced grid.
    let directSigma: Double

    /// The plan for a `width × height` image and σ = `sigma` pixels (0 or more, finite).
    init(sigma: Double, width: Int, height: Int) {
        self.sigma = sigma
        self.width = width
        self.height = height
        let f = sigma.isFinite ? max(1, Int(min(sigma / Self.pixelsPerReducedSigma, Double(Self.maxFactor)))) : 1
        factor = f
        if f == 1 {
            directSigma = sigma
        } else {
            let ff = Double(f * f)
            // Variances add: the box of f pixels brings (f² − 1) / 12, the cubic B-spline enlargement 1/3 of a reduced pixel².
            directSigma = ((sigma * sigma - (ff - 1) / 12) / ff - 1.0 / 3).squareRoot()
        }
    }

    /// True when the blur leaves every pixel as it is (σ 0 or an empty image).
    var isIdentity: Bool { !(sigma > 0) || width == 0 || height == 0 }

    /// The reduced image's size (meaningful when `factor` > 1).
    var reducedWidth: Int { (width + factor - 1) / factor + 2 * Self.margin }
    var reducedHeight: Int { (height + factor - 1) / factor + 2 * Self.margin }

    /// Upper bound of the bytes `apply` allocates.
    var bytes: Int {
        guard !isIdentity else { return 0 }
        guard factor > 1 else { return Self.directBytes(width: width, height: height, sigma: sigma) }
        let reduced = reducedWidth.multipliedClamped(by: reducedHeight).multipliedClamped(by: 4)
        let wide = reducedHeight.multipliedClamped(by: width).multipliedClamped(by: 4)
        let tables = (width + height).multipliedClamped(by: 16)  // starts, counts, four Int16 weights
        return [reduced, wide, tables, Self.directBytes(width: reducedWidth, height: reducedHeight, sigma: directSigma)]
            .reduce(0) { $0.addingClamped($1) }
    }

    /// Blurs `pixels` (`width × height` premultiplied RGBA8) in place.
    func apply(to pixels: inout [UInt8], path: Resampler.KernelPath = .best) {
        guard !isIdentity else { return }
        precondition(pixels.count == width * height * 4, "pixel count does not match the plan")
        guard factor > 1 else {
            Self.convolve(&pixels, width: width, height: height, sigma: sigma, path: path)
            return
        }
        var reduced = reduce(pixels)
        Self.convolve(&reduced, width: reducedWidth, height: reducedHeight, sigma: directSigma, path: path)
        enlarge(reduced, into: &pixels, path: path)
    }

    /// The image extended by `margin` blocks and box-averaged by `factor`.
    private func reduce(_ pixels: [UInt8]) -> [UInt8] {
        let count = reducedWidth * reducedHeight * 4
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            pixels.withUnsafeBufferPointer { src in
                vg_box_reduce_extended(
                    src.baseAddress!, width * 4, Int32(width), Int32(height), Int32(factor), Int32(Self.margin),
                    out.baseAddress!, reducedWidth * 4)
            }
            initialized = count
        }
    }

    /// Cubic B-spline enlargement of the reduced image back onto the full grid.
    private func enlarge(_ reduced: [UInt8], into pixels: inout [UInt8], path: Resampler.KernelPath) {
        let xAxis = Self.enlargeAxis(length: width, factor: factor, reducedLength: reducedWidth)
        let yAxis = Self.enlargeAxis(length: height, factor: factor, reducedLength: reducedHeight)
        let rowBytes = width * 4
        let wide = [UInt8](unsafeUninitializedCapacity: reducedHeight * rowBytes) { out, initialized in
            reduced.withUnsafeBufferPointer { src in
                xAxis.withKernelAxis { axis in
                    vg_resample_horizontal_path(
                        src.baseAddress!, reducedWidth * 4, axis, Int32(width), Int32(reducedHeight),
                        out.baseAddress!, rowBytes, path.rawValue)
                }
            }
            initialized = reducedHeight * rowBytes
        }
        wide.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                yAxis.withKernelAxis { axis in
                    vg_resample_vertical_path(
                        src.baseAddress!, rowBytes, rowBytes, axis, Int32(height), dst.baseAddress!, rowBytes, 1,
                        path.rawValue)
                }
            }
        }
    }

    /// Direct separable convolution: vertical into a copy, horizontal back.
    static func convolve(
        _ pixels: inout [UInt8], width: Int, height: Int, sigma: Double, path: Resampler.KernelPath
    ) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let rowBytes = width * 4
        let yAxis = gaussianAxis(length: height, sigma: sigma)
        let xAxis = gaussianAxis(length: width, sigma: sigma)
        let vertical = [UInt8](unsafeUninitializedCapacity: height * rowBytes) { out, initialized in
            pixels.withUnsafeBufferPointer { src in
                yAxis.withKernelAxis { axis in
                    vg_resample_vertical_path(
                        src.baseAddress!, rowBytes, rowBytes, axis, Int32(height), out.baseAddress!, rowBytes, 0,
                        path.rawValue)
                }
            }
            initialized = height * rowBytes
        }
        vertical.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                xAxis.withKernelAxis { axis in
                    vg_resample_horizontal_path(
                        src.baseAddress!, rowBytes, axis, Int32(width), Int32(height), dst.baseAddress!, rowBytes,
                        path.rawValue)
                }
            }
        }
    }

    /// Bytes `convolve` allocates: the vertical pass's copy and both axes' tables.
    static func directBytes(width: Int, height: Int, sigma: Double) -> Int {
        let copy = width.multipliedClamped(by: height).multipliedClamped(by: 4)
        return copy.addingClamped(axisBytes(length: width, sigma: sigma))
            .addingClamped(axisBytes(length: height, sigma: sigma))
    }
}
