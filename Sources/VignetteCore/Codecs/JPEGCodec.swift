import CJPEG
import Foundation

/// Decodes and encodes JPEG through libjpeg-turbo.
///
/// Decoding reads baseline, progressive and arithmetic-coded files with the
/// accurate integer IDCT and fancy upsampling (the pixels Pillow and libvips
/// give from the same library); greyscale becomes grey RGB, CMYK and YCCK
/// become RGB. The EXIF orientation and the ICC profile travel with the
/// pixels. A truncated file is an error, never a grey half image; damaged
/// entropy data in a complete file is concealed as libjpeg and browsers do,
/// with a `DecodingWarning` (`decodeReporting`), unless
/// `DecodingOptions.rejectsDamagedData` asks for an error.
/// The header's pixel count is checked against the limit before any pixel
/// memory exists. With a `shrinkTarget` the decode shrinks by 2, 4 or 8 in
/// the IDCT when the target needs no more pixels.
///
/// ```swift
/// let photo = try JPEGCodec.decode(data, options: DecodingOptions(scale: 2))
/// let jpeg = try JPEGCodec.encode(photo, options: .init(quality: 85))
/// ```
package struct JPEGCodec: Sendable {
    /// The encoder settings an instance uses (as `ImageEncoding`).
    package var options: EncodingOptions

    /// A codec instance for the `ImageDecoding` / `ImageEncoding` protocols;
    /// the static functions work without one.
    package init(options: EncodingOptions = .default) { self.options = options }

    /// How a JPEG's samples are stored.
    package enum ColorSpace: String, Sendable, Hashable {
        /// One grey component.
        case grey
        /// Red, green, blue stored directly (Adobe transform 0).
        case rgb
        /// Luma and two chroma components (JFIF, the usual case).
        case yCbCr
        /// Cyan, magenta, yellow, black (print workflows).
        case cmyk
        /// YCbCr plus black (Adobe transform 2).
        case ycck
        /// A component count or transform libjpeg cannot interpret.
        case unknown
    }

    /// Facts from a JPEG header and its metadata markers.
    package struct Header: Sendable, Hashable {
        /// Width in pixels, as stored (before orientation).
        package var width: Int
        /// Height in pixels, as stored.
        package var height: Int
        /// Number of colour components (1, 3 or 4).
        package var components: Int
        /// How the components encode colour.
        package var colorSpace: ColorSpace
        /// Progressive (multi-scan) coding.
        package var isProgressive: Bool
        /// Arithmetic instead of Huffman entropy coding.
        package var isArithmeticCoded: Bool
        /// Bits per sample (8, or 12 for some medical and camera files).
        package var precision: Int
        /// The Adobe APP14 colour transform code, nil without an Adobe marker.
        package var adobeTransform: Int?
        /// The EXIF orientation (APP1), `.up` when absent or unreadable.
        package var orientation: EXIFOrientation
        /// The embedded ICC profile (APP2 chunks joined), if complete.
        package var iccProfile: [UInt8]?
    }

    /// Reads the header and metadata markers without decoding pixels.
    package static func header(of data: Data) throws(JPEGCodec.Error) -> Header {
        guard data.starts(with: [0xFF, 0xD8]) else { throw .notJPEG(byteCount: data.count) }
        var info = vg_jpeg_info()
        var message = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            vg_jpeg_read_info(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &info, &message, message.count)
        }
        defer { vg_jpeg_info_free(&info) }
        try check(rc, message: message, data: data)
        let exif = info.exif.map { [UInt8](UnsafeBufferPointer(start: $0, count: info.exif_length)) }
        return Header(
            width: Int(info.width), height: Int(info.height), components: Int(info.components),
            colorSpace: ColorSpace(code: info.color_space), isProgressive: info.progressive != 0,
            isArithmeticCoded: info.arithmetic != 0, precision: Int(info.precision),
            adobeTransform: info.adobe_transform >= 0 ? Int(info.adobe_transform) : nil,
            orientation: exif.flatMap { EXIFOrientation.parse(exif: $0) } ?? .up,
            iccProfile: info.icc.map { [UInt8](UnsafeBufferPointer(start: $0, count: info.icc_length)) })
    }

    /// The factor (1, 2, 4 or 8) a decode with `options` shrinks `header`'s
    /// image by: the largest that still covers `options.shrinkTarget`,
    /// judged on the image as it will be displayed (width and height swap
    /// when the orientation turns it a quarter).
    package static func reduction(for header: Header, options: DecodingOptions) -> Int {
        guard let target = options.shrinkTarget else { return 1 }
        let turned = options.appliesOrientation && header.orientation.swapsDimensions
        let (w, h) = turned ? (header.height, header.width) : (header.width, header.height)
        return min(8, target.largestReduction(width: w, height: h, factors: [1, 2, 4, 8]))
    }

    /// Decodes to RGBA as stored, with the metadata the finishing steps need.
    package static func decodeImage(_ data: Data, options: DecodingOptions) throws(JPEGCodec.Error) -> DecodedImage {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        let header = try header(of: data)
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        let limit = min(options.maxPixelCount, Int(Int32.max))
        let (count, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard !overflow, count <= limit else { throw .tooLarge(width: header.width, height: header.height, limit: limit) }
        if let side = options.exceededSideLimit(width: header.width, height: header.height) {
            throw .sideTooLong(width: header.width, height: header.height, limit: side)
        }
        guard header.precision == 8 else {
            throw .unsupported(reason: "\(header.precision)-bit samples (libjpeg-turbo \(libjpegTurboVersion) reads 8-bit JPEG only)")
        }
        let factor = reduction(for: header, options: options)
        let fullWidth = (header.width + factor - 1) / factor
        let height = (header.height + factor - 1) / factor
        // Only an upright or half-turned image keeps its columns as columns.
        let upright = !(options.appliesOrientation && header.orientation.swapsDimensions)
        let columns = upright ? options.shrinkTarget?.visibleColumns(width: fullWidth, height: height) : nil
        let width = columns?.count ?? fullWidth
        let byteCount = width * height * 4
        var message = [CChar](repeating: 0, count: 256)
        var rc = Int32(VG_JPEG_OK)
        var damage: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            if let base = buffer.baseAddress { HugePages.advise(base, byteCount: byteCount) }
            rc = data.withUnsafeBytes { raw in
                vg_jpeg_decode_rgba8_columns(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(limit),
                    Int32(factor), UInt32(columns?.lowerBound ?? 0), UInt32(columns?.count ?? 0),
                    options.rejectsDamagedData ? 1 : 0, &damage, buffer.baseAddress, byteCount, &message, message.count)
            }
            // On failure the array is left empty: it never exposes uninitialised memory.
            initialized = Int(rc) == VG_JPEG_OK ? byteCount : 0
        }
        try check(rc, message: message, data: data, header: header, limit: limit)
        var image = DecodedImage(
            width: width, height: height, rgba: pixels, hasAlpha: false,
            iccProfile: header.iccProfile, orientation: header.orientation, reduction: factor)
        if damage > 0 {
            image.warnings = [DecodingWarning(format: .jpeg, kind: .damagedData, detail: cString(message), occurrences: Int(damage))]
        }
        return image
    }

    /// Decodes JPEG bytes to a bitmap: shrunk on load when `options` allow,
    /// oriented upright unless turned off. A shrunk bitmap's scale is divided
    /// by the factor, so its size in points stays that of a full decode.
    package static func decode(_ data: Data, options: DecodingOptions = DecodingOptions()) throws(JPEGCodec.Error) -> Bitmap {
        try decodeImage(data, options: options).bitmap(options: options)
    }

    /// Decodes like `decode(_:options:)` and says what libjpeg concealed:
    /// one `.damagedData` warning (with the count of libjpeg's warnings)
    /// when the entropy data was damaged, else none.
    package static func decodeReporting(
        _ data: Data, options: DecodingOptions = DecodingOptions()
    ) throws(JPEGCodec.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning]) {
        let image = try decodeImage(data, options: options)
        let warnings = image.warnings
        return (image.bitmap(options: options), warnings)
    }

    /// Encodes a bitmap as a three-component JPEG (never with alpha).
    /// Transparent pixels are composited over black, as libvips does: flatten
    /// onto a background first for another colour. The same bitmap and
    /// options always give the same bytes.
    package static func encode(_ bitmap: Bitmap, options: EncodingOptions = .default) throws(JPEGCodec.Error) -> Data {
        guard bitmap.width > 0, bitmap.height > 0 else { throw .emptyImage(width: bitmap.width, height: bitmap.height) }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let settings = vg_jpeg_encode_options(
            quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
            subsample: options.chroma == .yuv420 ? 1 : 0,
            optimize_coding: options.huffman.fitsTables(width: bitmap.width, height: bitmap.height) ? 1 : 0)
        // Premultiplied RGBA is straight colour over black: the fourth byte is skipped, nothing is copied.
        let rc = bitmap.pixels.withUnsafeBufferPointer { p in
            vg_jpeg_encode_rgbx8(
                p.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), settings,
                &output, &length, &message, message.count)
        }
        guard Int(rc) == VG_JPEG_OK, let output else {
            vg_jpeg_free(output)
            throw Int(rc) == VG_JPEG_OUT_OF_MEMORY ? .outOfMemory : .encodingFailed(reason: cString(message))
        }
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// The libjpeg-turbo version the shim was compiled against, e.g. `2.1.5`.
    package static var libjpegTurboVersion: String { String(cString: vg_jpeg_version()) }
}
