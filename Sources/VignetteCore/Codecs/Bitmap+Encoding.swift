import Foundation

extension Bitmap {
    /// The bitmap encoded as `format` (PNG by default; any of
    /// ``ImageFormat/encodable``) with `options`: the one way Vignette writes
    /// an image. Each format uses the settings that apply to it (see
    /// ``EncodingOptions``); JPEG or GIF with `lossless`, or a format
    /// Vignette only reads, throws. Deterministic: the same bitmap and
    /// options always give the same bytes.
    ///
    /// ```swift
    /// let png = try bitmap.encoded()
    /// let jpeg = try bitmap.encoded(as: .jpeg, options: EncodingOptions(quality: 85))
    /// let webp = try bitmap.encoded(as: .webp, options: EncodingOptions(lossless: true))
    /// ```
    public func encoded(as format: ImageFormat = .png, options: EncodingOptions = EncodingOptions()) throws(EncodingOptions.Error) -> Data {
        try encoded(using: format.encoder(options: options))
    }

    /// The bitmap encoded by `encoder`.
    package func encoded(using encoder: some ImageEncoding) throws(EncodingOptions.Error) -> Data {
        try encoder.encode(self)
    }

    /// Decodes image bytes of any format ``ImageDecoders/standard`` reads
    /// (PNG, JPEG, WebP, AVIF, GIF's first frame, HEIC, SVG), picked by
    /// sniffing the first bytes: the one way Vignette decodes an image.
    /// `options` sets the scale, the limits checked before any pixel memory
    /// exists, shrink-on-load and the colour steps.
    ///
    /// ```swift
    /// let photo = try Bitmap(decoding: data, options: DecodingOptions(scale: 2))
    /// ```
    public init(decoding data: Data, options: DecodingOptions = DecodingOptions()) throws(ImageDecoders.Error) {
        self = try ImageDecoders.standard.decode(data, options: options)
    }

    /// Reads and decodes the image file at `path`, as
    /// ``init(decoding:options:)`` decodes bytes. When `options.scale` is 1
    /// (the default), an `@2x` or `@3x` suffix of the file name sets the
    /// scale, as for bundled images.
    ///
    /// ```swift
    /// let icon = try Bitmap(contentsOf: "icon@2x.png")   // scale 2, from the name
    /// ```
    public init(contentsOf path: String, options: DecodingOptions = DecodingOptions()) throws(ImageDecoders.Error) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImageDecoders.Error(format: nil, reason: .unreadable(path: path, reason: FileErrors.reason(error, path: path)))
        }
        var options = options
        if options.scale == 1 { options.scale = ImageScale.fromFileName(path) }
        try self.init(decoding: data, options: options)
    }
}
