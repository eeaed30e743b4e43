/// A reconstruction filter as data: a support radius (in source pixels at
/// 1:1) and a weight function. Downscaling widens the support by the
/// reduction factor, which is what makes it antialiased.
public struct ResamplingFilter: Sendable, Hashable, CustomStringConvertible {
    /// The weight functions Vignette knows.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Box (nearest neighbour at 1:1, area average when reducing).
        case box
        /// Triangle: bilinear.
        case bilinear
        /// Catmull–Rom cubic (a = −0.5).
        case catmullRom
        /// Lanczos windowed sinc with three lobes.
        case lanczos3
    }

    /// Which weight function.
    public let kind: Kind

    /// Creates a filter of a kind.
    package init(_ kind: Kind) { self.kind = kind }

    /// Box filter.
    public static let box = ResamplingFilter(.box)
    /// Bilinear (triangle) filter.
    public static let bilinear = ResamplingFilter(.bilinear)
    /// Catmull–Rom bicubic filter.
    public static let catmullRom = ResamplingFilter(.catmullRom)
    /// Lanczos-3, the default: sharpest, the photo-resizer standard.
    public static let lanczos3 = ResamplingFilter(.lanczos3)

    /// Radius, in source pixels, of the filter at 1:1.
    package var support: Double {
        switch kind {
        case .box: 0.5
        case .bilinear: 1
        case .catmullRom: 2
        case .lanczos3: 3
        }
    }

    /// The filter's weight at distance `x` (in filter units). Only IEEE
    /// basic arithmetic is used, so every machine gets the same weights.
    package func weight(_ x: Double) -> Double {
        let x = abs(x)
        switch kind {
        case .box:
            return x < 0.5 ? 1 : 0
        case .bilinear:
            return x < 1 ? 1 - x : 0
        case .catmullRom:
            let a = -0.5
            if x < 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
            if x < 2 { return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a }
            return 0
        case .lanczos3:
            if x < 1e-12 { return 1 }
            if x >= 3 { return 0 }
            let px = Double.pi * x
            return 3 * DeterministicMath.sinPi(x) * DeterministicMath.sinPi(x / 3) / (px * px)
        }
    }

    /// The kind's name, e.g. `lanczos3`.
    public var description: String { kind.rawValue }
}
