/// How ``Bitmap/encoded(as:options:)`` writes an image: every setting of
/// every format Vignette writes, in one value. A format uses the settings
/// that apply to it and ignores the others, so one value can serve every
/// format a server negotiates. Every setting is deterministic: the same
/// bitmap and options give the same bytes on every run and machine.
///
/// | Setting | PNG | JPEG | WebP | AVIF | GIF |
/// |---|---|---|---|---|---|
/// | `quality` | — | ✓ | ✓ (lossless: effort) | ✓ | — |
/// | `lossless` | always | throws | ✓ | ✓ | throws |
/// | `progressive`, `chroma`, `huffman` | — | ✓ | — | — | — |
/// | `speed` | — | — | — | ✓ | — |
/// | `compression` | ✓ | — | — | — | — |
///
/// ```swift
/// let jpeg = try bitmap.encoded(as: .jpeg, options: EncodingOptions(quality: 85, progressive: true))
/// let webp = try bitmap.encoded(as: .webp, options: EncodingOptions(lossless: true))
/// ```
public struct EncodingOptions: Sendable, Hashable {
    /// 1 (smallest) ... 100 (best), clamped; default ``ImageFormat/defaultQuality``.
    /// JPEG, lossy WebP and AVIF: the visual quality (AVIF maps it to the AV1
    /// quantizer round((100 − quality) · 63 / 100), and keeps full-resolution
    /// chroma from 90 up). Lossless WebP: the effort spent making the file
    /// smaller (pixels stay exact). PNG and GIF ignore it.
    public var quality: Int
    /// Keep every pixel exact: WebP (VP8L) and AVIF (quantizer 0, 4:4:4,
    /// identity matrix). PNG is lossless anyway; JPEG and GIF have no
    /// lossless mode, so asking for one throws
    /// ``EncodingOptions/Error/Reason/unsupportedSetting(_:)`` rather than
    /// silently giving lossy bytes.
    public var lossless: Bool
    /// JPEG only: progressive scans (a blurry whole first, then detail)
    /// instead of baseline. Progressive JPEGs always fit their Huffman tables.
    public var progressive: Bool
    /// JPEG only: how finely colour is stored relative to brightness.
    /// (AVIF chooses by `quality`; WebP's lossy mode is always 4:2:0.)
    public var chroma: ChromaSubsampling
    /// JPEG only: which Huffman tables code a baseline image.
    public var huffman: HuffmanTables
    /// AVIF only: libaom's speed, 0 (slowest, smallest) ... 10, clamped;
    /// default 6, as avifenc and Pillow. CPU time roughly halves every two steps.
    public var speed: Int
    /// PNG only: how hard zlib works.
    public var compression: Compression

    /// Settings; `quality` is clamped to 1...100 and `speed` to 0...10.
    public init(
        quality: Int = ImageFormat.defaultQuality, lossless: Bool = false, progressive: Bool = false,
        chroma: ChromaSubsampling = .yuv420, huffman: HuffmanTables = .optimized, speed: Int = 6,
        compression: Compression = .balanced
    ) {
        self.quality = min(100, max(1, quality))
        self.lossless = lossless
        self.progressive = progressive
        self.chroma = chroma
        self.huffman = huffman
        self.speed = min(10, max(0, speed))
        self.compression = compression
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
    /// Each setting is deterministic.
    ///
    /// ```swift
    /// let options = EncodingOptions(quality: 80, huffman: .optimizedUpTo(pixels: 16_384))
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

    /// How hard a PNG's zlib stream is compressed. Row filters are chosen
    /// per row by libpng; the presets were picked by measurement
    /// (`Benchmarks/README.md`).
    public enum Compression: Sendable, Hashable {
        /// Fast and compact, the default: zlib level 6 with its run-length
        /// strategy, which on photos is smaller than plain level 6 and
        /// several times faster.
        case balanced
        /// Smallest files, slowest (zlib level 9).
        case smallest
        /// Fastest encode, larger files (zlib level 1, one row filter).
        case fastest
        /// zlib `level`, 0 (store) ... 9 (smallest), clamped, with zlib's
        /// default strategy.
        case level(Int)
    }
}
