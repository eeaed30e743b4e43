import CPNG
import Foundation

/// Decodes and encodes PNG through libpng.
///
/// Decoding expands every PNG flavour (grey, palette, tRNS, 1–16 bits,
/// interlaced) to premultiplied RGBA8; 16-bit samples round to 8 as
/// `(v * 255 + 32895) >> 16`. An iCCP profile is converted to sRGB
/// (`ColorProfile`) and an eXIf orientation applied, as for JPEG;
/// gAMA, cHRM and sRGB chunks are ignored. Dimensions are
/// checked against a pixel limit from the header, before any pixel memory
/// exists. `decodeStraightRGBA` gives the samples as stored, unconverted.
///
/// ```swift
/// let icon = try PNGCodec.decode(contentsOf: "icon@2x.png")      // scale 2 from the name
/// let data = try PNGCodec.encode(icon)                           // straight-alpha PNG
/// let any = try ImageDecoders.standard.decode(data)              // picked by sniffing
/// ```
package struct PNGCodec: Sendable {
    /// The default ceiling on `width * height` a decode accepts (100 Mpx).
    /// Larger limits may be passed, up to a hard ceiling of 2^31 − 1 pixels.
    package static let defaultMaxPixelCount = DecodingOptions.defaultMaxPixelCount

    /// The encoder settings an instance uses (as `ImageEncoding`).
    package var options: EncodingOptions

    /// A codec instance for the `ImageDecoding` / `ImageEncoding` protocols;
    /// the static functions work without one.
    package init(options: EncodingOptions = .default) { self.options = options }

    /// Facts from a PNG header.
    package struct Header: Sendable, Hashable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// Bits per sample (1, 2, 4, 8 or 16).
        package var bitDepth: Int
        /// How samples are stored.
        package var colorType: ColorType
        /// Adam7 interlacing.
        package var isInterlaced: Bool
        /// An alpha channel or a tRNS chunk is present.
        package var hasAlpha: Bool
    }

    /// The PNG colour types (the IHDR byte as the raw value); libpng rejects any other.
    package enum ColorType: Int, Sendable, Hashable, CaseIterable {
        /// Grey samples.
        case grey = 0
        /// Red, green, blue.
        case rgb = 2
        /// Indices into a palette.
        case palette = 3
        /// Grey and alpha.
        case greyAlpha = 4
        /// Red, green, blue, alpha.
        case rgba = 6
    }

    /// Reads the header without decoding pixels. A side over `maxSide` is
    /// `.sideTooLong`, found from the IHDR bytes before libpng reads a chunk;
    /// text and other chunks that never change a pixel are skipped unread.
    package static func header(of data: Data, maxSide: Int = DecodingOptions.defaultMaxSide) throws(PNGCodec.Error) -> Header {
        var textChunks = 0
        return try header(of: data, maxSide: maxSide, textChunks: &textChunks)
    }

    /// `header(of:maxSide:)`, adding the text chunks libpng parsed to `textChunks`.
    private static func header(of data: Data, maxSide: Int, textChunks: inout Int) throws(PNGCodec.Error) -> Header {
        let maxSide = min(max(1, maxSide), Int(Int32.max))
        if let (width, height) = statedSize(data), width > maxSide || height > maxSide {
            throw .sideTooLong(width: width, height: height, limit: maxSide)
        }
        try checkMethods(data)
        var info = vg_png_info()
        var message = [CChar](repeating: 0, count: 256)
        let rc = data.withUnsafeBytes { raw in
            vg_png_read_info(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(maxSide), &info,
                &message, message.count)
        }
        try check(rc, message: message, data: data)
        textChunks += Int(info.text_chunks)
        return Header(
            width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth),
            colorType: ColorType(rawValue: Int(info.color_type)) ?? .rgba, isInterlaced: info.interlaced != 0, hasAlpha: info.has_alpha != 0)
    }

    /// Width and height as the IHDR chunk states them (it must come first), unchecked.
    private static func statedSize(_ data: Data) -> (Int, Int)? {
        guard data.count >= 24 else { return nil }
        let bytes = [UInt8](data.prefix(24))
        guard bytes[12...15].elementsEqual("IHDR".utf8) else { return nil }
        let word = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes PNG bytes to straight-alpha RGBA8, the codec-boundary form:
    /// the samples as stored (no colour conversion, see `iccProfile(of:)`).
    package static func decodeStraightRGBA(
        _ data: Data, maxPixelCount: Int = defaultMaxPixelCount, maxSide: Int = DecodingOptions.defaultMaxSide
    ) throws(PNGCodec.Error) -> (header: Header, pixels: [UInt8]) {
        try decodeStraightRGBA(data, maxPixelCount: maxPixelCount, maxSide: maxSide, allowFastPath: true)
    }

    /// `allowFastPath: false` forces libpng for every file (tests compare both).
    /// Both paths run only once the header passed both limits.
    static func decodeStraightRGBA(
        _ data: Data, maxPixelCount: Int, maxSide: Int = DecodingOptions.defaultMaxSide, allowFastPath: Bool
    ) throws(PNGCodec.Error) -> (header: Header, pixels: [UInt8]) {
        var textChunks = 0
        return try decodeStraightRGBA(
            data, maxPixelCount: maxPixelCount, maxSide: maxSide, allowFastPath: allowFastPath, textChunks: &textChunks)
    }

    /// `decodeStraightRGBA(_:maxPixelCount:maxSide:)`, counting the work a
    /// file's text costs: `textChunks` is how many tEXt, zTXt, iTXt and sPLT
    /// chunks libpng parsed (the header read and the pixel read together),
    /// each compressed one inflated. Always 0: they are skipped unread, so
    /// a zTXt bomb costs one CRC pass over its bytes.
    package static func decodeStraightRGBA(
        _ data: Data, maxPixelCount: Int = defaultMaxPixelCount, maxSide: Int = DecodingOptions.defaultMaxSide,
        allowFastPath: Bool = true, textChunks: inout Int
    ) throws(PNGCodec.Error) -> (header: Header, pixels: [UInt8]) {
        let header = try header(of: data, maxSide: maxSide, textChunks: &textChunks)
        // Whatever the caller allows, a decode never exceeds 2^31 pixels (8 GiB).
        let maxPixelCount = min(maxPixelCount, Int(Int32.max))
        let (count, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard !overflow, count <= maxPixelCount else {
            throw .tooLarge(width: header.width, height: header.height, limit: maxPixelCount)
        }
        var message = [CChar](repeating: 0, count: 256)
        var rc: Int32 = 0
        var pixelReadTextChunks: UInt32 = 0
        let fast = allowFastPath && PNGFastPath.applies(to: header)
        let capacity = count * 4 + (fast ? PNGFastPath.slack(for: header) : 0)
        // Uninitialised: only the pages the decoder writes are ever touched,
        // so a header promising more rows than the data holds costs nothing.
        let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            if let base = buffer.baseAddress { HugePages.advise(base, byteCount: capacity) }
            rc = data.withUnsafeBytes { raw in
                if fast, PNGFastPath.decode(raw, header: header, into: buffer.baseAddress!) {
                    return Int32(VG_PNG_OK)
                }
                return vg_png_decode_rgba8(
                    raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt64(maxPixelCount),
                    UInt32(min(max(1, maxSide), Int(Int32.max))),
                    buffer.baseAddress, count * 4, &pixelReadTextChunks, &message, message.count)
            }
            // On failure the array is left empty (never zero-filled: that would
            // touch every page): it never exposes uninitialised memory.
            initialized = Int(rc) == VG_PNG_OK ? count * 4 : 0
        }
        textChunks += Int(pixelReadTextChunks)
        try check(rc, message: message, data: data, header: header, limit: maxPixelCount)
        return (header, pixels)
    }

    /// Decodes PNG bytes to a premultiplied `Bitmap` with the given scale
    /// (an iCCP profile converted to sRGB, as `decode(_:options:)` does by default).
    package static func decode(
        _ data: Data, scale: Double = 1, maxPixelCount: Int = defaultMaxPixelCount
    ) throws(PNGCodec.Error) -> Bitmap {
        try decode(data, options: DecodingOptions(scale: scale, maxPixelCount: maxPixelCount))
    }

    /// Reads and decodes a PNG file. Unless `scale` is given, it comes from an
    /// `@2x`/`@3x` suffix of the file name (else 1).
    package static func decode(
        contentsOf path: String, scale: Double? = nil, maxPixelCount: Int = DecodingOptions.defaultMaxPixelCount
    ) throws(PNGCodec.Error) -> Bitmap {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: FileErrors.reason(error, path: path))
        }
        return try decode(data, scale: scale ?? ImageScale.fromFileName(path), maxPixelCount: maxPixelCount)
    }

    /// Encodes a bitmap as a straight-alpha PNG: RGB when every pixel is
    /// opaque, else RGBA. Output is deterministic (no time or text chunks).
    package static func encode(_ bitmap: Bitmap, options: EncodingOptions = .default) throws(PNGCodec.Error) -> Data {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw .emptyImage(width: bitmap.width, height: bitmap.height)
        }
        let opaque = bitmap.isOpaque
        // Opaque premultiplied pixels are already straight: no conversion copy.
        let rows = opaque ? bitmap.pixels : bitmap.straightRGBA()
        var buffer = vg_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let cOptions = vg_png_encode_options(
            level: Int32(options.level), strategy: options.strategy.zlibValue,
            filters: options.filters.libpngMask)
        let rc = rows.withUnsafeBufferPointer { p in
            vg_png_encode(
                p.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), 4, opaque ? 3 : 4,
                cOptions, &buffer, &message, message.count)
        }
        defer { vg_buffer_free(&buffer) }
        guard Int(rc) == VG_PNG_OK, let bytes = buffer.data else {
            throw .encodingFailed(reason: Int(rc) == VG_PNG_OUT_OF_MEMORY ? "out of memory" : cString(message))
        }
        return Data(bytes: bytes, count: buffer.length)
    }

    private static func cString(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The libpng version linked in.
    package static var libpngVersion: String { String(cString: vg_png_version()) }

    private static func check(
        _ rc: Int32, message: [CChar], data: Data, header: Header? = nil,
        limit: Int = defaultMaxPixelCount
    ) throws(PNGCodec.Error) {
        switch Int(rc) {
        case VG_PNG_OK:
            return
        case VG_PNG_TOO_LARGE:
            throw .tooLarge(width: header?.width ?? 0, height: header?.height ?? 0, limit: limit)
        case VG_PNG_OUT_OF_MEMORY:
            throw .outOfMemory
        case VG_PNG_NOT_PNG:
            throw .notPNG(byteCount: data.count)
        default:
            let reason = cString(message)
            throw .malformed(reason: reason.isEmpty ? "invalid PNG data" : reason)
        }
    }
}
