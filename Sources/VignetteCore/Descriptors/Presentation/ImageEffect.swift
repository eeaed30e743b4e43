/// A change to the image's pixels, applied in surface pixels after the
/// image is placed and resampled, before tint and compositing. Effects run
/// in the order given; edges are extended.
///
/// ```swift
/// let muted = ImageDescriptor(url, contentMode: .aspectFill).effects([.grayscale, .blur(sigma: 2)])
/// ```
public enum ImageEffect: Sendable, Hashable, CustomStringConvertible {
    /// A Gaussian blur of the premultiplied sRGB values; σ in points
    /// (× the surface's scale in pixels), 0...`ImageEffect.maxSigma`.
    case blur(sigma: Double)
    /// Rec. 709 luma of the sRGB values in every channel; alpha kept.
    case grayscale
    /// An unsharp mask with σ = 1 pt: `amount` 0...10 of the detail is
    /// added (1 adds 100 %).
    case sharpen(amount: Double)

    /// The largest blur σ, in points.
    public static let maxSigma = 100.0
    /// The largest sharpen amount.
    public static let maxSharpenAmount = 10.0

    /// True when the parameter is finite and within its range.
    package var isValid: Bool {
        switch self {
        case .blur(let sigma): sigma.isFinite && (0...Self.maxSigma).contains(sigma)
        case .grayscale: true
        case .sharpen(let amount): amount.isFinite && (0...Self.maxSharpenAmount).contains(amount)
        }
    }

    /// `blur:2`, `grayscale`, `sharpen:1.5`: the form presets, URLs and the CLI read.
    public var description: String {
        switch self {
        case .blur(let sigma): "blur:\(Size.format(sigma))"
        case .grayscale: "grayscale"
        case .sharpen(let amount): "sharpen:\(Size.format(amount))"
        }
    }
}
