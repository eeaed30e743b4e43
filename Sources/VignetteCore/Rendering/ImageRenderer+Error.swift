extension ImageRenderer {
    /// Why a surface cannot exist or an image cannot be drawn on it.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The size or scale is negative, not finite, or too large.
        case invalidSize(Size, scale: Double)
        /// The surface would have more pixels than `ImageRenderer.maxPixelCount`.
        case tooManyPixels(width: Int, height: Int, limit: Int)
        /// A bitmap's scale is zero, negative or not finite.
        case invalidImageScale(Double)
        /// Drawing `image` (width × height) on a surface of `surface` pixels
        /// would allocate `needed` bytes, more than the render's `budget`.
        case overBudget(image: PixelSize, surface: PixelSize, needed: Int, budget: MemoryBudget)
        /// A presentation property's value is out of range: which property,
        /// the value given and what is allowed.
        case invalidPresentation(property: String, value: String, allowed: String)
        /// More overlays than `ImageOverlay.maxCount`.
        case tooManyOverlays(count: Int, limit: Int)
        /// The overlay at `index` in `overlays` (counted from 0) has no
        /// pixels: resolving its reference failed, as the error says.
        case overlayUnavailable(index: Int, ImageResourceError)
        /// The overlay at `index` in `overlays` (counted from 0), `size`
        /// points at the surface's `scale`, would have more pixels than a
        /// surface may (32768 a side, `ImageRenderer.maxPixelCount` in all).
        case overlayTooLarge(index: Int, size: Size, scale: Double)
        /// An animation's rendered frames would hold `pixels` pixels in
        /// `frames` frames, over `AnimationLimits.maxAnimationPixels`.
        case animationTooLarge(pixels: Int, frames: Int, limit: Int)

        /// What was wrong and what is allowed.
        public var description: String {
            switch self {
            case .invalidSize(let size, let scale):
                "invalid surface \(size) pt @\(scale)x: sizes must be finite and ≥ 0, the scale > 0, at most 32768 px a side"
            case .tooManyPixels(let w, let h, let limit):
                "surface of \(w)x\(h) = \(w * h) pixels is over the limit of \(limit) pixels"
            case .invalidImageScale(let scale):
                "invalid image scale \(scale): it must be a positive number"
            case .overBudget(let image, let surface, let needed, let budget):
                "drawing a \(image) px image on a \(surface) px surface needs \(needed >> 20) MiB "
                    + "(canvas, resampling buffers, filter tables), over the memory budget of \(budget)"
            case .invalidPresentation(let property, let value, let allowed):
                "invalid \(property) \(value): allowed is \(allowed)"
            case .tooManyOverlays(let count, let limit):
                "\(count) overlays are more than the limit of \(limit)"
            case .overlayUnavailable(let index, let error):
                "overlays[\(index)] cannot be drawn: \(error)"
            case .overlayTooLarge(let index, let size, let scale):
                "overlays[\(index)] of \(size) pt @\(Size.format(scale))x is larger than a surface may be: "
                    + "at most 32768 px a side and \(ImageRenderer.maxPixelCount) pixels"
            case .animationTooLarge(let pixels, let frames, let limit):
                "the rendered animation would be \(pixels) pixels in \(frames) frames, over the limit of \(limit) pixels: "
                    + "render a smaller size, or fewer frames"
            }
        }
    }
}
