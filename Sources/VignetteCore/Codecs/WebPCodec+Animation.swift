import CWebP
import Foundation

/// Every frame of an animated WebP, composed by libwebp's animation decoder
/// (`WebPAnimDecoder`: blending and disposal as the WebP container
/// specification says, over a transparent canvas), one thread, straight
/// RGBA premultiplied afterwards as every WebP decode is. Frame count,
/// canvas, loop count (0 = forever, as stored) and durations come from
/// WebPDemux before any frame is decoded. An ICCP profile converts every
/// frame to sRGB and an EXIF orientation turns every frame, as for a still
/// WebP. A still WebP is an animation of one frame. Damaged or cut-off
/// files are typed errors (no partial animation).
extension WebPCodec: AnimatedImageDecoding {
    /// The canvas, frame count, loop count and total duration, from the container.
    package func animationHeader(_ data: Data) throws(ImageDecoders.Error) -> AnimationHeader {
        do {
            return try WebPCodec.animationInfo(data, limit: Int.max).header
        } catch {
            throw ImageDecoders.Error(format: .webp, reason: error.decodingReason, underlying: error)
        }
    }

    /// Every frame after the limits were checked from the container.
    package func decodeAnimation(
        _ data: Data, options: DecodingOptions, limits: AnimationLimits
    ) throws(ImageDecoders.Error) -> AnimatedImage {
        let (header, animated): (AnimationHeader, Bool)
        do throws(WebPCodec.Error) {
            guard options.scale.isFinite, options.scale > 0 else { throw WebPCodec.Error.invalidScale(options.scale) }
            (header, animated) = try WebPCodec.animationInfo(data, limit: WebPCodec.pixelLimit(options))
            if let side = options.exceededSideLimit(width: header.width, height: header.height) {
                throw WebPCodec.Error.sideTooLong(width: header.width, height: header.height, limit: side)
            }
        } catch {
            throw ImageDecoders.Error(format: .webp, reason: error.decodingReason, underlying: error)
        }
        try limits.check(header, format: .webp)
        var still = options
        still.shrinkTarget = nil
        guard animated else { return AnimatedImage(still: try decode(data, options: still)) }
        do {
            return try WebPCodec.decodeFrames(data, header: header, options: still)
        } catch {
            throw ImageDecoders.Error(format: .webp, reason: error.decodingReason, underlying: error)
        }
    }

    /// Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
    static func pixelLimit(_ options: DecodingOptions) -> Int { min(max(0, options.maxPixelCount), Int(Int32.max)) }

    /// The header, and whether the file is an animation (the ANIM flag).
    static func animationInfo(_ data: Data, limit: Int) throws(WebPCodec.Error) -> (header: AnimationHeader, animated: Bool) {
        var info = vg_webp_anim_info()
        let rc = data.withUnsafeBytes { raw in
            vg_webp_anim_probe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, limit)), &info)
        }
        try check(rc, data: data, width: Int(info.width), height: Int(info.height), limit: limit)
        let header = AnimationHeader(
            width: Int(info.width), height: Int(info.height), frameCount: Int(info.frame_count),
            loopCount: Int(info.loop_count), durationMilliseconds: Int(clamping: info.duration_ms))
        return (header, info.has_animation != 0)
    }

    static func decodeFrames(_ data: Data, header: AnimationHeader, options: DecodingOptions) throws(WebPCodec.Error)
        -> AnimatedImage
    {
        let limit = pixelLimit(options)
        let metadata = try probe(data, limit: limit)
        let count = header.width * header.height * 4
        var frames: [AnimatedImage.Frame] = []
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var anim: OpaquePointer?
            failure = vg_webp_anim_open(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit), &anim)
            defer { vg_webp_anim_close(anim) }
            while failure == VG_WEBP_OK, frames.count < header.frameCount {
                var duration: Int32 = 0
                var rc: Int32 = 0
                let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    rc = vg_webp_anim_next(anim, buffer.baseAddress, count, &duration)
                    initialized = rc == VG_WEBP_OK ? count : 0
                }
                guard rc == VG_WEBP_OK else {
                    failure = rc == VG_WEBP_ANIM_END ? 0 : rc
                    break
                }
                let image = DecodedImage(
                    width: header.width, height: header.height, rgba: pixels, hasAlpha: true,
                    iccProfile: metadata.iccProfile, orientation: metadata.orientation)
                frames.append(AnimatedImage.Frame(bitmap: image.bitmap(options: options), durationMilliseconds: Int(duration)))
            }
        }
        try check(failure, data: data, width: header.width, height: header.height, limit: limit)
        do {
            return try AnimatedImage(frames: frames, loopCount: header.loopCount)
        } catch {
            throw .corrupt
        }
    }
}
