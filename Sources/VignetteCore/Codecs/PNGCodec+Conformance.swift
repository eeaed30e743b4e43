import Foundation

extension PNGCodec: ImageDecoding, ImageEncoding {
    /// `.png`.
    package var format: ImageFormat { .png }

    /// True when the bytes start with the 8-byte PNG signature.
    package func recognizes(_ data: Data) -> Bool {
        data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Decodes through `PNGCodec.decode(_:options:)`, reporting errors as `ImageDecoders.Error`.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try PNGCodec.decode(data, options: options)
        } catch {
            throw ImageDecoders.Error(format: .png, reason: error.decodingReason(byteCount: data.count), underlying: error)
        }
    }

    /// Encodes with this codec's `options`.
    package func encode(_ bitmap: Bitmap) throws(VignetteCore.EncodingOptions.Error) -> Data {
        do {
            return try PNGCodec.encode(bitmap, options: options)
        } catch {
            throw VignetteCore.EncodingOptions.Error(format: .png, reason: error.encodingReason)
        }
    }
}

extension PNGCodec.Error {
    func decodingReason(byteCount: Int) -> ImageDecoders.Error.Reason {
        switch self {
        case .notPNG: .unrecognizedFormat(byteCount: byteCount)
        case .malformed(let reason): .malformed(reason)
        case .tooLarge(let w, let h, let limit): .tooLarge(width: w, height: h, limit: limit)
        case .sideTooLong(let w, let h, let limit): .sideTooLong(width: w, height: h, limit: limit)
        case .outOfMemory: .outOfMemory
        case .invalidScale(let scale): .invalidScale(scale)
        case .unknownMethod(let method, let value): .malformed(method.problem(value: value))
        case .emptyImage, .encodingFailed, .unreadable: .malformed(description)
        }
    }

    var encodingReason: VignetteCore.EncodingOptions.Error.Reason {
        switch self {
        case .emptyImage(let w, let h): .emptyImage(width: w, height: h)
        case .outOfMemory: .outOfMemory
        default: .libraryFailure(description)
        }
    }
}
