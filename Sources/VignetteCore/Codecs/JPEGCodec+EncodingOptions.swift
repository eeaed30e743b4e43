extension JPEGCodec {
    /// Settings for encoding. Every encode uses the accurate integer DCT and
    /// writes a fixed JFIF header; Huffman tables are fitted to each image
    /// unless `huffman` says otherwise.
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
        /// Which Huffman tables code the image. Default `.optimized`.
        public var huffman: HuffmanTables

        /// Settings; `quality` is clamped to 1...100.
        public init(
            quality: Int = 80, progressive: Bool = false, chroma: ChromaSubsampling = .yuv420,
            huffman: HuffmanTables = .optimized
        ) {
            self.quality = max(1, min(100, quality))
            self.progressive = progressive
            self.chroma = chroma
            self.huffman = huffman
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

    /// The Huffman tables a baseline JPEG is coded with. Fitted tables need
    /// a second pass over the image: on photos they roughly double the
    /// encode time and save a near-constant few hundred bytes (19 % of a
    /// 64 × 42 thumbnail, 9 % at 128 × 85, 2–4 % from 256 × 170 up).
    /// Progressive JPEGs always fit their tables. Each setting is
    /// deterministic.
    ///
    /// ```swift
    /// let options = JPEGCodec.EncodingOptions(quality: 80, huffman: .optimizedUpTo(pixels: 16_384))
    /// ```
    public enum HuffmanTables: Sendable, Hashable {
        /// Tables fitted to the image: the smallest files (the default).
        case optimized
        /// The example tables of the JPEG standard: one pass, about twice as fast.
        case standard
        /// Fitted tables for images of at most `pixels` pixels, where they
        /// save the most per microsecond; standard tables above.
        case optimizedUpTo(pixels: Int)

        /// Whether an image of this size gets fitted tables.
        package func fitsTables(width: Int, height: Int) -> Bool {
            switch self {
            case .optimized: true
            case .standard: false
            case .optimizedUpTo(let pixels): width * height <= pixels
            }
        }
    }
}
