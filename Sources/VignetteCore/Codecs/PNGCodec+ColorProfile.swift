import CPNG
import Foundation

extension PNGCodec {
    /// The ICC profile of a PNG's iCCP chunk, decompressed; nil when there
    /// is none, or when libpng drops it (corrupt, a colour space that does
    /// not fit the image, longer than `ColorProfile.maxByteCount`).
    ///
    /// Files without an iCCP chunk cost one walk over the chunk headers
    /// before the image data, never a libpng read.
    package static func iccProfile(of data: Data) -> [UInt8]? {
        data.withUnsafeBytes { raw -> [UInt8]? in
            guard hasICCPChunk(raw) else { return nil }
            var buffer = vg_buffer()
            var message = [CChar](repeating: 0, count: 256)
            let rc = vg_png_read_iccp(
                raw.bindMemory(to: UInt8.self).baseAddress, raw.count, ColorProfile.maxByteCount,
                &buffer, &message, message.count)
            defer { vg_buffer_free(&buffer) }
            // A profile libpng cannot read never fails the decode: the pixels count as sRGB.
            guard Int(rc) == VG_PNG_OK, let bytes = buffer.data, buffer.length > 0 else { return nil }
            return [UInt8](UnsafeBufferPointer(start: bytes, count: buffer.length))
        }
    }

    /// True when an iCCP chunk comes before the first IDAT (where the PNG
    /// specification places it; libpng ignores one after).
    static func hasICCPChunk(_ file: UnsafeRawBufferPointer) -> Bool {
        guard file.count >= 8 else { return false }
        var offset = 8
        while offset + 8 <= file.count {
            let length = Int(file.loadBigEndianUInt32(at: offset))
            let type = file.loadBigEndianUInt32(at: offset + 4)
            if type == 0x6943_4350 { return true }  // "iCCP"
            if type == 0x4944_4154 || type == 0x4945_4E44 { return false }  // "IDAT", "IEND"
            offset += 12 + length
        }
        return false
    }

    /// The decode before the shared finishing steps: straight RGBA8 as
    /// stored, with the iCCP profile and the eXIf orientation when there are.
    package static func decodedImage(
        _ data: Data, maxPixelCount: Int, maxSide: Int = DecodingOptions.defaultMaxSide,
        allowFastPath: Bool = true
    ) throws(PNGCodec.Error) -> DecodedImage {
        let (header, pixels) = try decodeStraightRGBA(
            data, maxPixelCount: maxPixelCount, maxSide: maxSide,
            allowFastPath: allowFastPath)
        return DecodedImage(
            width: header.width, height: header.height, rgba: pixels, hasAlpha: header.hasAlpha,
            iccProfile: iccProfile(of: data), orientation: orientation(of: data) ?? .up)
    }

    /// Decodes PNG bytes to a premultiplied `Bitmap` with `options.scale`,
    /// converting an iCCP profile to sRGB unless `options.convertsToSRGB`
    /// is off, and turning it upright for an eXIf orientation unless
    /// `options.appliesOrientation` is off (`orientation(of:)`). gAMA,
    /// cHRM and sRGB chunks are never applied. PNG has no shrink-on-load.
    package static func decode(_ data: Data, options: DecodingOptions) throws(PNGCodec.Error) -> Bitmap {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        return try decodedImage(data, maxPixelCount: options.maxPixelCount, maxSide: options.maxSide).bitmap(options: options)
    }

    /// `decode(_:options:)` with the fast path on or off: the fuzzing
    /// harnesses reach libpng with files the fast path would take, and
    /// compare both paths (`CodecFuzzing.decodePNG`).
    package static func decode(_ data: Data, options: DecodingOptions, allowFastPath: Bool) throws(PNGCodec.Error) -> Bitmap {
        guard options.scale.isFinite, options.scale > 0 else { throw .invalidScale(options.scale) }
        return try decodedImage(
            data, maxPixelCount: options.maxPixelCount, maxSide: options.maxSide,
            allowFastPath: allowFastPath
        ).bitmap(options: options)
    }
}
