extension ImageRenderer {
    /// Why a surface cannot exist or an image cannot be drawn on it.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The size or scale is negative, not finite, or too large.
        case invalidSize(Size, scale: Double)
        /// The surface would have more pixels than `ImageRenderer.maxPixelCount`.
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// A bitmap's scale is zero, negative or not finite.
        case invalidImageScale(Double)

        /// What was wrong and what is allowed.
        public var description: String {
            switch self {
            case .invalidSize(let size, let scale):
                "invalid surface \(size) pt @\(scale)x: sizes must be finite and ≥ 0, the scale > 0, at most 32768 px a side"
            case .tooManyPixels(let w, let h, let limit):
                "surface of \(w)x\(h) = \(w * h) pixels is over the limit of \(limit) pixels"
            case .invalidImageScale(let scale):
                "invalid image scale \(scale): it must be a positive number"
            }
        }
    }
}
