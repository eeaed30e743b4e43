import Foundation

extension Bitmap {
    /// The bitmap encoded by `encoder` (PNG by default).
    ///
    /// ```swift
    /// let png = try bitmap.encoded()
    /// let small = try bitmap.encoded(using: PNGCodec(options: .smallest))
    /// ```
    public func encoded(using encoder: some ImageEncoding = PNGCodec()) throws(ImageEncodingError) -> Data {
        try encoder.encode(self)
    }

    /// Decodes image bytes of any format the standard decoders read.
    public init(decoding data: Data, options: DecodingOptions = DecodingOptions()) throws(ImageDecodingError) {
        self = try ImageDecoders.standard.decode(data, options: options)
    }
}
