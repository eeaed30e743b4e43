extension PNGCodec {
    /// Why a PNG could not be decoded or encoded.
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not start with the PNG signature.
        case notPNG(byteCount: Int)
        /// libpng rejected the data; `reason` is its message (e.g. "IDAT: CRC error").
        case malformed(reason: String)
        /// The header announces more pixels than the configured limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The header states a side longer than the configured `maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// IHDR names a compression, filter or interlace method the PNG
        /// specification does not define (`value`): refused, as it requires.
        case unknownMethod(HeaderMethod, value: Int)
        /// Memory for the pixels could not be obtained.
        case outOfMemory
        /// A bitmap with no pixels cannot be encoded.
        case emptyImage(width: Int, height: Int)
        /// libpng failed while encoding.
        case encodingFailed(reason: String)
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)
        /// The file could not be read.
        case unreadable(path: String, reason: String)

        /// What is wrong with the data, in words a user can act on.
        package var description: String {
            switch self {
            case .notPNG(let count):
                count < 8 ? "not a PNG file: only \(count) bytes" : "not a PNG file: the PNG signature is missing"
            case .malformed(let reason):
                "corrupt PNG: \(reason)"
            case .tooLarge(let w, let h, let limit):
                "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit):
                "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .unknownMethod(let method, let value):
                "corrupt PNG: \(method.problem(value: value))"
            case .outOfMemory:
                "out of memory while decoding the PNG"
            case .emptyImage(let w, let h):
                "cannot encode an empty \(w)x\(h) image"
            case .encodingFailed(let reason):
                "PNG encoding failed: \(reason)"
            case .invalidScale(let scale):
                "invalid image scale \(scale): it must be a positive number"
            case .unreadable(let path, let reason):
                "cannot read \(path): \(reason)"
            }
        }
    }
}
