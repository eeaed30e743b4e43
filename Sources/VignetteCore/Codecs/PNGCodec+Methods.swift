import Foundation

extension PNGCodec {
    /// The IHDR fields that name a method, each with the one value (two for
    /// interlacing) the PNG specification defines. A decoder must refuse any
    /// other: the data would mean something else.
    package enum HeaderMethod: String, Sendable, Hashable, CaseIterable {
        /// The compression method (0: zlib deflate).
        case compression
        /// The filter method (0: the five adaptive filter types).
        case filter
        /// The interlace method (0: none, 1: Adam7).
        case interlace

        /// The offset of this field's byte in the file (IHDR is the first chunk).
        var byteOffset: Int {
            switch self {
            case .compression: 26
            case .filter: 27
            case .interlace: 28
            }
        }

        /// The largest value the specification defines for this field.
        var largestDefinedValue: UInt8 { self == .interlace ? 1 : 0 }

        /// What is wrong when the field holds `value`, for messages.
        func problem(value: Int) -> String {
            let defined =
                switch self {
                case .compression: "only 0, deflate, is defined"
                case .filter: "only 0, adaptive filtering, is defined"
                case .interlace: "only 0, none, and 1, Adam7, are defined"
                }
            return "unknown \(rawValue) method \(value) in IHDR (\(defined))"
        }
    }

    /// Refuses a file whose IHDR names a compression, filter or interlace
    /// method the specification does not define, before libpng or the fast
    /// path reads any further: both decode paths go through here. Bytes too
    /// short to hold an IHDR are left to libpng's own checks.
    static func checkMethods(_ data: Data) throws(PNGCodec.Error) {
        guard data.count >= 29 else { return }
        let bytes = [UInt8](data.prefix(29))
        guard bytes[12...15].elementsEqual("IHDR".utf8) else { return }
        for method in HeaderMethod.allCases where bytes[method.byteOffset] > method.largestDefinedValue {
            throw .unknownMethod(method, value: Int(bytes[method.byteOffset]))
        }
    }
}
