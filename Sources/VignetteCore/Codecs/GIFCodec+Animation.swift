import CGIF
import Foundation

/// Every frame of a GIF, composed as browsers show it.
///
/// Each frame is drawn on the canvas (the logical screen, grown to hold the
/// first frame) in its colours (local map, else global, else opaque black);
/// its Graphic Control Extension's transparent index leaves the canvas
/// below showing, and its disposal applies before the next frame: 0 and 1
/// keep the frame, 2 clears its rectangle to transparent (what browsers do;
/// the background colour is never painted), 3 restores what was under it.
/// Parts of a frame outside the canvas are clipped. Durations are the
/// delays (centiseconds) × 10 ms. The loop count is the number of plays:
/// no NETSCAPE2.0/ANIMEXTS1.0 extension plays once (1), its value 0 is
/// forever (0), and a value n repeats n times after the first play (n + 1),
/// as Chromium and Firefox play it.
///
/// Leniency: records damaged after a decodable first frame end the
/// animation there: the frames decoded before the damage are returned, as
/// browsers show them (a frame whose last row decoded but whose closing
/// records are cut off is kept). Damage in the first frame is an error.
extension GIFCodec: AnimatedImageDecoding {
    /// The canvas, frame count, loop count and total duration, from a walk
    /// over the records that skips the image data unread.
    package func animationHeader(_ data: Data) throws(ImageDecoders.Error) -> AnimationHeader {
        do {
            return try GIFCodec.scan(data, limit: Int.max)
        } catch {
            throw ImageDecoders.Error(format: .gif, reason: error.decodingReason, underlying: error)
        }
    }

    /// Every frame after the limits were checked from the record walk.
    package func decodeAnimation(
        _ data: Data, options: DecodingOptions, limits: AnimationLimits
    ) throws(ImageDecoders.Error) -> AnimatedImage {
        let header: AnimationHeader
        do {
            header = try GIFCodec.checkedHeader(data, options: options)
        } catch {
            throw ImageDecoders.Error(format: .gif, reason: error.decodingReason, underlying: error)
        }
        try limits.check(header, format: .gif)
        do {
            return try GIFCodec.decodeFrames(data, header: header, options: options)
        } catch {
            throw ImageDecoders.Error(format: .gif, reason: error.decodingReason, underlying: error)
        }
    }

    /// The header, with the canvas checked against the pixel and side limits.
    static func checkedHeader(_ data: Data, options: DecodingOptions) throws(GIFCodec.Error) -> AnimationHeader {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        let header = try scan(data, limit: pixelLimit(options))
        if let side = options.exceededSideLimit(width: header.width, height: header.height) {
            throw .sideTooLong(width: header.width, height: header.height, limit: side)
        }
        return header
    }

    /// Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
    static func pixelLimit(_ options: DecodingOptions) -> Int { min(max(0, options.maxPixelCount), Int(Int32.max)) }

    static func scan(_ data: Data, limit: Int) throws(GIFCodec.Error) -> AnimationHeader {
        var info = vg_gif_anim_info()
        let rc = data.withUnsafeBytes { raw in
            vg_gif_anim_scan(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, limit)), &info)
        }
        try check(rc, data: data, width: Int(info.width), height: Int(info.height), limit: limit)
        return AnimationHeader(
            width: Int(info.width), height: Int(info.height), frameCount: Int(info.frame_count),
            loopCount: playCount(extensionValue: Int(info.loop_count)),
            durationMilliseconds: Int(clamping: info.duration_ms))
    }

    /// The NETSCAPE2.0 value as a number of plays (-1: no extension).
    static func playCount(extensionValue value: Int) -> Int {
        value < 0 ? 1 : value == 0 ? 0 : value + 1
    }

    /// Decodes up to `header.frameCount` frames; damage after the first
    /// frame ends the animation there.
    static func decodeFrames(_ data: Data, header: AnimationHeader, options: DecodingOptions) throws(GIFCodec.Error)
        -> AnimatedImage
    {
        let limit = pixelLimit(options)
        let count = header.width * header.height * 4
        var frames: [AnimatedImage.Frame] = []
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var anim: OpaquePointer?
            failure = vg_gif_anim_open(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit), &anim)
            defer { vg_gif_anim_close(anim) }
            while failure == VG_GIF_OK, frames.count < header.frameCount {
                var duration: Int32 = 0
                var rc: Int32 = 0
                let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                    rc = vg_gif_anim_next(anim, buffer.baseAddress, count, &duration)
                    initialized = rc == VG_GIF_OK ? count : 0
                }
                guard rc == VG_GIF_OK else {
                    failure = rc == VG_GIF_END ? 0 : rc
                    break
                }
                var bitmap = Bitmap(trustedWidth: header.width, height: header.height, scale: options.scale, pixels: pixels)
                bitmap.premultiplyInPlace()
                frames.append(AnimatedImage.Frame(bitmap: bitmap, durationMilliseconds: Int(duration)))
            }
        }
        if frames.isEmpty {
            try check(failure == 0 ? Int32(VG_GIF_NO_IMAGE) : failure, data: data, width: header.width, height: header.height, limit: limit)
        }
        do {
            return try AnimatedImage(frames: frames, loopCount: header.loopCount)
        } catch {
            throw .noImage
        }
    }
}
