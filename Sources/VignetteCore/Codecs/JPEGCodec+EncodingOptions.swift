extension JPEGCodec {
    /// Settings for encoding. Every encode uses the accurate integer DCT and
    /// optimised Huffman tables and writes a fixed JFIF header.
    ///
    /// ```swift
    /// let data = try JPEGCodec(options: .init(quality: 90, progressive: true)).encode(bitmap)
    /// ```
    public struct EncodingOptions: Sendable, Hashable {
        /// Quality 1...100 (libjpeg's scale of the standard tables); clamped.
        public var quality: Int
        /// Progressive scans (a blurry whole first, then detail) instead of baseline.
        public var progressive: Bool
        /// How finely colour is stored relative to brightness.
        public var chroma: ChromaSubsampling

        /// Settings; `quality` is clamped to 1...100.
        public init(quality: Int = 80, progressive: Bool = false, chroma: ChromaSubsampling = .yuv420) {
            self.quality = max(1, min(100, quality))
            self.progressive = progressive
            self.chroma = chroma
        }

        /// Quality 80, baseline, 4:2:0: the default of sharp and imgproxy.
        public static let `default` = EncodingOptions()
    }

    /// Chroma subsampling of an encoded JPEG.
    public enum ChromaSubsampling: String, Sendable, Hashable, CaseIterable {
        /// Colour at half resolution both ways (smallest; the web's default).
        case yuv420
        /// Colour at full resolution (for sharp coloured edges, text, line art).
        case yuv444
    }
}
