extension HEIFCodec {
    /// Why HEIF bytes could not be decoded, as libheif reported it (through
    /// result codes, never its messages) or the container checks found.
    package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The bytes do not open with an `ftyp` box naming a HEIF brand.
        case notHEIF(byteCount: Int)
        /// The data ends before the image does (`byteCount` bytes in all).
        case truncated(byteCount: Int)
        /// The container or the coded bitstream is invalid.
        case corrupt
        /// The file uses a feature libheif cannot decode, is beyond its own
        /// ceilings, or nests derived images (a grid of grids).
        case unsupportedFeature
        /// libheif has no decoder for the image's codec (e.g. `AVC (H.264)`, `JPEG`).
        case missingCodec(String)
        /// An image in the file announces more pixels than the limit.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// An image in the file states a side longer than `DecodingOptions.maxSide`.
        case sideTooLong(width: Int, height: Int, limit: Int)
        /// A grid or overlay combines more images than `HEIFCodec.maxTiles`,
        /// or a grid's tiles cover far more pixels than the grid itself.
        case tooManyTiles(count: Int, limit: Int)
        /// Memory could not be obtained.
        case outOfMemory
        /// libheif, which is opened when the first HEIF image is, could not
        /// be loaded (the loader's reason, e.g. a missing `libheif.so.1`).
        case libraryUnavailable(String)
        /// The requested bitmap scale is zero, negative or not finite.
        case invalidScale(Double)

        /// What is wrong, in words a user can act on.
        package var description: String {
            switch self {
            case .notHEIF(let count):
                count < 16 ? "not a HEIF file: only \(count) bytes" : "not a HEIF file: no ftyp box with a HEIF brand"
            case .truncated(let count): "truncated HEIF: the data ends after \(count) bytes, before the image does"
            case .corrupt: "corrupt HEIF: invalid container or coded bitstream"
            case .unsupportedFeature: "HEIF uses a feature libheif cannot decode"
            case .missingCodec(let codec): "HEIF image coded with \(codec): libheif here has no decoder for it"
            case .tooLarge(let w, let h, let limit): "image is \(w)x\(h) = \(w * h) pixels, over the limit of \(limit) pixels"
            case .sideTooLong(let w, let h, let limit): "image is \(w)x\(h): a side is over the limit of \(limit) pixels"
            case .tooManyTiles(let count, let limit):
                "HEIF grid of \(count) images: over the limit of \(limit), or its tiles cover far more than the grid"
            case .outOfMemory: "out of memory in libheif"
            case .libraryUnavailable(let reason): "libheif could not be loaded (\(reason)): install libheif"
            case .invalidScale(let scale): "invalid image scale \(scale): it must be a positive number"
            }
        }

        var decodingReason: ImageDecoders.Error.Reason {
            switch self {
            case .notHEIF(let count): .unrecognizedFormat(byteCount: count)
            case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
            case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
            case .outOfMemory: .outOfMemory
            case .invalidScale(let scale): .invalidScale(scale)
            case .truncated(let count): .malformed("the data ends after \(count) bytes, before the image does")
            case .corrupt: .malformed("invalid container or coded bitstream")
            case .unsupportedFeature, .tooManyTiles, .libraryUnavailable: .unsupported(description)
            case .missingCodec(let codec): .unsupported("coded with \(codec), which this libheif cannot decode")
            }
        }

        /// A codec's name for its HEIF item type.
        static func codecName(_ itemType: String) -> String {
            switch itemType {
            case "hvc1": "HEVC (H.265)"
            case "av01": "AV1"
            case "avc1": "AVC (H.264)"
            case "jpeg": "JPEG"
            case "j2k1": "JPEG 2000"
            case "vvc1": "VVC (H.266)"
            case "evc1": "EVC"
            case "unci": "uncompressed (ISO/IEC 23001-17)"
            default: "item type '\(itemType)'"
            }
        }
    }
}
