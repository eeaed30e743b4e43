/// How much animation a decode accepts, checked from the headers before any
/// frame is decoded: over either limit the decode is refused, never cut short.
///
/// ```swift
/// let limits = AnimationLimits(maxFrames: 200, maxAnimationPixels: 50_000_000)
/// let animation = try ImageDecoders.standard.decodeAnimation(data, limits: limits)
/// ```
public struct AnimationLimits: Sendable, Hashable {
    /// The most frames an animation may have (default 1000).
    public var maxFrames: Int
    /// The most pixels in all frames together (canvas width × height ×
    /// frames; default 100,000,000).
    public var maxAnimationPixels: Int

    /// The default frame limit, as imgproxy's.
    @usableFromInline package static let defaultMaxFrames = 1000
    /// The default limit on canvas pixels times frames.
    @usableFromInline package static let defaultMaxAnimationPixels = 100_000_000
    /// The defaults.
    public static let standard = AnimationLimits()

    /// Limits; values below 1 admit only one frame.
    public init(
        maxFrames: Int = AnimationLimits.defaultMaxFrames,
        maxAnimationPixels: Int = AnimationLimits.defaultMaxAnimationPixels
    ) {
        self.maxFrames = maxFrames
        self.maxAnimationPixels = maxAnimationPixels
    }

    /// Throws `tooManyFrames` or `animationTooLarge` when `header` breaks a
    /// limit.
    package func check(_ header: AnimationHeader, format: ImageFormat) throws(ImageDecoders.Error) {
        let frames = max(1, header.frameCount)
        if frames > max(1, maxFrames) {
            throw ImageDecoders.Error(format: format, reason: .tooManyFrames(count: frames, limit: max(1, maxFrames)))
        }
        let pixels = header.width.multipliedClamped(by: header.height).multipliedClamped(by: frames)
        if frames > 1, pixels > maxAnimationPixels {
            throw ImageDecoders.Error(
                format: format, reason: .animationTooLarge(pixels: pixels, frames: frames, limit: maxAnimationPixels))
        }
    }
}
