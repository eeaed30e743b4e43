import Foundation

/// A decoder for one image format. Decoders are picked by sniffing the
/// bytes (`ImageDecoders`), never by file name or Content-Type.
///
/// ```swift
/// struct MyDecoder: ImageDecoding {
///     var format: ImageFormat { ImageFormat(rawValue: "qoi") }
///     func recognizes(_ data: Data) -> Bool { data.starts(with: Array("qoif".utf8)) }
///     func decode(_ data: Data, options: DecodingOptions) throws(ImageDecodingError) -> Bitmap {
///         throw ImageDecodingError(format: format, reason: .malformed("not implemented yet"))
///     }
/// }
/// let decoders = ImageDecoders([MyDecoder(), PNGCodec()])
/// ```
public protocol ImageDecoding: Sendable {
    /// The format this decoder reads.
    var format: ImageFormat { get }
    /// True when `data` starts like a file of this format (a cheap check of
    /// the first bytes; decoding may still fail).
    func recognizes(_ data: Data) -> Bool
    /// Decodes to a premultiplied bitmap, checking `options.maxPixelCount`
    /// from the header before allocating pixels.
    func decode(_ data: Data, options: DecodingOptions) throws(ImageDecodingError) -> Bitmap
}
