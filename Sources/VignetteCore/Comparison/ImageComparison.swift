import Foundation

/// Compares two bitmaps pixel by pixel, exactly or within tolerances, with
/// the meaning swift-snapshot-testing gives its two knobs:
///
/// - `perceptualPrecision`: a pixel *fails* when its difference exceeds
///   `(1 − perceptualPrecision) × 100` ΔE — so 1 means any change fails and
///   0.98 forgives a ΔE of 2 (about a just-noticeable difference).
/// - `precision`: the share of pixels that must not fail (1 = all).
/// - `maxDifferentPixels`: an absolute tolerance, as Playwright's
///   `maxDiffPixels`: at most this many pixels may fail. Alone (with
///   `precision` left at 1) it replaces the share; with a `precision` below
///   1, both must hold.
///
/// The per-pixel difference is CIE94 ΔE (graphic-arts weights) between the
/// straight sRGB colours, scaled by the larger of the two alphas, or the alpha
/// difference in percent if that is larger. ΔE is always CIE94 on 8-bit
/// sRGB; `precision` is always a share of pixels, never of bytes. Identical
/// buffers take a `memcmp` fast path.
///
/// - `ignoring`: regions (rectangles in points, or a mask bitmap) whose
///   pixels never count, see `IgnoredRegion`.
/// - `antiAliasing`: `.strict` (the default) fails every pixel beyond the
///   tolerance; `.reported` also counts those that look like anti-aliasing,
///   `.forgiven` counts them and lets them pass — see `AntiAliasing`.
///
/// ```swift
/// let result = ImageComparison(perceptualPrecision: 0.98).compare(reference, actual)
/// if !result.matches { print(result) }   // "412 of 40000 pixels differ (1.03% of pixels) …"
/// let tolerant = ImageComparison(perceptualPrecision: 0.98,
///                                ignoring: [.rect(Rect(x: 0, y: 0, width: 60, height: 14))],
///                                antiAliasing: .forgiven)
/// ```
public struct ImageComparison: Sendable, Hashable {
    /// Share of pixels that must match, 0...1.
    public var precision: Double
    /// Per-pixel similarity, 0...1 (1 = exact).
    public var perceptualPrecision: Double
    /// Regions whose pixels never count as differing or failing.
    public var ignoring: [IgnoredRegion]
    /// Whether pixels that look like anti-aliasing are classified, and forgiven.
    public var antiAliasing: AntiAliasing
    /// At most this many pixels may fail (nil: only `precision` counts).
    /// Alone it replaces the share; with `precision` below 1, both must hold.
    public var maxDifferentPixels: Int?

    /// A comparison; both precisions default to exact, nothing ignored,
    /// anti-aliasing strict, no absolute tolerance. A negative
    /// `maxDifferentPixels` counts as 0.
    public init(
        precision: Double = 1, perceptualPrecision: Double = 1,
        ignoring: [IgnoredRegion] = [], antiAliasing: AntiAliasing = .strict,
        maxDifferentPixels: Int? = nil
    ) {
        self.precision = max(0, min(1, precision))
        self.perceptualPrecision = max(0, min(1, perceptualPrecision))
        self.ignoring = ignoring
        self.antiAliasing = antiAliasing
        self.maxDifferentPixels = maxDifferentPixels.map { max(0, $0) }
    }

    /// The exact comparison.
    package static let exact = ImageComparison()

    /// No two opaque colours at most one step apart in each channel differ
    /// by more than this ΔE. Measured over all 16.7 M colours × 26 neighbours:
    /// 1.8448 (`VIGNETTE_EXHAUSTIVE=1 swift test -c release -Xswiftc
    /// -enable-testing --filter DeltaEBoundTests`); a sample is re-checked on
    /// every test run.
    static let unitStepBound: Float = 1.85

    /// The largest ΔE a pixel may have and still match.
    package var deltaEThreshold: Double { (1 - perceptualPrecision) * 100 }

    /// Compares `actual` against `reference`; ignored rectangles are
    /// converted to pixels with the actual bitmap's scale (the rendered
    /// surface's; a reference read from a PNG has scale 1).
    public func compare(_ reference: Bitmap, _ actual: Bitmap) -> Result {
        compare(
            Grid(width: reference.width, height: reference.height, pixels: reference.pixels),
            Grid(width: actual.width, height: actual.height, pixels: actual.pixels),
            premultiplied: true, scale: actual.scale)
    }

    /// Compares straight-alpha RGBA8 pixels, as a PNG stores them (what
    /// `vignette compare` uses): no premultiplication round trip, whose
    /// rounding would inflate small differences of translucent pixels.
    /// Colour hidden under alpha 0 is ignored. Ignored rectangles are in
    /// pixels here (scale 1).
    package func compareStraightRGBA(
        reference: (width: Int, height: Int, pixels: [UInt8]), actual: (width: Int, height: Int, pixels: [UInt8])
    ) -> Result {
        compare(
            Grid(width: reference.width, height: reference.height, pixels: Self.clearingHiddenColour(reference.pixels)),
            Grid(width: actual.width, height: actual.height, pixels: Self.clearingHiddenColour(actual.pixels)),
            premultiplied: false, scale: 1)
    }

    struct Grid {
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }

    private static func clearingHiddenColour(_ pixels: [UInt8]) -> [UInt8] {
        // Most images hide no colour under alpha 0 (opaque ones never do):
        // then there is nothing to clear and no 16 MB copy to fault in.
        let hidesColour = pixels.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset + 4 <= raw.count {
                // Read as little-endian RGBA: alpha is the top byte, colour the rest.
                let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if pixel & 0xFF00_0000 == 0 && pixel != 0 { return true }
                offset += 4
            }
            return false
        }
        guard hidesColour else { return pixels }
        var copy = pixels
        copy.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                if p[i + 3] == 0 {
                    p[i] = 0
                    p[i + 1] = 0
                    p[i + 2] = 0
                }
                i += 4
            }
        }
        return copy
    }

    private func compare(_ reference: Grid, _ actual: Grid, premultiplied: Bool, scale: Double) -> Result {
        func result(regionError: Error? = nil) -> Result {
            Result(
                comparison: self, referenceSize: PixelSize(width: reference.width, height: reference.height),
                actualSize: PixelSize(width: actual.width, height: actual.height), differing: 0, failing: 0,
                worstDeltaE: 0, worstIsBound: false, worst: nil, bounds: nil, regionError: regionError)
        }
        guard reference.width == actual.width, reference.height == actual.height,
            reference.pixels.count == actual.pixels.count, reference.pixels.count == reference.width * reference.height * 4
        else { return result() }
        do {
            try validateIgnoredRegions(width: reference.width, height: reference.height)
        } catch {
            return result(regionError: error)
        }
        let identical = reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in r.count == 0 || memcmp(r.baseAddress!, a.baseAddress!, r.count) == 0 }
        }
        if identical { return result() }
        return scan(
            reference, actual, premultiplied: premultiplied,
            ignore: ignoreMap(width: reference.width, height: reference.height, scale: scale))
    }

    /// For four pixels in a row: nil unless every one is equal or an opaque
    /// one-step change; else a bit per changed pixel (bit 0 = first).
    @inline(__always)
    static func unitStepBlock(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer) -> UInt8? {
        let a = p.loadUnaligned(as: SIMD16<UInt8>.self)
        let b = q.loadUnaligned(as: SIMD16<UInt8>.self)
        let distance = unsafeBitCast(pointwiseMax(a, b) &- pointwiseMin(a, b), to: (UInt64, UInt64).self)
        let alphas = unsafeBitCast(a & b, to: (UInt64, UInt64).self)
        let opaqueAlpha: UInt64 = 0xFF00_0000_FF00_0000
        // Colour lanes may differ by 1, alpha lanes not at all, and alpha must be 255.
        let tooFar: UInt64 = 0xFFFE_FEFE_FFFE_FEFE
        guard (distance.0 | distance.1) & tooFar == 0,
            alphas.0 & opaqueAlpha == opaqueAlpha, alphas.1 & opaqueAlpha == opaqueAlpha
        else { return nil }
        var changed: UInt8 = 0
        let d0 = distance.0
        let d1 = distance.1
        if d0 & 0xFFFF_FFFF != 0 { changed |= 1 }
        if d0 >> 32 != 0 { changed |= 2 }
        if d1 & 0xFFFF_FFFF != 0 { changed |= 4 }
        if d1 >> 32 != 0 { changed |= 8 }
        return changed
    }

    /// Both pixels opaque and no channel more than one step apart.
    @inline(__always)
    static func isOpaqueUnitStep(_ p: UInt32, _ q: UInt32) -> Bool {
        guard p >> 24 == 0xFF, q >> 24 == 0xFF else { return false }
        let dr = Int(p & 0xFF) - Int(q & 0xFF)
        let dg = Int((p >> 8) & 0xFF) - Int((q >> 8) & 0xFF)
        let db = Int((p >> 16) & 0xFF) - Int((q >> 16) & 0xFF)
        return dr >= -1 && dr <= 1 && dg >= -1 && dg <= 1 && db >= -1 && db <= 1
    }

    /// The per-pixel difference of two premultiplied RGBA pixels (in memory order).
    @inline(__always)
    static func difference(_ p: UInt32, _ q: UInt32, premultiplied: Bool = true) -> Float {
        let pa = UInt8(truncatingIfNeeded: p >> 24)
        let qa = UInt8(truncatingIfNeeded: q >> 24)
        let alphaDelta = Float(abs(Int(pa) - Int(qa))) * 100 / 255
        let weight = Float(max(pa, qa)) / 255
        guard weight > 0 else { return alphaDelta }
        func lab(_ v: UInt32, _ alpha: UInt8) -> CIELab.Color {
            guard premultiplied else {
                return CIELab.lab(UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16))
            }
            return CIELab.lab(
                PixelMath.unmultiply(UInt8(truncatingIfNeeded: v), alpha),
                PixelMath.unmultiply(UInt8(truncatingIfNeeded: v >> 8), alpha),
                PixelMath.unmultiply(UInt8(truncatingIfNeeded: v >> 16), alpha))
        }
        let colour = CIELab.deltaE94(lab(p, pa), lab(q, qa)) * weight
        return max(colour, alphaDelta)
    }
}
