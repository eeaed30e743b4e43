extension AVIFCodec {
    /// Why AVIF bytes could not be decoded or a bitmap encoded, as libavif
    /// reported it (through result codes, never its messages).
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not open with an `ftyp` box naming `avif` or `avis`.
        case notAVIF(byteCount: Int)
        /// The data ends before the image does (`byteCount` bytes in all).
        case truncated(byteCount: Int)
        /// The container or the AV1 bitstream is invalid.
        case corrupt
        /// The file uses a feature libavif cannot decode (or is beyond its own
        /// 16384 × 16384 pixel ceiling).
        case unsupportedFeature
        /// The image announces more pixels than the limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The header states a side longer than `DecodingOptions.maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// Memory could not be obtained.
        case outOfMemory
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)
        /// A bitmap to encode has a side of 0 or over `AVIFCodec.maxEncodedSide`.
        case dimensionsOutOfRange(width: Int, height: Int)
        /// This libavif was built without libaom, the one AV1 encoder Vignette uses.
        case encoderUnavailable
        /// libavif or libaom refused to encode the image.
        case encodingFailed
        /// libavif, which is opened when the first AVIF image is, could not
        /// be loaded (the loader's reason, e.g. a missing `libavif.so.15`).
        case libraryUnavailable(String)

        /// What is wrong, in words a user can act on.
        package var description: String {
            switch self {
            case .notAVIF(let count):
                count < 12 ? "not an AVIF file: only \(count) bytes" : "not an AVIF file: no ftyp box with the avif or avis brand"
            case .truncated(let count): "truncated AVIF: the data ends after \(count) bytes, before the image does"
            case .corrupt: "corrupt AVIF: invalid container or AV1 bitstream"
            case .unsupportedFeature: "AVIF uses a feature libavif cannot decode"
            case .tooLarge(let w, let h, let limit): "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit): "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .outOfMemory: "out of memory in libavif"
            case .invalidScale(let scale): "invalid image scale \(scale): it must be a positive number"
            case .dimensionsOutOfRange(let w, let h):
                "cannot encode \(w)x\(h) as AVIF: each side must be 1...\(AVIFCodec.maxEncodedSide) pixels"
            case .encoderUnavailable: "cannot encode AVIF: libavif was built without the libaom encoder"
            case .encodingFailed: "AVIF encoding failed"
            case .libraryUnavailable(let reason): "libavif could not be loaded (\(reason)): install libavif"
            }
        }

        var decodingReason: ImageDecoders.Error.Reason {
            switch self {
            case .notAVIF(let count): .unrecognizedFormat(byteCount: count)
            case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
            case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
            case .outOfMemory: .outOfMemory
            case .invalidScale(let scale): .invalidScale(scale)
            case .truncated(let count): .malformed("the data ends after \(count) bytes, before the image does")
            case .corrupt: .malformed("invalid container or AV1 bitstream")
            case .unsupportedFeature, .dimensionsOutOfRange, .encoderUnavailable, .encodingFailed:
                .malformed(description)
            case .libraryUnavailable: .unsupported(description)
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
