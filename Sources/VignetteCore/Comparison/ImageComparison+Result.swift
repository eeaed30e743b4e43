import Foundation

extension ImageComparison {
    /// The outcome of a comparison, with the figures a failure message needs.
    public struct Result: Sendable, Hashable, CustomStringConvertible {
        /// A pixel position.
        public struct Location: Sendable, Hashable {
            /// Column.
            public var x: Int
            /// Row.
            public var y: Int
        }

        /// The tolerances used.
        package let comparison: ImageComparison
        /// Reference size in pixels.
        public let referenceSize: PixelSize
        /// Actual size in pixels.
        public let actualSize: PixelSize
        /// Pixels whose bytes differ at all, outside ignored regions.
        public let differingPixelCount: Int
        /// Pixels whose difference exceeds the perceptual tolerance, outside
        /// ignored regions; anti-aliased ones excepted under `.forgiven`.
        public let failingPixelCount: Int
        /// Pixels beyond the perceptual tolerance that look like
        /// anti-aliasing (see `ImageComparison.AntiAliasing`): 0 under
        /// `.strict` (not classified), part of `failingPixelCount` under
        /// `.reported`, not under `.forgiven`.
        public let antiAliasedPixelCount: Int
        /// Pixels that differ inside ignored regions (counted nowhere else).
        public let ignoredDifferingPixelCount: Int
        /// Why the ignored regions could not be applied (a mask of another
        /// size, an invalid rectangle): then nothing was compared and
        /// `matches` is false.
        public let regionError: ImageComparison.Error?
        /// The largest per-pixel difference that counts, in ΔE (CIE94 on
        /// 8-bit sRGB, alpha-weighted); ignored and forgiven pixels excluded.
        public let worstDeltaE: Double
        /// True when `worstDeltaE` is an upper bound: every difference was a
        /// one-step change of an opaque pixel, which the comparison accepts
        /// without computing its exact ΔE.
        public let worstDeltaEIsUpperBound: Bool
        /// Where the largest difference is.
        public let worstLocation: Location?
        /// The smallest rectangle holding every differing pixel outside ignored regions.
        public let differenceBounds: PixelRect?

        init(
            comparison: ImageComparison, referenceSize: PixelSize, actualSize: PixelSize,
            differing: Int, failing: Int, worstDeltaE: Double, worstIsBound: Bool, worst: Location?, bounds: PixelRect?,
            ignored: Int = 0, antiAliased: Int = 0, regionError: ImageComparison.Error? = nil
        ) {
            self.comparison = comparison
            self.referenceSize = referenceSize
            self.actualSize = actualSize
            differingPixelCount = differing
            failingPixelCount = failing
            self.worstDeltaE = worstDeltaE
            worstDeltaEIsUpperBound = worstIsBound
            worstLocation = worst
            differenceBounds = bounds
            ignoredDifferingPixelCount = ignored
            antiAliasedPixelCount = antiAliased
            self.regionError = regionError
        }

        /// True when the sizes differ (then nothing else was compared).
        package var sizesDiffer: Bool { referenceSize != actualSize }

        /// Pixels compared.
        package var pixelCount: Int { referenceSize.width * referenceSize.height }

        /// Share of pixels that differ at all (outside ignored regions), 0...1.
        package var differingShare: Double { pixelCount == 0 ? 0 : Double(differingPixelCount) / Double(pixelCount) }

        /// Share of pixels beyond the perceptual tolerance, 0...1.
        package var failingShare: Double { pixelCount == 0 ? 0 : Double(failingPixelCount) / Double(pixelCount) }

        /// True when the bitmaps match within the tolerances.
        public var matches: Bool {
            guard !sizesDiffer, regionError == nil else { return false }
            if let limit = comparison.maxDifferentPixels {
                guard failingPixelCount <= limit else { return false }
                // Alone, the absolute tolerance replaces the share.
                if comparison.precision == 1 { return true }
            }
            // Relative slack: 0.9995 × 20 Mpx must allow exactly 10,000 failures.
            return Double(failingPixelCount) <= (1 - comparison.precision) * Double(pixelCount) * (1 + 1e-12) + 1e-9
        }

        /// True when every byte is equal, ignored regions included.
        public var isIdentical: Bool {
            !sizesDiffer && regionError == nil && differingPixelCount == 0 && ignoredDifferingPixelCount == 0
        }

        /// One paragraph a person can act on. Every figure names its unit:
        /// shares are of pixels, ΔE is CIE94 on 8-bit sRGB.
        public var description: String {
            if sizesDiffer {
                return "sizes differ: reference is \(referenceSize.width)x\(referenceSize.height) px, "
                    + "actual is \(actualSize.width)x\(actualSize.height) px"
            }
            if let regionError { return "not compared: \(regionError)" }
            let ignored =
                ignoredDifferingPixelCount > 0
                ? "\(ignoredDifferingPixelCount) differing pixels in ignored regions" : nil
            if differingPixelCount == 0 {
                return ignored.map { "identical outside ignored regions (\(pixelCount) pixels; \($0))" }
                    ?? "identical (\(pixelCount) pixels)"
            }
            var text = "\(differingPixelCount) of \(pixelCount) pixels differ (\(Result.percent(differingShare)) of pixels)"
            if comparison.perceptualPrecision < 1 {
                text +=
                    ", \(failingPixelCount) beyond ΔE \(Result.number(comparison.deltaEThreshold))"
                    + " (\(Result.percent(failingShare)) of pixels)"
            } else if failingPixelCount != differingPixelCount {
                text += ", \(failingPixelCount) failing"
            }
            if antiAliasedPixelCount > 0 {
                text +=
                    comparison.antiAliasing == .forgiven
                    ? "; \(antiAliasedPixelCount) anti-aliased pixels forgiven"
                    : "; \(antiAliasedPixelCount) of the failing pixels look like anti-aliasing (antiAliasing: .forgiven would forgive them)"
            }
            if let ignored { text += "; \(ignored)" }
            text +=
                worstDeltaEIsUpperBound
                ? "; worst ΔE ≤ \(Result.number(worstDeltaE)) (opaque one-step differences pass unmeasured)"
                : "; worst ΔE \(Result.number(worstDeltaE))"
            if let worstLocation { text += " at (\(worstLocation.x), \(worstLocation.y))" }
            if let differenceBounds { text += "; differences within \(differenceBounds)" }
            if comparison.precision < 1 {
                text += "; allowed \(Result.percent(1 - comparison.precision)) of pixels failing"
            }
            if let limit = comparison.maxDifferentPixels {
                text += "; allowed at most \(limit) failing pixels"
            }
            text += " (ΔE: CIE94 on 8-bit sRGB)"
            return text + (matches ? " — within tolerance" : "")
        }

        static func percent(_ share: Double) -> String {
            let value = share * 100
            return (value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)) + "%"
        }

        static func number(_ value: Double) -> String { String(format: "%.2f", value) }
    }
}
