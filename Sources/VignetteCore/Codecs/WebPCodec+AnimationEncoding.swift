import CWebP
import Foundation

extension WebPCodec {
    /// The longest frame duration an animated WebP stores: 2^24 − 1 ms
    /// (ANMF's 24-bit field); longer frames are clamped to it.
    package static let maxFrameDurationMilliseconds = 0xFF_FFFF

    /// Encodes every frame as an animated WebP through libwebpmux's
    /// `WebPAnimEncoder`: each frame at `options` with the still encoder's
    /// settings (one thread), key frames every 9 to 16 frames, no
    /// lossy/lossless mixing and no exhaustive size search, so the same
    /// animation always gives the same bytes.
    ///
    /// Durations are kept to the millisecond (0 stays 0; clamped to
    /// `maxFrameDurationMilliseconds`), and the loop count (clamped to
    /// 65535, WebP's 16-bit field). libwebp stores only what changes: a frame
    /// identical to the one before it (for lossy, within the encoder's
    /// tolerance for its quality) is merged into it, its duration added, so
    /// the timeline is kept though the frame count may drop.
    ///
    /// ```swift
    /// let webp = try WebPCodec.encode(animation, options: .init(quality: 75))
    /// ```
    package static func encode(
        _ animation: AnimatedImage, options: EncodingOptions = .default
    ) throws(WebPCodec.Error) -> Data {
        let size = animation.pixelSize
        guard (1...16383).contains(size.width), (1...16383).contains(size.height) else {
            throw .dimensionsOutOfRange(width: size.width, height: size.height)
        }
        var encoder: OpaquePointer?
        try check(
            vg_webp_anim_encoder_new(
                UInt32(size.width), UInt32(size.height), Int32(min(65535, animation.loopCount)),
                Float(min(100, max(1, options.quality))), options.lossless ? 1 : 0, &encoder),
            data: Data(), width: size.width, height: size.height)
        defer { vg_webp_anim_encoder_delete(encoder) }
        // libwebp's timestamps are 32-bit and may wrap: only differences count.
        var timestamp: UInt32 = 0
        for frame in animation.frames {
            let rgba = frame.bitmap.straightRGBA()
            let rc = rgba.withUnsafeBufferPointer { p in
                vg_webp_anim_encoder_add(encoder, p.baseAddress, Int32(bitPattern: timestamp))
            }
            try check(rc, data: Data(), width: size.width, height: size.height)
            timestamp &+= UInt32(min(maxFrameDurationMilliseconds, max(0, frame.durationMilliseconds)))
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = vg_webp_anim_encoder_finish(encoder, Int32(bitPattern: timestamp), &output, &length)
        defer { vg_webp_free(output) }
        try check(rc, data: Data(), width: size.width, height: size.height)
        guard let output else { throw .encodingFailed }
        return Data(bytes: output, count: length)
    }
}

extension WebPCodec: AnimatedImageEncoding {
    /// Encodes every frame with this codec's `options` (see
    /// `encode(_:options:)`).
    package func encode(_ animation: AnimatedImage) throws(VignetteCore.EncodingOptions.Error) -> Data {
        do {
            return try WebPCodec.encode(animation, options: options)
        } catch {
            throw VignetteCore.EncodingOptions.Error(format: .webp, reason: error.encodingReason)
        }
    }
}
