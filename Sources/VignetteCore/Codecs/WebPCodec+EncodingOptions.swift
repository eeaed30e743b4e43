extension WebPCodec {
    /// How to encode: lossy at a quality, or lossless.
    ///
    /// ```swift
    /// let thumbnail = WebPCodec(options: .init(quality: 75))
    /// let archival = WebPCodec(options: .lossless)
    /// ```
    package struct EncodingOptions: Sendable, Hashable {
        /// 1 (smallest) ... 100 (best), clamped. Lossy: the visual quality.
        /// Lossless: the effort spent making the file smaller (pixels stay exact).
        package var quality: Int
        /// Keep every pixel exact (VP8L) instead of lossy VP8.
        package var lossless: Bool

        /// Settings; `quality` is clamped to 1...100.
        package init(quality: Int = ImageFormat.defaultQuality, lossless: Bool = false) {
            self.quality = min(100, max(1, quality))
            self.lossless = lossless
        }

        /// The WebP settings of a shared `EncodingOptions`.
        package init(_ shared: VignetteCore.EncodingOptions) {
            self.init(quality: shared.quality, lossless: shared.lossless)
        }

        /// Lossy at quality 80, as sharp and imgproxy default to.
        package static let `default` = EncodingOptions()
        /// Lossless, at effort 80.
        package static let lossless = EncodingOptions(lossless: true)
    }
}
