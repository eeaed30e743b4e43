extension JPEGCodec {
    /// Why a JPEG could not be decoded or encoded.
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not start with a JPEG SOI marker.
        case notJPEG(byteCount: Int)
        /// The data ends before the image does (libjpeg's message in `reason`).
        case truncated(reason: String)
        /// libjpeg rejected the data.
        case malformed(reason: String)
        /// Corrupt entropy data libjpeg could conceal (e.g. "Corrupt JPEG
        /// data: bad Huffman code"), refused because the decode was asked to
        /// (`DecodingOptions.rejectsDamagedData`); otherwise it decodes
        /// with this warning.
        case damagedData(DecodingWarning)
        /// A valid JPEG this build cannot decode (12-bit samples, an unknown
        /// colour space).
        case unsupported(reason: String)
        /// The header announces more pixels than the configured limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The header states a side longer than `DecodingOptions.maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// Memory for the pixels or the output could not be obtained.
        case outOfMemory
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)
        /// A bitmap with no pixels cannot be encoded.
        case emptyImage(width: Int, height: Int)
        /// libjpeg failed while encoding.
        case encodingFailed(reason: String)

        /// What is wrong, in words a user can act on.
        package var description: String {
            switch self {
            case .notJPEG(let count):
                count < 3 ? "not a JPEG file: only \(count) bytes" : "not a JPEG file: the SOI marker (FF D8 FF) is missing"
            case .truncated(let reason):
                "truncated JPEG: \(reason) (the file ends before the image does)"
            case .malformed(let reason):
                "corrupt JPEG: \(reason)"
            case .damagedData(let warning):
                "corrupt JPEG: \(warning.detail) (refused: damaged data is rejected)"
            case .unsupported(let reason):
                "unsupported JPEG: \(reason)"
            case .tooLarge(let w, let h, let limit):
                "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit):
                "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .outOfMemory:
                "out of memory while coding the JPEG"
            case .invalidScale(let scale):
                "invalid image scale \(scale): it must be a positive number"
            case .emptyImage(let w, let h):
                "cannot encode an empty \(w)x\(h) image"
            case .encodingFailed(let reason):
                "JPEG encoding failed: \(reason)"
            }
        }

        /// The shared decoding reason this error reports as.
        func decodingReason(byteCount: Int) -> ImageDecoders.Error.Reason {
            switch self {
            case .notJPEG: .unrecognizedFormat(byteCount: byteCount)
            case .truncated(let reason): .malformed("the data ends before the image does (\(reason))")
            case .malformed(let reason): .malformed(reason)
            case .damagedData(let warning): .damagedData(warning)
            case .unsupported(let reason): .unsupported(reason)
            case .emptyImage, .encodingFailed: .malformed(description)
            case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
            case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
            case .outOfMemory: .outOfMemory
            case .invalidScale(let scale): .invalidScale(scale)
            }
        }

        /// The shared encoding reason this error reports as.
        var encodingReason: VignetteCore.EncodingOptions.Error.Reason {
            switch self {
            case .emptyImage(let w, let h): .emptyImage(width: w, height: h)
            case .outOfMemory: .outOfMemory
            default: .libraryFailure(description)
            }
        }
    }
}
