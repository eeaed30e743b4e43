import CJPEG
import Foundation

extension JPEGCodec.ColorSpace {
    init(code: Int32) {
        switch Int(code) {
        case VG_JPEG_COLOR_GREY: self = .grey
        case VG_JPEG_COLOR_RGB: self = .rgb
        case VG_JPEG_COLOR_YCBCR: self = .yCbCr
        case VG_JPEG_COLOR_CMYK: self = .cmyk
        case VG_JPEG_COLOR_YCCK: self = .ycck
        default: self = .unknown
        }
    }
}

extension JPEGCodec {
    static func cString(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Maps a shim result code to an error, with libjpeg's message as context.
    static func check(
        _ rc: Int32, message: [CChar], data: Data, header: Header? = nil,
        limit: Int = DecodingOptions.defaultMaxPixelCount
    ) throws(JPEGCodec.Error) {
        let reason = cString(message)
        switch Int(rc) {
        case VG_JPEG_OK:
            return
        case VG_JPEG_TOO_LARGE:
            throw .tooLarge(width: header?.width ?? 0, height: header?.height ?? 0, limit: limit)
        case VG_JPEG_OUT_OF_MEMORY:
            throw .outOfMemory
        case VG_JPEG_NOT_JPEG:
            throw .notJPEG(byteCount: data.count)
        case VG_JPEG_DAMAGED:
            throw .damagedData(DecodingWarning(format: .jpeg, kind: .damagedData, detail: reason.isEmpty ? "corrupt JPEG data" : reason))
        case VG_JPEG_TRUNCATED:
            throw .truncated(reason: reason.isEmpty ? "premature end of data" : reason)
        case VG_JPEG_UNSUPPORTED:
            throw .unsupported(reason: reason.isEmpty ? "unsupported JPEG variant" : reason)
        default:
            throw .malformed(reason: reason.isEmpty ? "invalid JPEG data" : reason)
        }
    }
}
