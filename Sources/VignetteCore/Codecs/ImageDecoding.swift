import Foundation

/// A decoder for one image format. Decoders are picked by sniffing the
/// bytes (`ImageDecoders`), never by file name or Content-Type.
///
/// ```swift
/// struct MyDecoder: ImageDecoding {
///     var format: ImageFormat { ImageFormat(rawValue: "qoi") }
///     func recognizes(_ data: Data) -> Bool { data.starts(with: Array("qoif".utf8)) }
///     func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap {
///         throw ImageDecoders.Error(format: format, reason: .malformed("not implemented yet"))
///     }
/// }
/// let decoders = ImageDecoders([MyDecoder()] + ImageDecoders.standard.decoders)
/// ```
public protocol ImageDecoding: Sendable {
    /// The format this decoder reads.
    var format: ImageFormat { get }
    /// True when `data` starts like a file of this format (a cheap check of
    /// the first bytes; decoding may still fail).
    func recognizes(_ data: Data) -> Bool
    /// Decodes to a premultiplied bitmap, checking `options.maxPixelCount`
    /// from the header before allocating pixels.
    func decode(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> Bitmap
    /// Decodes like `decode(_:options:)` and says what was repaired on the
    /// way (`DecodingWarning`); empty for an image decoded exactly as
    /// encoded. The default decodes and reports nothing.
    func decodeReporting(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning])
}

extension ImageDecoding {
    /// `decode(_:options:)` with no warnings: for decoders that repair nothing.
    public func decodeReporting(_ data: Data, options: DecodingOptions) throws(ImageDecoders.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning]) {
        (try decode(data, options: options), [])
    }
}
