import Foundation

/// An encoder that writes every frame of an animation, with durations and
/// loop count (animated WebP, GIF). Deterministic like every encoder.
package protocol AnimatedImageEncoding: ImageEncoding {
    /// Encodes every frame; the same animation always gives the same bytes.
    func encode(_ animation: AnimatedImage) throws(EncodingOptions.Error) -> Data
}

extension ImageFormat {
    /// The formats whose files Vignette writes with every frame: WebP, GIF.
    public static let animatable: [ImageFormat] = [.webp, .gif]
}

extension AnimatedImage {
    /// Every frame encoded as `format` when it animates (`.webp`, `.gif`),
    /// else the first frame, with `options` as ``Bitmap/encoded(as:options:)``
    /// applies them (each frame of a WebP with the still settings).
    ///
    /// ```swift
    /// let webp = try animation.encoded(as: .webp, options: EncodingOptions(quality: 75))
    /// ```
    public func encoded(
        as format: ImageFormat, options: EncodingOptions = EncodingOptions()
    ) throws(EncodingOptions.Error) -> Data {
        let encoder = try format.encoder(options: options)
        if isAnimated, let animated = encoder as? any AnimatedImageEncoding {
            return try animated.encode(self)
        }
        return try firstFrame.encoded(using: encoder)
    }
}
