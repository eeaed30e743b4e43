import Foundation

/// A decoder that can give every frame of an animation, not only the first.
/// `decode(_:options:)` keeps returning the first frame, composed.
///
/// ```swift
/// if let decoder = ImageDecoders.standard.decoder(for: data) as? any AnimatedImageDecoding {
///     let header = try decoder.animationHeader(data)
///     print(header.frameCount)
/// }
/// ```
public protocol AnimatedImageDecoding: ImageDecoding {
    /// The canvas size, frame count, loop count and total duration, from the
    /// headers and frame records alone (no pixel data is decompressed).
    func animationHeader(_ data: Data) throws(ImageDecoders.Error) -> AnimationHeader
    /// Every frame, composed as the format says (disposal, blending), after
    /// `limits` and `options`' pixel limits were checked from the headers.
    /// `options.shrinkTarget` is ignored: frames decode at full size.
    func decodeAnimation(
        _ data: Data, options: DecodingOptions, limits: AnimationLimits
    ) throws(ImageDecoders.Error) -> AnimatedImage
}

extension ImageDecoders {
    /// Every frame of the image in `data`, or its one frame when its format
    /// does not animate. Limits are checked from the headers first.
    ///
    /// ```swift
    /// let animation = try ImageDecoders.standard.decodeAnimation(gif, limits: AnimationLimits(maxFrames: 100))
    /// ```
    public func decodeAnimation(
        _ data: Data, options: DecodingOptions = DecodingOptions(), limits: AnimationLimits = .standard
    ) throws(ImageDecoders.Error) -> AnimatedImage {
        guard let decoder = decoder(for: data) else {
            throw ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: data.count))
        }
        if let animated = decoder as? any AnimatedImageDecoding {
            return try animated.decodeAnimation(data, options: options, limits: limits)
        }
        var still = options
        still.shrinkTarget = nil
        return AnimatedImage(still: try decoder.decode(data, options: still))
    }

    /// The animation header of `data` when its decoder reads animations; nil
    /// for other formats (a still image).
    public func animationHeader(for data: Data) throws(ImageDecoders.Error) -> AnimationHeader? {
        guard let decoder = decoder(for: data) else {
            throw ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: data.count))
        }
        guard let animated = decoder as? any AnimatedImageDecoding else { return nil }
        return try animated.animationHeader(data)
    }
}
