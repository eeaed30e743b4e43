/// A background made from the image itself, drawn over the background
/// colour and under the image — what fills the letterbox of an `aspectFit`.
///
/// ```swift
/// let fitted = ImageDescriptor(url, contentMode: .aspectFit).backdrop(.blurredImage(sigma: 12))
/// ```
public enum Backdrop: Sendable, Hashable, CustomStringConvertible {
    /// The image scaled to fill the surface (aspect-fill, centred) and
    /// blurred with a Gaussian of σ surface points (thumbor's `fill(blur)`),
    /// 0...`ImageEffect.maxSigma`.
    case blurredImage(sigma: Double)

    /// True when σ is finite and within range.
    package var isValid: Bool {
        switch self {
        case .blurredImage(let sigma): sigma.isFinite && (0...ImageEffect.maxSigma).contains(sigma)
        }
    }

    /// `blur:12`, as the CLI's `--background` takes it.
    public var description: String {
        switch self {
        case .blurredImage(let sigma): "blur:\(Size.format(sigma))"
        }
    }
}
