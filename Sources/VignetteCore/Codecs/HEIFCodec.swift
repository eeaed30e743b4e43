import CHeif
import Foundation

/// Decodes HEIC / HEIF through libheif (decoding only; Vignette writes no HEIC).
///
/// Decoding gives the primary image as premultiplied RGBA8: HEVC through
/// libde265 (and AV1-coded HEIF through dav1d, when the brands do not say
/// AVIF), grids of tiles as iPhones write them, 8-, 10- and 12-bit (more
/// than 8 bits are rounded to nearest, `v · 255 / max`), with alpha (a
/// premultiplied file is un-premultiplied first). libheif applies the
/// image's transforms (`clap` crop, `irot` rotation, `imir` mirror) while
/// decoding, so the image comes upright with orientation `.up`; an Exif
/// Orientation tag inside the file is ignored, as the HEIF specification
/// says (applying both would turn the image twice). The `colr` ICC profile
/// becomes the colour profile; without one, the `nclx` primaries and
/// transfer do, as for AVIF (`ColorProfile(cicpPrimaries:transfer:)`).
///
/// Limits are checked from the container before anything is decoded: every
/// item's `ispe` against `maxPixelCount` and `maxSide` (the caller's side
/// limit is libheif's own too), and every grid or overlay against
/// 2048 tiles (and a grid's tiles may cover at most four times its own
/// pixels), so a file naming thousands of tiles is refused before one is
/// decoded. A file whose codec libheif has no decoder for is
/// `.missingCodec`, naming the codec. `shrinkTarget` is ignored: HEVC has no
/// reduced-size decoding.
///
/// ```swift
/// let header = try HEIFCodec.header(of: heicData)   // size, depth, alpha, transforms, codec
/// let bitmap = try ImageDecoders.standard.decode(heicData, options: DecodingOptions(scale: 2))
/// ```
package struct HEIFCodec: Sendable {
    /// A codec instance for the `ImageDecoding` protocol.
    package init() {}

    /// The most images one grid or overlay may combine. An iPhone's 48 MP
    /// photo is 192 tiles of 512 × 512; 100 MP in 256 × 256 tiles is 1,526.
    package static let maxTiles = 2048

    /// Facts from a HEIF file's container, read without decoding.
    package struct Header: Sendable, Hashable {
        /// Width in pixels as decoded: after the crop and the transforms.
        package var width: Int
        /// Height in pixels as decoded.
        package var height: Int
        /// Bits per sample as stored (8, 10 or 12; decoding gives 8).
        package var bitDepth: Int
        /// An alpha auxiliary image is present.
        package var hasAlpha: Bool
        /// Colour is stored premultiplied by alpha (decoding undoes it).
        package var isAlphaPremultiplied: Bool
        /// The `colr` box's ICC profile, if any.
        package var iccProfile: [UInt8]?
        /// The `irot` / `imir` transforms as an EXIF orientation (`.up`
        /// when absent). Decoding applies them: informational only.
        package var transforms: EXIFOrientation
        /// Tiles of a grid primary image, 0 for a single coded image.
        package var tileCount: Int
        /// The coded item type: `hvc1` (HEVC), `av01` (AV1), `jpeg`, …
        package var codec: String
        /// CICP colour primaries of the `nclx` box (nil without one).
        package var colorPrimaries: Int?
        /// CICP transfer characteristics of the `nclx` box.
        package var transferCharacteristics: Int?

        /// The profile decoding converts from when the file has no ICC
        /// profile: built from the `nclx` code points, nil for sRGB.
        package var cicpProfile: ColorProfile? {
            guard let colorPrimaries, let transferCharacteristics else { return nil }
            return ColorProfile(cicpPrimaries: colorPrimaries, transfer: transferCharacteristics)
        }
    }

    /// Reads the container of HEIF bytes (no limits but the tile count).
    package static func header(of data: Data) throws(HEIFCodec.Error) -> Header {
        let limits = vg_heif_limits(max_pixels: UInt64.max, max_side: UInt32(Int32.max), max_tiles: UInt32(maxTiles))
        var info = try probe(data, limits: limits)
        var icc = [UInt8](repeating: 0, count: info.icc_size)
        if !icc.isEmpty {
            let rc = data.withUnsafeBytes { raw in
                icc.withUnsafeMutableBufferPointer { profile in
                    vg_heif_probe(
                        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, limits, &info,
                        profile.baseAddress, profile.count)
                }
            }
            try check(rc, info: info, data: data, limits: limits)
        }
        return header(info, icc: icc.isEmpty ? nil : icc)
    }

    /// Why libheif could not be loaded (it is opened with the first image that
    /// needs it, not at process start), or nil when it is loaded.
    package static var libraryFailure: String? { VignetteCore.libraryFailure { vg_heif_library_failure($0, $1) } }

    /// libheif's version, e.g. `1.15.1`.
    package static var libheifVersion: String { String(cString: vg_heif_version()) }

    /// The decoders libheif has, by codec, e.g. `HEVC: libde265 HEVC decoder, version 1.0.11; AV1: dav1d v6.6.0`.
    package static var decoderVersions: String {
        var buffer = [CChar](repeating: 0, count: 512)
        buffer.withUnsafeMutableBufferPointer { vg_heif_decoders($0.baseAddress) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The shim's limits for these options.
    static func limits(_ options: DecodingOptions, maxTiles: Int) -> vg_heif_limits {
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        vg_heif_limits(
            max_pixels: UInt64(min(max(0, options.maxPixelCount), Int(Int32.max))),
            max_side: UInt32(min(max(1, options.maxSide), Int(Int32.max))),
            max_tiles: UInt32(min(max(0, maxTiles), Int(UInt32.max))))
    }

    /// Decodes the primary image to straight RGBA, upright, with its profile.
    static func decodeImage(
        _ data: Data, options: DecodingOptions, maxTiles: Int = HEIFCodec.maxTiles
    ) throws(HEIFCodec.Error) -> DecodedImage {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        let limits = limits(options, maxTiles: maxTiles)
        let info = try probe(data, limits: limits)
        let (width, height) = (Int(info.width), Int(info.height))
        let count = width * height * 4
        var icc = [UInt8](repeating: 0, count: info.icc_size)
        var rc: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            rc = data.withUnsafeBytes { raw in
                icc.withUnsafeMutableBufferPointer { profile in
                    vg_heif_decode_rgba8(
                        raw.bindMemory(to: UInt8.self).baseAddress, raw.count, limits,
                        buffer.baseAddress, count, profile.baseAddress, profile.count)
                }
            }
            // On failure the array stays empty: no uninitialised memory is exposed.
            initialized = Int(rc) == VG_HEIF_OK ? count : 0
        }
        try check(rc, info: info, data: data, limits: limits)
        let header = header(info, icc: icc.isEmpty ? nil : icc)
        return DecodedImage(
            width: width, height: height, rgba: pixels, hasAlpha: header.hasAlpha,
            iccProfile: header.iccProfile ?? (options.convertsToSRGB ? header.cicpProfile?.bytes : nil),
            orientation: .up)
    }

    static func probe(_ data: Data, limits: vg_heif_limits) throws(HEIFCodec.Error) -> vg_heif_info {
        var info = vg_heif_info()
        let rc = data.withUnsafeBytes { raw in
            vg_heif_probe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, limits, &info, nil, 0)
        }
        try check(rc, info: info, data: data, limits: limits)
        return info
    }

    private static func header(_ info: vg_heif_info, icc: [UInt8]?) -> Header {
        Header(
            width: Int(info.width), height: Int(info.height), bitDepth: Int(info.depth),
            hasAlpha: info.has_alpha != 0, isAlphaPremultiplied: info.alpha_premultiplied != 0, iccProfile: icc,
            transforms: AVIFCodec.orientation(rotation: Int(info.rotation), mirror: info.mirror < 0 ? nil : Int(info.mirror)),
            tileCount: Int(info.tile_count), codec: codecType(info),
            colorPrimaries: info.has_nclx != 0 ? Int(info.color_primaries) : nil,
            transferCharacteristics: info.has_nclx != 0 ? Int(info.transfer_characteristics) : nil)
    }

    /// The coded item type the shim read, e.g. `hvc1`.
    static func codecType(_ info: vg_heif_info) -> String {
        withUnsafeBytes(of: info.codec) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func check(_ rc: Int32, info: vg_heif_info, data: Data, limits: vg_heif_limits) throws(HEIFCodec.Error) {
        let (width, height) = (Int(info.stored_width), Int(info.stored_height))
        switch Int(rc) {
        case VG_HEIF_OK: return
        case VG_HEIF_NOT_HEIF: throw .notHEIF(byteCount: data.count)
        case VG_HEIF_TRUNCATED: throw .truncated(byteCount: data.count)
        case VG_HEIF_UNSUPPORTED: throw .unsupportedFeature
        case VG_HEIF_TOO_LARGE: throw .tooLarge(width: width, height: height, limit: Int(limits.max_pixels))
        case VG_HEIF_SIDE_TOO_LONG: throw .sideTooLong(width: width, height: height, limit: Int(limits.max_side))
        case VG_HEIF_TOO_MANY_TILES: throw .tooManyTiles(count: Int(info.tile_count), limit: Int(limits.max_tiles))
        case VG_HEIF_NO_CODEC: throw .missingCodec(Error.codecName(codecType(info)))
        case VG_HEIF_OUT_OF_MEMORY: throw .outOfMemory
        case VG_HEIF_NO_LIBRARY: throw .libraryUnavailable(libraryFailure ?? "")
        default: throw .corrupt
        }
    }
}

extension HEIFCodec: ImageDecoding {
    /// `.heic`.
    package var format: ImageFormat { .heic }

    /// True when the bytes open with an ISO-BMFF `ftyp` box whose major
    /// brand is a HEIF one (`heic`, `heix`, `hevc`, `hevx`, `heim`, `heis`,
    /// `mif1`, `mif2`, `msf1`) or whose compatible brands name an HEVC one,
    /// and no brand is `avif` or `avis`: those files are AVIF's.
    package func recognizes(_ data: Data) -> Bool {
        // Only the ftyp box is read, so a prefix keeps large inputs cheap.
        let prefix = data.prefix(4096)
        return prefix.withUnsafeBytes { raw in vg_heif_sniff(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) != 0 }
    }

    /// Decodes the primary image, reporting errors as `ImageDecoders.Error`
    /// with the `HEIFCodec.Error` underneath. `options.shrinkTarget` and
    /// `options.appliesOrientation` have no effect: the transforms are part
    /// of a HEIF image, and no Exif orientation is read.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try HEIFCodec.decodeImage(data, options: options).bitmap(options: options)
        } catch {
            throw ImageDecoders.Error(format: .heic, reason: error.decodingReason, underlying: error)
        }
    }
}
