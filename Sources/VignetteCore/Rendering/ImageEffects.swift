import CKernels

/// The pixel kernels behind `ImageEffect` and `Backdrop`: fixed-point,
/// deterministic, planned within the render's budget.
enum ImageEffects {
    /// Applies `effects` in order to `pixels` (`width × height` premultiplied
    /// RGBA) drawn at `scale` pixels per point.
    static func apply(
        _ effects: [ImageEffect], to pixels: inout [UInt8], width: Int, height: Int, scale: Double,
        path: Resampler.KernelPath = .best
    ) {
        guard width > 0, height > 0 else { return }
        for effect in effects {
            switch effect {
            case .blur(let sigma):
                GaussianBlur(sigma: sigma * scale, width: width, height: height).apply(to: &pixels, path: path)
            case .grayscale:
                pixels.withUnsafeMutableBufferPointer { vg_grayscale_rgba($0.baseAddress!, width * height) }
            case .sharpen(let amount):
                sharpen(&pixels, amount: amount, width: width, height: height, scale: scale, path: path)
            }
        }
    }

    /// The unsharp mask: the detail (pixels − their blur with σ = 1 pt)
    /// times `amount`, added, colour clamped to 0…alpha.
    private static func sharpen(
        _ pixels: inout [UInt8], amount: Double, width: Int, height: Int, scale: Double, path: Resampler.KernelPath
    ) {
        let amount = Int32((amount.clamped(0, ImageEffect.maxSharpenAmount) * 256).rounded())
        guard amount > 0 else { return }
        var blurred = pixels
        GaussianBlur(sigma: sharpenSigma * scale, width: width, height: height).apply(to: &blurred, path: path)
        blurred.withUnsafeBufferPointer { b in
            pixels.withUnsafeMutableBufferPointer { p in
                vg_unsharp_rgba(p.baseAddress!, b.baseAddress!, width * height, amount)
            }
        }
    }

    /// σ of the sharpen's blur, in points.
    static let sharpenSigma = 1.0

    /// Upper bound of the bytes `apply` allocates for a `width × height`
    /// image: the largest of the effects' (they run one after another).
    static func plannedBytes(_ effects: [ImageEffect], width: Int, height: Int, scale: Double) -> Int {
        guard width > 0, height > 0 else { return 0 }
        return effects.map { effect in
            switch effect {
            case .blur(let sigma):
                return GaussianBlur(sigma: sigma * scale, width: width, height: height).bytes
            case .grayscale:
                return 0
            case .sharpen:
                let copy = width.multipliedClamped(by: height).multipliedClamped(by: 4)
                return copy.addingClamped(GaussianBlur(sigma: sharpenSigma * scale, width: width, height: height).bytes)
            }
        }.max() ?? 0
    }
}
