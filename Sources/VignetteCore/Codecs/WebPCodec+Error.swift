extension WebPCodec {
    /// Why WebP bytes could not be decoded or a bitmap encoded, as libwebp
    /// reported it (through result codes, never its messages).
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not start with `RIFF....WEBP`.
        case notWebP(byteCount: Int)
        /// The data ends before the image does (`byteCount` bytes in all).
        case truncated(byteCount: Int)
        /// The container or bitstream is invalid.
        case corrupt
        /// The file uses a feature libwebp does not decode.
        case unsupportedFeature
        /// The canvas announces more pixels than the limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The header states a side longer than `DecodingOptions.maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// Memory could not be obtained.
        case outOfMemory
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)
        /// A side is zero or beyond WebP's 16383 pixels.
        case dimensionsOutOfRange(width: Int, height: Int)
        /// libwebp's encoder failed for another reason.
        case encodingFailed

        /// What is wrong, in words a user can act on.
        package var description: String {
            switch self {
            case .notWebP(let count):
                count < 12 ? "not a WebP file: only \(count) bytes" : "not a WebP file: the RIFF/WEBP header is missing"
            case .truncated(let count): "truncated WebP: the data ends after \(count) bytes, before the image does"
            case .corrupt: "corrupt WebP: invalid container or bitstream"
            case .unsupportedFeature: "WebP uses a feature libwebp cannot decode"
            case .tooLarge(let w, let h, let limit): "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit): "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .outOfMemory: "out of memory in libwebp"
            case .invalidScale(let scale): "invalid image scale \(scale): it must be a positive number"
            case .dimensionsOutOfRange(let w, let h): "cannot encode \(w)x\(h) as WebP: each side must be 1...16383 pixels"
            case .encodingFailed: "WebP encoding failed"
            }
        }

        var decodingReason: ImageDecoders.Error.Reason {
            switch self {
            case .notWebP(let count): .unrecognizedFormat(byteCount: count)
            case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
            case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
            case .outOfMemory: .outOfMemory
            case .invalidScale(let scale): .invalidScale(scale)
            case .truncated(let count): .malformed("the data ends after \(count) bytes, before the image does")
            case .corrupt: .malformed("invalid container or bitstream")
            case .unsupportedFeature, .dimensionsOutOfRange, .encodingFailed: .malformed(description)
            }
        }

        var encodingReason: VignetteCore.EncodingOptions.Error.Reason {
            switch self {
            case .dimensionsOutOfRange(let w, let h) where w == 0 || h == 0: .emptyImage(width: w, height: h)
            case .outOfMemory: .outOfMemory
            default: .libraryFailure(description)
            }
        }
    }
}
