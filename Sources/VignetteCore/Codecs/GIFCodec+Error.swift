extension GIFCodec {
    /// Why GIF bytes could not be decoded, as giflib reported it (through
    /// its error codes, never its messages).
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not start with `GIF87a` or `GIF89a`.
        case notGIF(byteCount: Int)
        /// The data ends before the first frame does (`byteCount` bytes in all).
        case truncated(byteCount: Int)
        /// A record or the LZW data of the first frame is invalid.
        case corrupt
        /// The file ends before any frame.
        case noImage
        /// The canvas announces more pixels than the limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The header states a side longer than `DecodingOptions.maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// Memory could not be obtained.
        case outOfMemory
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)

        /// What is wrong, in words a user can act on.
        package var description: String {
            switch self {
            case .notGIF(let count):
                count < 6 ? "not a GIF file: only \(count) bytes" : "not a GIF file: the GIF87a/GIF89a signature is missing"
            case .truncated(let count): "truncated GIF: the data ends after \(count) bytes, before the first frame does"
            case .corrupt: "corrupt GIF: invalid record or image data"
            case .noImage: "corrupt GIF: the file holds no frame"
            case .tooLarge(let w, let h, let limit): "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit): "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .outOfMemory: "out of memory while decoding the GIF"
            case .invalidScale(let scale): "invalid image scale \(scale): it must be a positive number"
            }
        }

        var decodingReason: ImageDecoders.Error.Reason {
            switch self {
            case .notGIF(let count): .unrecognizedFormat(byteCount: count)
            case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
            case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
            case .outOfMemory: .outOfMemory
            case .invalidScale(let scale): .invalidScale(scale)
            case .truncated(let count): .malformed("the data ends after \(count) bytes, before the first frame does")
            case .corrupt: .malformed("invalid record or image data")
            case .noImage: .malformed("the file holds no frame")
            }
        }
    }
}
