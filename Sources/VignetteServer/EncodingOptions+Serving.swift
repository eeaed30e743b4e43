import VignetteCore

extension EncodingOptions {
    /// What the render service encodes with unless told otherwise, and the
    /// default of ``RenderReply/image(_:format:formats:options:accept:ifNoneMatch:cacheControl:failure:)``:
    /// quality `ImageFormat.defaultQuality`, and JPEG Huffman tables fitted
    /// up to 128 × 128 pixels (on photos they saved 9–19 % of the bytes
    /// below 128 × 85) with the standard's tables above, where fitting them
    /// doubled the encode time to save 2–4 % (``ServerConfiguration/jpegHuffman``).
    ///
    /// ```swift
    /// var options = EncodingOptions.serving
    /// options.quality = 90
    /// ```
    public static let serving = EncodingOptions(huffman: .optimizedUpTo(pixels: 16_384))
}

extension ServerConfiguration {
    /// The options a render encodes with: `.serving` with this
    /// configuration's Huffman tables and the request's `quality`.
    package func encodingOptions(quality: Int) -> EncodingOptions {
        var options = EncodingOptions.serving
        options.quality = min(100, max(1, quality))
        options.huffman = jpegHuffman
        return options
    }
}
