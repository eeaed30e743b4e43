import CGIF
import Foundation

/// Decodes GIF through giflib (decoding only; Vignette writes no GIF).
///
/// Decoding gives the first frame, as browsers show it before animating:
/// the frame's colours (its local colour map, else the global one) on a
/// transparent canvas the size of the logical screen, grown to hold a frame
/// that reaches past it; the transparent index of a Graphic Control
/// Extension before the frame leaves pixels transparent; the background
/// colour is not painted; interlaced rows are put in place. An index past
/// the colour map is opaque black, and so is every index of a frame with
/// no colour map at all (neither local nor global: the default palette of
/// Chromium's GIF decoder, Wuffs). Only the first frame is read: giflib's
/// record API walks to it (never `DGifSlurp`), and later frames are neither
/// decoded nor checked (`decodeAnimation` reads them all: see
/// `GIFCodec+Animation`). The screen size is checked against the pixel limit
/// from the header bytes, the canvas from the frame's descriptor, both
/// before any pixel memory exists. GIF has no profile or orientation, and
/// no reduced-size decoding: `shrinkTarget` is ignored.
///
/// ```swift
/// let header = try GIFCodec.header(of: gifData)   // canvas, frame rectangle, transparency
/// let firstFrame = try ImageDecoders.standard.decode(gifData)
/// ```
package struct GIFCodec: Sendable {
    /// A codec instance for the `ImageDecoding` protocol.
    package init() {}

    /// Facts from a GIF's logical screen and first frame descriptor.
    package struct Header: Sendable, Hashable {
        /// Canvas width: the logical screen's, or more when the first frame reaches past it.
        package var width: Int
        /// Canvas height.
        package var height: Int
        /// The logical screen descriptor's width.
        package var screenWidth: Int
        /// The logical screen descriptor's height.
        package var screenHeight: Int
        /// The first frame's rectangle on the canvas, in pixels.
        package var frame: PixelRect
        /// The first frame stores its rows interlaced.
        package var isInterlaced: Bool
        /// The first frame has its own colour map (else it uses the global one).
        package var hasLocalColorMap: Bool
        /// Entries in the colour map the first frame uses.
        package var colorCount: Int
        /// The palette index drawn as transparent, from a Graphic Control Extension.
        package var transparentIndex: Int?
    }

    /// Reads the logical screen and the first frame's descriptor.
    package static func header(of data: Data) throws(GIFCodec.Error) -> Header {
        let info = try probe(data, limit: Int.max)
        return Header(
            width: Int(info.width), height: Int(info.height),
            screenWidth: Int(info.screen_width), screenHeight: Int(info.screen_height),
            frame: PixelRect(
                minX: Int(info.frame_left), minY: Int(info.frame_top),
                maxX: Int(info.frame_left + info.frame_width),
                maxY: Int(info.frame_top + info.frame_height)),
            isInterlaced: info.interlaced != 0, hasLocalColorMap: info.local_color_map != 0,
            colorCount: Int(info.color_count),
            transparentIndex: info.transparent_index < 0 ? nil : Int(info.transparent_index))
    }

    /// The giflib version built against, e.g. `5.2.1` (giflib has no run-time version query).
    package static var giflibVersion: String { String(cString: vg_gif_version()) }

    /// Decodes the first frame onto its canvas as straight RGBA.
    static func decodeImage(_ data: Data, options: DecodingOptions) throws(GIFCodec.Error) -> DecodedImage {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        let limit = min(max(0, options.maxPixelCount), Int(Int32.max))
        let info = try probe(data, limit: limit)
        let (width, height) = (Int(info.width), Int(info.height))
        if let side = options.exceededSideLimit(width: width, height: height) {
            throw .sideTooLong(width: width, height: height, limit: side)
        }
        let count = width * height * 4
        var rc: Int32 = 0
        var hasAlpha: Int32 = 1
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            rc = data.withUnsafeBytes { raw in
                vg_gif_decode_rgba8(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit),
                    buffer.baseAddress, count, &hasAlpha)
            }
            // On failure the array stays empty: no uninitialised memory is
            // exposed, and the pages a lying header asked for are never touched.
            initialized = Int(rc) == VG_GIF_OK ? count : 0
        }
        try check(rc, data: data, width: width, height: height, limit: limit)
        return DecodedImage(width: width, height: height, rgba: pixels, hasAlpha: hasAlpha != 0)
    }

    static func probe(_ data: Data, limit: Int) throws(GIFCodec.Error) -> vg_gif_info {
        var info = vg_gif_info()
        let rc = data.withUnsafeBytes { raw in
            vg_gif_probe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, limit)), &info)
        }
        try check(rc, data: data, width: Int(info.width), height: Int(info.height), limit: limit)
        return info
    }

    static func check(_ rc: Int32, data: Data, width: Int = 0, height: Int = 0, limit: Int = 0) throws(GIFCodec.Error) {
        switch Int(rc) {
        case VG_GIF_OK: return
        case VG_GIF_NOT_GIF: throw .notGIF(byteCount: data.count)
        case VG_GIF_TRUNCATED: throw .truncated(byteCount: data.count)
        case VG_GIF_NO_IMAGE: throw .noImage
        case VG_GIF_TOO_LARGE: throw .tooLarge(width: width, height: height, limit: limit)
        case VG_GIF_OUT_OF_MEMORY: throw .outOfMemory
        default: throw .corrupt
        }
    }
}

extension GIFCodec: ImageDecoding {
    /// `.gif`.
    package var format: ImageFormat { .gif }

    /// True when the bytes start with `GIF87a` or `GIF89a`.
    package func recognizes(_ data: Data) -> Bool {
        data.starts(with: Array("GIF87a".utf8)) || data.starts(with: Array("GIF89a".utf8))
    }

    /// Decodes the first frame, reporting errors as `ImageDecoders.Error`
    /// with the `GIFCodec.Error` underneath. `options.shrinkTarget` is ignored.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try GIFCodec.decodeImage(data, options: options).bitmap(options: options)
        } catch {
            throw ImageDecoders.Error(format: .gif, reason: error.decodingReason, underlying: error)
        }
    }
}
