extension JPEGCodec {
    /// Settings for encoding, from a shared `EncodingOptions`. Every encode uses the accurate integer DCT and
    /// writes a fixed JFIF header; Huffman tables are fitted to each image
    /// unless `huffman` says otherwise.
    ///
    /// ```swift
    /// let data = try JPEGCodec(options: .init(quality: 90, progressive: true)).encode(bitmap)
    /// ```
    package struct EncodingOptions: Sendable, Hashable {
        /// Quality 1...100 (libjpeg's scale of the standard tables); clamped.
        package var quality: Int
        /// Progressive scans (a blurry whole first, then detail) instead of baseline.
        package var progressive: Bool
        /// How finely colour is stored relative to brightness.
        package var chroma: ChromaSubsampling
        /// Which Huffman tables code the image. Default `.optimized`.
        package var huffman: HuffmanTables

        /// Settings; `quality` is clamped to 1...100.
        package init(
            quality: Int = ImageFormat.defaultQuality, progressive: Bool = false, chroma: ChromaSubsampling = .yuv420,
            huffman: HuffmanTables = .optimized
        ) {
            self.quality = max(1, min(100, quality))
            self.progressive = progressive
            self.chroma = chroma
            self.huffman = huffman
        }

        /// The JPEG settings of a shared `EncodingOptions`.
        package init(_ shared: VignetteCore.EncodingOptions) {
            self.init(quality: shared.quality, progressive: shared.progressive, chroma: shared.chroma, huffman: shared.huffman)
        }

        /// Quality 80, baseline, 4:2:0: the default of sharp and imgproxy.
        package static let `default` = EncodingOptions()
    }

    /// Chroma subsampling: the shared options' type.
    package typealias ChromaSubsampling = VignetteCore.EncodingOptions.ChromaSubsampling
    /// Huffman tables: the shared options' type.
    package typealias HuffmanTables = VignetteCore.EncodingOptions.HuffmanTables
}
