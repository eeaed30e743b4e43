import CAVIF
import Foundation

extension AVIFCodec {
    /// How to encode AVIF: lossy at a quality, or lossless, at a fixed speed.
    ///
    /// Every other setting is pinned so the same bitmap always gives the
    /// same bytes: libaom (all-intra still picture) on one thread, no tiling,
    /// 8-bit, full-range YUV with sRGB colour signalled (CICP 1/13/6).
    /// `quality` maps to the AV1 quantizer as libavif ≥ 1.0 and Pillow map
    /// it, round((100 − quality) · 63 / 100), for colour and alpha alike.
    /// Chroma is 4:2:0 below quality 90 and 4:4:4 from 90 up; lossless is
    /// quantizer 0, 4:4:4 and the identity matrix, so pixels come back exactly.
    ///
    /// ```swift
    /// let thumbnail = AVIFCodec(options: .init(quality: 60))
    /// let archival = AVIFCodec(options: .lossless)
    /// ```
    package struct EncodingOptions: Sendable, Hashable {
        /// 1 (smallest) ... 100 (best), clamped. Ignored when lossless.
        package var quality: Int
        /// Keep every pixel exact (larger files than lossless WebP or PNG for photos).
        package var lossless: Bool
        /// libaom's speed, 0 (slowest, smallest) ... 10, clamped. Bytes
        /// depend on it; CPU time roughly halves every two steps.
        package var speed: Int

        /// Settings; `quality` is clamped to 1...100 and `speed` to 0...10.
        package init(quality: Int = ImageFormat.defaultQuality, lossless: Bool = false, speed: Int = 6) {
            self.quality = min(100, max(1, quality))
            self.lossless = lossless
            self.speed = min(10, max(0, speed))
        }

        /// The AVIF settings of a shared `EncodingOptions`.
        package init(_ shared: VignetteCore.EncodingOptions) {
            self.init(quality: shared.quality, lossless: shared.lossless, speed: shared.speed)
        }

        /// Quality 80 at speed 6, as avifenc's and Pillow's default speed.
        package static let `default` = EncodingOptions()
        /// Lossless at speed 6.
        package static let lossless = EncodingOptions(lossless: true)

        /// The AV1 quantizer 0...63 this quality encodes at (0 when lossless).
        package var quantizer: Int { lossless ? 0 : Int(vg_avif_quantizer(Int32(quality))) }

        /// True when chroma keeps full resolution: lossless, or quality 90 and up.
        package var usesFullChroma: Bool { vg_avif_uses_444(settings) != 0 }

        var settings: vg_avif_encode_options {
            vg_avif_encode_options(quality: Int32(quality), lossless: lossless ? 1 : 0, speed: Int32(speed))
        }
    }

    /// The longest side Vignette encodes: libavif's decoding ceiling is
    /// 16384 × 16384 pixels, so no larger file is written that it would refuse.
    package static let maxEncodedSide = 16384

    /// The AV1 encoder in use, `aom`, or nil when libavif lacks it.
    package static var encoderName: String? { vg_avif_encoder_name().map { String(cString: $0) } }

    /// Encodes a bitmap as an 8-bit AVIF still image. Opaque bitmaps carry no
    /// alpha plane; others are un-premultiplied first. The size is checked
    /// before any memory is allocated.
    package static func encode(_ bitmap: Bitmap, options: EncodingOptions = .default) throws(AVIFCodec.Error) -> Data {
        let sides = 1...maxEncodedSide
        guard sides.contains(bitmap.width), sides.contains(bitmap.height) else {
            throw .dimensionsOutOfRange(width: bitmap.width, height: bitmap.height)
        }
        let opaque = bitmap.isOpaque
        // Opaque premultiplied pixels are already straight: no conversion copy.
        let rgba = opaque ? bitmap.pixels : bitmap.straightRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = rgba.withUnsafeBufferPointer { p in
            vg_avif_encode_rgba8(
                p.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), opaque ? 1 : 0,
                options.settings, &output, &length)
        }
        defer { vg_avif_free(output) }
        switch Int(rc) {
        case VG_AVIF_OK: break
        case VG_AVIF_NO_ENCODER: throw .encoderUnavailable
        case VG_AVIF_NO_LIBRARY: throw .libraryUnavailable(AVIFCodec.libraryFailure ?? "")
        case VG_AVIF_OUT_OF_MEMORY: throw .outOfMemory
        default: throw .encodingFailed
        }
        guard let output else { throw .encodingFailed }
        return Data(bytes: output, count: length)
    }
}

extension AVIFCodec: ImageEncoding {
    /// Encodes with this codec's `options`.
    package func encode(_ bitmap: Bitmap) throws(VignetteCore.EncodingOptions.Error) -> Data {
        do {
            return try AVIFCodec.encode(bitmap, options: options)
        } catch {
            throw VignetteCore.EncodingOptions.Error(format: .avif, reason: error.encodingReason)
        }
    }
}
