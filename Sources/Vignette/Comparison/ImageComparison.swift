import Foundation

/// Compares two bitmaps pixel by pixel, exactly or within tolerances, with
/// the meaning swift-snapshot-testing gives its two knobs:
///
/// - `perceptualPrecision`: a pixel *fails* when its difference exceeds
///   `(1 − perceptualPrecision) × 100` ΔE — so 1 means any change fails and
///   0.98 forgives a ΔE of 2 (about a just-noticeable difference).
/// - `precision`: the share of pixels that must not fail (1 = all).
///
/// The per-pixel difference is CIE94 ΔE (graphic-arts weights) between the
/// straight sRGB colours, scaled by the larger of the two alphas, or the alpha
/// difference in percent if that is larger. Identical buffers take a `memcmp`
/// fast path.
///
/// ```swift
/// let result = ImageComparison(perceptualPrecision: 0.98).compare(reference, actual)
/// if !result.matches { print(result) }   // "412 of 40000 pixels differ (1.03%) …"
/// ```
public struct ImageComparison: Sendable, Hashable {
    /// Share of pixels that must match, 0...1.
    public var precision: Double
    /// Per-pixel similarity, 0...1 (1 = exact).
    public var perceptualPrecision: Double

    /// A comparison; both default to exact.
    public init(precision: Double = 1, perceptualPrecision: Double = 1) {
        self.precision = max(0, min(1, precision))
        self.perceptualPrecision = max(0, min(1, perceptualPrecision))
    }

    /// The exact comparison.
    public static let exact = ImageComparison()

    /// The largest ΔE a pixel may have and still match.
    public var deltaEThreshold: Double { (1 - perceptualPrecision) * 100 }

    /// Compares `actual` against `reference`.
    public func compare(_ reference: Bitmap, _ actual: Bitmap) -> Result {
        guard reference.width == actual.width, reference.height == actual.height else {
            return Result(comparison: self, reference: reference, actual: actual, differing: 0, failing: 0,
                          worstDeltaE: 0, worst: nil, bounds: nil)
        }
        let identical = reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in
                r.count == a.count && (r.count == 0 || memcmp(r.baseAddress!, a.baseAddress!, r.count) == 0)
            }
        }
        if identical {
            return Result(comparison: self, reference: reference, actual: actual, differing: 0, failing: 0,
                          worstDeltaE: 0, worst: nil, bounds: nil)
        }
        return scan(reference, actual)
    }

    private func scan(_ reference: Bitmap, _ actual: Bitmap) -> Result {
        let width = reference.width, height = reference.height
        let threshold = Float(deltaEThreshold)
        var differing = 0, failing = 0
        var worstDeltaE: Float = 0
        var worst: Result.Location?
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        reference.pixels.withUnsafeBytes { rBytes in
            actual.pixels.withUnsafeBytes { aBytes in
                let r = rBytes.bindMemory(to: UInt32.self), a = aBytes.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        // Skip equal runs a pixel at a time; the loop is cheap
                        // next to the colour maths a differing pixel needs.
                        if r[row + x] == a[row + x] { x += 1; continue }
                        differing += 1
                        let d = ImageComparison.difference(r[row + x], a[row + x])
                        if d > worstDeltaE { worstDeltaE = d; worst = Result.Location(x: x, y: y) }
                        if d > threshold || perceptualPrecision >= 1 { failing += 1 }
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                        x += 1
                    }
                }
            }
        }
        let bounds = maxX < 0 ? nil : PixelRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
        return Result(comparison: self, reference: reference, actual: actual, differing: differing, failing: failing,
                      worstDeltaE: Double(worstDeltaE), worst: worst, bounds: bounds)
    }

    /// The per-pixel difference of two premultiplied RGBA pixels (in memory order).
    @inline(__always)
    static func difference(_ p: UInt32, _ q: UInt32) -> Float {
        let pa = UInt8(truncatingIfNeeded: p >> 24), qa = UInt8(truncatingIfNeeded: q >> 24)
        let alphaDelta = Float(abs(Int(pa) - Int(qa))) * 100 / 255
        let weight = Float(max(pa, qa)) / 255
        guard weight > 0 else { return alphaDelta }
        func lab(_ v: UInt32, _ alpha: UInt8) -> CIELab.Color {
            CIELab.lab(PixelMath.unmultiply(UInt8(truncatingIfNeeded: v), alpha),
                       PixelMath.unmultiply(UInt8(truncatingIfNeeded: v >> 8), alpha),
                       PixelMath.unmultiply(UInt8(truncatingIfNeeded: v >> 16), alpha))
        }
        let colour = CIELab.deltaE94(lab(p, pa), lab(q, qa)) * weight
        return max(colour, alphaDelta)
    }
}
