import CWebP
import Foundation

/// Decodes and encodes WebP through libwebp.
///
/// Decoding gives lossy, lossless and alpha images, and an animation's
/// first frame, as premultiplied RGBA8; the ICCP chunk becomes the colour
/// profile and the EXIF chunk's orientation is applied. The canvas size is
/// checked against the pixel limit from the header, before any pixel
/// memory exists. With a shrink target, libwebp's scaled decoding reads
/// the image at 1/2 … 1/8 (each side rounding up).
///
/// ```swift
/// let photo = try ImageDecoders.standard.decode(webpData, options: DecodingOptions(scale: 2))
/// let lossy = try WebPCodec(options: .init(quality: 75)).encode(photo)
/// let exact = try WebPCodec.encode(photo, options: .lossless)
/// ```
package struct WebPCodec: Sendable {
    /// The encoder settings an instance uses (as `ImageEncoding`).
    package var options: EncodingOptions

    /// A codec instance for the `ImageDecoding` / `ImageEncoding` protocols.
    package init(options: EncodingOptions = .default) { self.options = options }

    /// Facts from a WebP file's headers and chunks, read without decoding pixels.
    package struct Header: Sendable, Hashable {
        /// Canvas width in pixels, as stored (before orientation).
        package var width: Int
        /// Canvas height in pixels, as stored.
        package var height: Int
        /// An alpha channel is present (or the first frame leaves canvas uncovered).
        package var hasAlpha: Bool
        /// The file is an animation (decoding gives its first frame).
        package var isAnimated: Bool
        /// Frames in the file (1 for a still image).
        package var frameCount: Int
        /// The ICCP chunk's profile, if any.
        package var iccProfile: [UInt8]?
        /// The orientation in the EXIF chunk, `.up` when absent.
        package var orientation: EXIFOrientation
        /// The first frame covers the canvas, so scaled decoding applies.
        var isScalable: Bool
    }

    /// Reads the header and metadata chunks of WebP bytes.
    package static func header(of data: Data) throws(WebPCodec.Error) -> Header {
        try probe(data, limit: Int.max)
    }

    /// The libwebp version linked in, e.g. `1.2.4`.
    package static var libwebpVersion: String {
        let packed = Int(vg_webp_version())
        return "\(packed >> 16).\(packed >> 8 & 0xFF).\(packed & 0xFF)"
    }

    static func probe(_ data: Data, limit: Int) throws(WebPCodec.Error) -> Header {
        var info = vg_webp_info()
        let rc = data.withUnsafeBytes { raw in
            vg_webp_probe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, limit)), &info)
        }
        try check(rc, data: data, width: Int(info.width), height: Int(info.height), limit: limit)
        let exif = chunk(data, offset: info.exif_offset, size: info.exif_size)
        return Header(
            width: Int(info.width), height: Int(info.height), hasAlpha: info.has_alpha != 0,
            isAnimated: info.has_animation != 0, frameCount: Int(info.frame_count),
            iccProfile: chunk(data, offset: info.iccp_offset, size: info.iccp_size),
            orientation: exif.flatMap(EXIFOrientation.parse(exif:)) ?? .up,
            isScalable: info.scalable != 0)
    }

    /// A chunk payload the shim located as a byte range of `data`.
    private static func chunk(_ data: Data, offset: Int, size: Int) -> [UInt8]? {
        guard size > 0, offset >= 0, offset <= data.count - size else { return nil }
        let start = data.startIndex + offset
        return [UInt8](data[start..<start + size])
    }

    static func check(
        _ rc: Int32, data: Data, width: Int = 0, height: Int = 0,
        limit: Int = 0
    ) throws(WebPCodec.Error) {
        switch Int(rc) {
        case VG_WEBP_OK: return
        case VG_WEBP_NOT_WEBP: throw .notWebP(byteCount: data.count)
        case VG_WEBP_TRUNCATED: throw .truncated(byteCount: data.count)
        case VG_WEBP_UNSUPPORTED: throw .unsupportedFeature
        case VG_WEBP_TOO_LARGE: throw .tooLarge(width: width, height: height, limit: limit)
        case VG_WEBP_OUT_OF_MEMORY: throw .outOfMemory
        case VG_WEBP_BAD_DIMENSION: throw .dimensionsOutOfRange(width: width, height: height)
        case VG_WEBP_ENCODE_FAILED: throw .encodingFailed
        default: throw .corrupt
        }
    }
}
