import CPNG

extension PNGCodec {
    /// zlib and filter settings for encoding: what `EncodingOptions.compression` maps to.
    ///
    /// The default was chosen by measurement (see the README's performance
    /// section): it keeps photo output within a few percent of zlib level 6
    /// with adaptive filtering at a fraction of the time.
    package struct EncodingOptions: Sendable, Hashable {
        /// zlib compression level, 0 (store) ... 9 (smallest).
        package var level: Int
        /// zlib strategy.
        package var strategy: Strategy
        /// Row filters libpng may choose from (it picks per row).
        package var filters: Filters

        /// Settings at zlib `level` (clamped to 0...9) with zlib's default
        /// strategy and every row filter, as `.smallest` uses.
        package init(level: Int) { self.init(level: level, strategy: .default, filters: .all) }

        // The strategy and filter set were chosen by measurement for the
        // three presets (Benchmarks/README.md); tests and benchmarks vary them.
        package init(level: Int, strategy: Strategy = .default, filters: Filters = .all) {
            self.level = max(0, min(9, level))
            self.strategy = strategy
            self.filters = filters
        }

        /// The settings of a shared `EncodingOptions`: its `compression`.
        package init(_ shared: VignetteCore.EncodingOptions) {
            switch shared.compression {
            case .balanced: self = .default
            case .smallest: self = .smallest
            case .fastest: self = .fastest
            case .level(let level): self.init(level: level)
            }
        }

        /// Fast and compact: the measured default.
        package static let `default` = EncodingOptions(level: 6, strategy: .rle, filters: .all)
        /// Smallest files, slowest.
        package static let smallest = EncodingOptions(level: 9, strategy: .default, filters: .all)
        /// Fastest encode, larger files.
        package static let fastest = EncodingOptions(level: 1, strategy: .default, filters: .sub)

        /// zlib's match strategy.
        package enum Strategy: String, Sendable, Hashable, CaseIterable {
            /// Normal LZ77 + Huffman.
            case `default`
            /// Favour Huffman over short matches (suits filtered image rows).
            case filtered
            /// Huffman coding only.
            case huffmanOnly
            /// Run-length matches only.
            case rle

            var zlibValue: Int32 {
                switch self {
                case .default: 0
                case .filtered: 1
                case .huffmanOnly: 2
                case .rle: 3
                }
            }
        }

        /// A set of PNG row filters.
        package struct Filters: OptionSet, Sendable, Hashable {
            /// The bit mask (bit 0 none … bit 4 Paeth).
            package let rawValue: Int
            /// A set from a bit mask.
            package init(rawValue: Int) { self.rawValue = rawValue }
            /// No filtering.
            package static let none = Filters(rawValue: 1 << 0)
            /// Difference to the left pixel.
            package static let sub = Filters(rawValue: 1 << 1)
            /// Difference to the pixel above.
            package static let up = Filters(rawValue: 1 << 2)
            /// Difference to the mean of left and above.
            package static let average = Filters(rawValue: 1 << 3)
            /// Paeth predictor.
            package static let paeth = Filters(rawValue: 1 << 4)
            /// All five; libpng picks per row by minimum sum of absolute differences.
            package static let all: Filters = [.none, .sub, .up, .average, .paeth]

            var libpngMask: Int32 {
                // libpng's PNG_FILTER_NONE is 0x08, SUB 0x10, UP 0x20, AVG 0x40, PAETH 0x80.
                Int32(rawValue & 0x1f) << 3
            }
        }
    }
}
