import CDeflate
import Foundation

extension PNGCodec {
    /// The orientation in a PNG's eXIf chunk (Exif data, PNG 1.5
    /// extensions and the third edition), or nil when there is none or it
    /// cannot be read. Decoding applies it by default, as for a JPEG
    /// (`DecodingOptions.appliesOrientation`).
    ///
    /// Only an eXIf chunk before the first IDAT counts, where the PNG
    /// specification requires it and browsers look; a chunk with a bad
    /// CRC is ignored, as libpng ignores damaged ancillary chunks. Costs
    /// one walk over the chunk headers before the image data.
    ///
    /// ```swift
    /// let upright = try PNGCodec.decode(data, options: DecodingOptions())       // turned upright
    /// let stored = try PNGCodec.decode(data, options: DecodingOptions(appliesOrientation: false))
    /// let tag = PNGCodec.orientation(of: data)                                  // e.g. .right
    /// ```
    package static func orientation(of data: Data) -> EXIFOrientation? {
        data.withUnsafeBytes { file -> EXIFOrientation? in
            guard let payload = chunkBeforeImageData(0x6558_4966, in: file) else { return nil }  // "eXIf"
            let crc = libdeflate_crc32(0, file.baseAddress! + payload.lowerBound - 4, payload.count + 4)
            guard crc == file.loadBigEndianUInt32(at: payload.upperBound) else { return nil }
            return EXIFOrientation.parse(exif: [UInt8](file[payload]))
        }
    }

    /// The payload range of the first chunk of `type` before the first
    /// IDAT, when it lies wholly inside the file with its CRC.
    static func chunkBeforeImageData(_ type: UInt32, in file: UnsafeRawBufferPointer) -> Range<Int>? {
        guard file.count >= 8 else { return nil }
        var offset = 8
        while offset + 8 <= file.count {
            let length = Int(file.loadBigEndianUInt32(at: offset))
            let found = file.loadBigEndianUInt32(at: offset + 4)
            if found == 0x4944_4154 || found == 0x4945_4E44 { return nil }  // "IDAT", "IEND"
            if found == type {
                return offset + 12 + length <= file.count ? offset + 8..<offset + 8 + length : nil
            }
            offset += 12 + length
        }
        return nil
    }
}
