import Foundation

/// The decoders a pipeline or surface may use, tried in order: the first
/// that recognises the bytes decodes them.
///
/// ```swift
/// let formats = ImageDecoders.standard.decoders.map(\.format)   // png, jpeg, webp, avif, gif, heic, svg
/// let pipeline = ImagePipeline(configuration: .init(decoders: ImageDecoders([MyDecoder()] + ImageDecoders.standard.decoders)))
/// ```
public struct ImageDecoders: Sendable {
    /// The decoders, in the order they are tried.
    public var decoders: [any ImageDecoding]

    /// A registry over `decoders`.
    public init(_ decoders: [any ImageDecoding]) { self.decoders = decoders }

    /// Every decoder Vignette ships (SVG last: it is recognised by text, the
    /// others by magic bytes): the decoders of ``Bitmap/init(decoding:options:)``.
    public static let standard = ImageDecoders([PNGCodec(), JPEGCodec(), WebPCodec(), AVIFCodec(), GIFCodec(), HEIFCodec(), SVGDecoder()])

    /// ``standard`` with SVG text drawn in `fonts` (nil: ``standard`` itself).
    package static func standard(fonts: FontCollection?) -> ImageDecoders {
        guard let fonts else { return standard }
        return ImageDecoders(standard.decoders.map { $0 is SVGDecoder ? SVGDecoder(fonts: fonts) : $0 })
    }

    /// The formats the decoders read, in order.
    package var formats: [ImageFormat] { decoders.map(\.format) }

    /// An HTTP Accept header naming exactly these formats, e.g. `image/png, image/jpeg`.
    @usableFromInline package var acceptHeader: String { formats.map(\.mediaType).joined(separator: ", ") }

    /// The first decoder that recognises `data`.
    public func decoder(for data: Data) -> (any ImageDecoding)? {
        decoders.first { $0.recognizes(data) }
    }

    /// Decodes with the decoder that recognises the bytes (a pipeline's
    /// decode stage; users call `Bitmap(decoding:options:)`).
    package func decode(_ data: Data, options: DecodingOptions = DecodingOptions()) throws(ImageDecoders.Error) -> Bitmap {
        guard let decoder = decoder(for: data) else {
            throw ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: data.count))
        }
        return try decoder.decode(data, options: options)
    }

    /// Decodes with the decoder that recognises the bytes, and says what it
    /// repaired (a JPEG's damaged entropy data, for example): the same
    /// bitmap as ``Bitmap/init(decoding:options:)``, with the warnings a log or a user
    /// should see. With `options.rejectsDamagedData` such damage throws instead.
    public func decodeReporting(
        _ data: Data, options: DecodingOptions = DecodingOptions()
    ) throws(ImageDecoders.Error) -> (bitmap: Bitmap, warnings: [DecodingWarning]) {
        guard let decoder = decoder(for: data) else {
            throw ImageDecoders.Error(format: nil, reason: .unrecognizedFormat(byteCount: data.count))
        }
        return try decoder.decodeReporting(data, options: options)
    }
}
