import CGIF
import Foundation

extension GIFCodec: ImageEncoding, AnimatedImageEncoding {
    /// The longest frame delay a GIF stores: 65535 centiseconds.
    package static let maxFrameDurationMilliseconds = 655_350

    /// Encodes a still image as a one-frame GIF89a (see `encode(_:)` for
    /// animations: the same palette, transparency and writer).
    package func encode(_ bitmap: Bitmap) throws(VignetteCore.EncodingOptions.Error) -> Data {
        try encode(AnimatedImage(still: bitmap))
    }

    /// Encodes every frame as a GIF89a, deterministically:
    ///
    /// - One global palette of at most 256 colours for all frames (exact
    ///   when the frames hold at most 256 distinct colours, else median cut;
    ///   see `GIFQuantizer`), no dithering: a static area keeps its indices
    ///   in every frame, so nothing shimmers.
    /// - Alpha below 128 is transparent (one palette index is reserved for
    ///   it, only when some pixel is); partial alpha at or above 128 is
    ///   drawn opaque in its straight colour.
    /// - Durations are rounded to centiseconds, half up ((ms + 5) / 10,
    ///   at most 65535 cs); 0 stays 0.
    /// - Loop count as the NETSCAPE2.0 record: plays forever (0) is 0; once
    ///   (1) writes no record; n plays write n − 1 repeats (at most 65535).
    /// - After the first frame, a frame stores only the rectangle that
    ///   changed, with the disposal that makes it compose right (see
    ///   `GIFFramePlan`).
    ///
    /// `quality` and WebP's lossless mode do not apply to GIF.
    package func encode(_ animation: AnimatedImage) throws(VignetteCore.EncodingOptions.Error) -> Data {
        let size = animation.pixelSize
        guard size.width > 0, size.height > 0 else {
            throw VignetteCore.EncodingOptions.Error(format: .gif, reason: .emptyImage(width: size.width, height: size.height))
        }
        guard size.width <= 65535, size.height <= 65535 else {
            throw VignetteCore.EncodingOptions.Error(
                format: .gif,
                reason: .unsupportedSetting(
                    "a GIF side is at most 65535 pixels; this image is \(size.width)x\(size.height)"))
        }
        let straight = animation.frames.map { $0.bitmap.straightRGBA() }
        // The transparent entry takes one of the 256 slots: one colour fewer.
        let anyTransparent = straight.contains { rgba in
            stride(from: 3, to: rgba.count, by: 4).contains { rgba[$0] < GIFQuantizer.alphaThreshold }
        }
        var quantizer = GIFQuantizer(maxColors: anyTransparent ? 255 : 256)
        for rgba in straight { quantizer.add(rgba) }
        quantizer.finish()
        let transparent = quantizer.hasTransparency ? UInt8(quantizer.colors.count) : nil
        var mapper = GIFColorMapper(colors: quantizer.colors, transparentIndex: transparent ?? 0)
        let canvases = straight.map { mapper.indices(of: $0) }
        let plans = GIFFramePlan.plan(canvases, width: size.width, height: size.height, transparent: transparent)
        return try write(
            animation, palette: quantizer.colors, transparent: transparent, canvases: canvases, plans: plans)
    }

    /// The GIF's loop record for an animation's loop count: nil for no record.
    static func netscapeLoopCount(_ animation: AnimatedImage) -> Int? {
        guard animation.isAnimated, animation.loopCount != 1 else { return nil }
        return animation.loopCount == 0 ? 0 : min(65535, animation.loopCount - 1)
    }

    /// A frame duration in centiseconds, rounded half up.
    static func centiseconds(_ milliseconds: Int) -> Int {
        (min(maxFrameDurationMilliseconds, max(0, milliseconds)) + 5) / 10
    }

    private func write(
        _ animation: AnimatedImage, palette: [UInt32], transparent: UInt8?, canvases: [[UInt8]], plans: [GIFFramePlan]
    ) throws(VignetteCore.EncodingOptions.Error) -> Data {
        let width = animation.pixelSize.width
        var indices: [UInt8] = []
        var frames: [vg_gif_frame] = []
        for (k, plan) in plans.enumerated() {
            let offset = indices.count
            for y in plan.rect.minY..<plan.rect.maxY {
                indices.append(contentsOf: canvases[k][(y * width + plan.rect.minX)..<(y * width + plan.rect.maxX)])
            }
            frames.append(
                vg_gif_frame(
                    left: UInt32(plan.rect.minX), top: UInt32(plan.rect.minY),
                    width: UInt32(plan.rect.width), height: UInt32(plan.rect.height), offset: offset,
                    delay_centiseconds: Int32(Self.centiseconds(animation.frames[k].durationMilliseconds)),
                    disposal: Int32(plan.disposal)))
        }
        let entries = palette.count + (transparent == nil ? 0 : 1)
        var tableSize = 2
        while tableSize < entries { tableSize *= 2 }
        var rgb = [UInt8](repeating: 0, count: tableSize * 3)
        for (i, color) in palette.enumerated() {
            (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = (UInt8(color >> 16), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF))
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = rgb.withUnsafeBufferPointer { table in
            var screen = vg_gif_screen(
                width: UInt32(width), height: UInt32(animation.pixelSize.height), palette_rgb: table.baseAddress,
                palette_size: Int32(tableSize), transparent_index: transparent.map(Int32.init) ?? -1,
                loop_count: Self.netscapeLoopCount(animation).map(Int32.init) ?? -1)
            return vg_gif_encode(&screen, frames, Int32(frames.count), indices, indices.count, &output, &length)
        }
        defer { vg_gif_free(output) }
        switch Int(rc) {
        case VG_GIF_ENCODE_OK: break
        case VG_GIF_ENCODE_OUT_OF_MEMORY: throw VignetteCore.EncodingOptions.Error(format: .gif, reason: .outOfMemory)
        default: throw VignetteCore.EncodingOptions.Error(format: .gif, reason: .libraryFailure("giflib refused a record (code \(rc))"))
        }
        guard let output else { throw VignetteCore.EncodingOptions.Error(format: .gif, reason: .outOfMemory) }
        return Data(bytes: output, count: length)
    }
}
