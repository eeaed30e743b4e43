import CAVIF
import Foundation

/// Decodes and encodes AVIF through libavif (encoding: see
/// `AVIFCodec+Encoding.swift` and `EncodingOptions`).
///
/// Decoding gives the first image (a sequence's first frame) as
/// premultiplied RGBA8: 8-, 10- and 12-bit, 4:4:4 / 4:2:2 / 4:2:0 /
/// monochrome, with alpha (a premultiplied file is un-premultiplied by
/// libavif first). One thread; chroma is upsampled bilinearly, through
/// libyuv as `avifdec` and Pillow do (8-bit pixels equal theirs), whose SIMD
/// and C kernels give the same bytes, so pixels are the same on every machine. The `colr` ICC profile becomes the colour profile
/// (without one, the `nclx` primaries and transfer do: Display P3 or
/// BT.2020 converts to sRGB, see `ColorProfile(cicpPrimaries:transfer:)`); the `irot` /
/// `imir` transforms become the orientation (the Exif orientation tag is
/// ignored, as HEIF readers must). The pixel limit is checked after the
/// container is parsed and is also libavif's and the AV1 decoder's own
/// limit, so no pixel memory exists for an image over it. Shrink-on-load
/// does not apply: AV1 has no reduced-size decoding, so `shrinkTarget` is
/// ignored and the resampler does the reduction.
///
/// ```swift
/// let header = try AVIFCodec.header(of: avifData)   // size, alpha, depth, orientation, ICC
/// let bitmap = try ImageDecoders.standard.decode(avifData, options: DecodingOptions(scale: 2))
/// let small = try AVIFCodec(options: .init(quality: 60)).encode(bitmap)
/// ```
package struct AVIFCodec: Sendable {
    /// How `encode(_:)` writes AVIF; decoding ignores it.
    package var options: EncodingOptions

    /// A codec that decodes, and encodes with `options`.
    package init(options: EncodingOptions = .default) { self.options = options }

    /// Facts from an AVIF file's container, read without decoding AV1.
    package struct Header: Sendable, Hashable {
        /// Width in pixels, as stored (before orientation).
        package var width: Int
        /// Height in pixels, as stored.
        package var height: Int
        /// Bits per sample as stored (8, 10 or 12; decoding gives 8).
        package var bitDepth: Int
        /// An alpha auxiliary image is present.
        package var hasAlpha: Bool
        /// Colour is stored premultiplied by alpha (decoding undoes it).
        package var isAlphaPremultiplied: Bool
        /// Images in the file: 1 for a still image, frames of a sequence.
        package var imageCount: Int
        /// The `colr` box's ICC profile, if any.
        package var iccProfile: [UInt8]?
        /// The `irot` / `imir` transforms as an EXIF orientation, `.up` when absent.
        package var orientation: EXIFOrientation
        /// CICP colour primaries (ITU-T H.273; 1 is BT.709/sRGB, 12 Display P3).
        /// Without an ICC profile, these and the transfer are converted to
        /// sRGB (`cicpProfile`); with one, the ICC profile rules.
        package var colorPrimaries: Int
        /// CICP transfer characteristics (13 is sRGB).
        package var transferCharacteristics: Int
        /// CICP matrix coefficients of the YUV data (0 identity, 1 BT.709, 6 BT.601).
        package var matrixCoefficients: Int

        /// The profile decoding converts from when the file has no ICC
        /// profile: built from the CICP primaries and transfer, nil when
        /// they mean sRGB or are not converted (`ColorProfile(cicpPrimaries:transfer:)`).
        package var cicpProfile: ColorProfile? {
            ColorProfile(cicpPrimaries: colorPrimaries, transfer: transferCharacteristics)
        }
    }

    /// Reads the container of AVIF bytes.
    package static func header(of data: Data) throws(AVIFCodec.Error) -> Header {
        let info = try probe(data, limit: Int.max)
        return header(info, icc: try profile(data, info: info))
    }

    /// Why libavif could not be loaded (it is opened with the first image that
    /// needs it, not at process start), or nil when it is loaded.
    package static var libraryFailure: String? { VignetteCore.libraryFailure { vg_avif_library_failure($0, $1) } }

    /// The libavif version loaded, e.g. `0.11.1`.
    package static var libavifVersion: String { String(cString: vg_avif_version()) }

    /// The AV1 codecs libavif was built with, e.g. `dav1d [dec]:1.0.0, aom [enc/dec]:v3.6.0`.
    package static var av1CodecVersions: String {
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { vg_avif_codec_versions($0.baseAddress) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The orientation for HEIF's transforms: `rotation` anticlockwise
    /// quarter turns (`irot`), then `mirror` (`imir`: 0 swaps top and
    /// bottom, 1 swaps left and right, nil when absent).
    package static func orientation(rotation: Int, mirror: Int?) -> EXIFOrientation {
        switch (rotation & 3, mirror) {
        case (0, nil): .up
        case (0, 0?): .downMirrored
        case (0, _): .upMirrored
        case (1, nil): .left
        case (1, 0?): .leftMirrored
        case (1, _): .rightMirrored
        case (2, nil): .down
        case (2, 0?): .upMirrored
        case (2, _): .downMirrored
        case (_, nil): .right
        case (_, 0?): .rightMirrored
        case (_, _): .leftMirrored
        }
    }

    /// Decodes the first image to straight RGBA with its profile and orientation.
    static func decodeImage(_ data: Data, options: DecodingOptions) throws(AVIFCodec.Error) -> DecodedImage {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        let limit = min(max(0, options.maxPixelCount), Int(Int32.max))
        let info = try probe(data, limit: limit)
        let (width, height) = (Int(info.width), Int(info.height))
        if let side = options.exceededSideLimit(width: width, height: height) {
            throw .sideTooLong(width: width, height: height, limit: side)
        }
        let count = width * height * 4
        var icc = [UInt8](repeating: 0, count: info.icc_size)
        var rc: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            rc = data.withUnsafeBytes { raw in
                icc.withUnsafeMutableBufferPointer { profile in
                    vg_avif_decode_rgba8(
                        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit),
                        buffer.baseAddress, count, profile.baseAddress, profile.count)
                }
            }
            // On failure the array stays empty: no uninitialised memory is
            // exposed, and the pages a lying header asked for are never touched.
            initialized = Int(rc) == VG_AVIF_OK ? count : 0
        }
        try check(rc, data: data, width: width, height: height, limit: limit)
        let header = header(info, icc: icc.isEmpty ? nil : icc)
        return DecodedImage(
            width: width, height: height, rgba: pixels, hasAlpha: header.hasAlpha,
            iccProfile: header.iccProfile ?? (options.convertsToSRGB ? header.cicpProfile?.bytes : nil),
            orientation: header.orientation)
    }

    static func probe(_ data: Data, limit: Int) throws(AVIFCodec.Error) -> vg_avif_info {
        var info = vg_avif_info()
        let rc = data.withUnsafeBytes { raw in
            vg_avif_probe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(max(0, limit)), &info, nil, 0)
        }
        try check(rc, data: data, width: Int(info.width), height: Int(info.height), limit: limit)
        return info
    }

    /// The ICC profile, read by a second container parse (no AV1 decoding).
    private static func profile(_ data: Data, info: vg_avif_info) throws(AVIFCodec.Error) -> [UInt8]? {
        guard info.icc_size > 0 else { return nil }
        var copy = info
        var icc = [UInt8](repeating: 0, count: info.icc_size)
        let rc = data.withUnsafeBytes { raw in
            icc.withUnsafeMutableBufferPointer { profile in
                vg_avif_probe(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(Int.max), &copy,
                    profile.baseAddress, profile.count)
            }
        }
        try check(rc, data: data)
        return icc
    }

    private static func header(_ info: vg_avif_info, icc: [UInt8]?) -> Header {
        Header(
            width: Int(info.width), height: Int(info.height), bitDepth: Int(info.depth),
            hasAlpha: info.has_alpha != 0, isAlphaPremultiplied: info.alpha_premultiplied != 0,
            imageCount: Int(info.image_count), iccProfile: icc,
            orientation: orientation(rotation: Int(info.rotation), mirror: info.mirror < 0 ? nil : Int(info.mirror)),
            colorPrimaries: Int(info.color_primaries), transferCharacteristics: Int(info.transfer_characteristics),
            matrixCoefficients: Int(info.matrix_coefficients))
    }

    static func check(_ rc: Int32, data: Data, width: Int = 0, height: Int = 0, limit: Int = 0) throws(AVIFCodec.Error) {
        switch Int(rc) {
        case VG_AVIF_OK: return
        case VG_AVIF_NOT_AVIF: throw .notAVIF(byteCount: data.count)
        case VG_AVIF_TRUNCATED: throw .truncated(byteCount: data.count)
        case VG_AVIF_UNSUPPORTED: throw .unsupportedFeature
        case VG_AVIF_TOO_LARGE: throw .tooLarge(width: width, height: height, limit: limit)
        case VG_AVIF_OUT_OF_MEMORY: throw .outOfMemory
        case VG_AVIF_NO_LIBRARY: throw .libraryUnavailable(libraryFailure ?? "")
        default: throw .corrupt
        }
    }
}

extension AVIFCodec: ImageDecoding {
    /// `.avif`.
    package var format: ImageFormat { .avif }

    /// True when the bytes open with an ISO-BMFF `ftyp` box whose major or a
    /// compatible brand is `avif` or `avis`.
    package func recognizes(_ data: Data) -> Bool {
        // Only the ftyp box is read, so a prefix keeps large inputs cheap.
        let prefix = data.prefix(4096)
        return prefix.withUnsafeBytes { raw in vg_avif_sniff(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) != 0 }
    }

    /// Decodes the first image, reporting errors as `ImageDecoders.Error`
    /// with the `AVIFCodec.Error` underneath. `options.shrinkTarget` is ignored.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try AVIFCodec.decodeImage(data, options: options).bitmap(options: options)
        } catch {
            throw ImageDecoders.Error(format: .avif, reason: error.decodingReason, underlying: error)
        }
    }
}
