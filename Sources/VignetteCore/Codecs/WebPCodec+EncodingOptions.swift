extension WebPCodec {
    /// How to encode: lossy at a quality, or lossless.
    ///
    /// ```swift
    /// let thumbnail = WebPCodec(options: .init(quality: 75))
    /// let archival = WebPCodec(options: .lossless)
    /// ```
    public struct EncodingOptions: Sendable, Hashable {
        /// 1 (smallest) ... 100 (best), clamped. Lossy: the visual quality.
        /// Lossless: the effort spent making the file smaller (pixels stay exact).
        public var quality: Int
        /// Keep every pixel exact (VP8L) instead of lossy VP8.
        public var lossless: Bool

        /// Settings; `quality` is clamped to 1...100.
        public init(quality: Int = 80, lossless: Bool = false) {
            self.quality = min(100, max(1, quality))
            self.lossless = lossless
        }

        /// Lossy at quality 80, as sharp and imgproxy default to.
        public static let `default` = EncodingOptions()
        /// Lossless, at effort 80.
        public static let lossless = EncodingOptions(lossless: true)
    }
}
