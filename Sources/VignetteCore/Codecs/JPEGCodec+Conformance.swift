import Foundation

extension JPEGCodec: ImageDecoding, ImageEncoding {
    /// `.jpeg`.
    package var format: ImageFormat { .jpeg }

    /// True when the bytes start with an SOI marker followed by another marker (`FF D8 FF`).
    package func recognizes(_ data: Data) -> Bool {
        data.starts(with: [0xFF, 0xD8, 0xFF])
    }

    /// Decodes through `JPEGCodec.decode`, reporting errors as `ImageDecoders.Error`.
    package func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
        do {
            return try JPEGCodec.decode(data, options: options)
        } catch {
            throw ImageDecoders.Error(format: .jpeg, reason: error.decodingReason(byteCount: data.count), underlying: error)
        }
    }

    /// Decodes through `JPEGCodec.decodeReporting`, reporting errors as `ImageDecoders.Error`.
    package func decodeReporting(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning]) {
        do {
            return try JPEGCodec.decodeReporting(data, options: options)
        } catch {
            throw ImageDecoders.Error(format: .jpeg, reason: error.decodingReason(byteCount: data.count), underlying: error)
        }
    }

    /// Encodes with this codec's `options`.
    package func encode(_ bitmap: Bitmap) throws(VignetteCore.EncodingOptions.Error) -> Data {
        do {
            return try JPEGCodec.encode(bitmap, options: options)
        } catch {
            throw VignetteCore.EncodingOptions.Error(format: .jpeg, reason: error.encodingReason)
        }
    }
}
