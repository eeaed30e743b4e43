/// A rounded rectangle in fixed point — 1/256 of a pixel, every value an
/// integer — whose coverage of a pixel is counted on a fixed 16 × 16 grid of
/// subsample centres (`256·i + 16·s + 8` for subsample `s` of pixel `i`).
/// Integer arithmetic only, so coverage is the same on every machine; a
/// point is inside when it lies within the closed bounds and, in a corner's
/// square, within the closed disc of the corner's radius.
struct CoverageRegion: Sendable, Hashable {
    /// Left edge, in 1/256 px.
    var minX: Int
    /// Top edge, in 1/256 px.
    var minY: Int
    /// Right edge, in 1/256 px.
    var maxX: Int
    /// Bottom edge, in 1/256 px.
    var maxY: Int
    /// Corner radius, in 1/256 px (at most half the shorter side).
    var radius: Int

    /// Fixed-point units per pixel.
    static let unit = 256
    /// Subsamples per pixel along each axis (`unit / step`).
    static let subsamples = 16
    /// Distance between subsample centres, in units.
    static let step = 16
    /// Full coverage of one pixel: every subsample inside.
    static let full = 256

    /// True when the region has no area.
    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    /// The whole canvas of `width × height` pixels, square corners.
    init(width: Int, height: Int) {
        self.init(minX: 0, minY: 0, maxX: width * Self.unit, maxY: height * Self.unit, radius: 0)
    }

    /// A region from its edges and radius, in units; the radius is clamped to
    /// 0 ... half the shorter side.
    init(minX: Int, minY: Int, maxX: Int, maxY: Int, radius: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
        let half = max(0, min(maxX - minX, maxY - minY) / 2)
        self.radius = max(0, min(radius, half))
    }

    /// The outline of `shape` on a canvas of `width × height` pixels at
    /// `scale` pixels per point: the canvas with rounded corners (radius in
    /// points × scale, rounded to 1/256 px), a capsule, or the largest circle
    /// centred in it.
    init(_ shape: ImageShape, width: Int, height: Int, scale: Double) {
        let shorter = min(width, height)
        switch shape {
        case .rectangle:
            self.init(width: width, height: height)
        case .roundedRect(let cornerRadius):
            self.init(width: width, height: height)
            radius = min(Self.units(cornerRadius * scale), shorter * Self.unit / 2)
        case .capsule:
            self.init(width: width, height: height)
            radius = shorter * Self.unit / 2
        case .circle:
            // (width − shorter) × 128 is a whole number of units: the centre is exact.
            let left = (width - shorter) * Self.unit / 2
            let top = (height - shorter) * Self.unit / 2
            let side = shorter * Self.unit
            self.init(minX: left, minY: top, maxX: left + side, maxY: top + side, radius: side / 2)
        }
    }

    /// The region shrunk by `inset` units on every side, its radius by the
    /// same (never below 0): concentric corners, so it lies inside `self`.
    /// Nil when nothing is left.
    func inset(by inset: Int) -> CoverageRegion? {
        let inner = CoverageRegion(
            minX: minX + inset, minY: minY + inset, maxX: maxX - inset, maxY: maxY - inset, radius: max(0, radius - inset))
        return inner.isEmpty ? nil : inner
    }

    /// `pixels` in units, rounded, within 0 ... 2²⁴ px (an infinite product
    /// of points and scale is the most, NaN none).
    static func units(_ pixels: Double) -> Int {
        guard pixels > 0 else { return 0 }
        return Int((min(pixels, 16_777_216) * Double(unit)).rounded())
    }

    /// The horizontal extent `lo ... hi` (units, closed) of the region on the
    /// line `y` (units); `lo > hi` when the line misses it.
    @inline(__always)
    func span(atY y: Int) -> (lo: Int, hi: Int) {
        guard y >= minY, y <= maxY else { return (1, 0) }
        let dy: Int
        if y < minY + radius {
            dy = minY + radius - y
        } else if y > maxY - radius {
            dy = y - (maxY - radius)
        } else {
            return (minX, maxX)
        }
        let half = Self.squareRoot(radius * radius - dy * dy)
        return (minX + radius - half, maxX - radius + half)
    }

    /// ⌊√n⌋ exactly, for 0 ≤ n < 2⁶².
    static func squareRoot(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        var root = Int(Double(n).squareRoot())
        while root * root > n { root -= 1 }
        while (root + 1) * (root + 1) <= n { root += 1 }
        return root
    }
}

/// One pixel row's 16 subsample lines through a region, and which of the
/// row's columns are outside, partly covered or fully inside.
struct RowCoverage {
    /// The lines' extents: `lo` at even, `hi` at odd indices (32 values).
    let spans: UnsafeMutableBufferPointer<Int>
    /// Columns before `start` are outside the region.
    var start = 0
    /// Columns `start ..< fullStart` may be partly covered.
    var fullStart = 0
    /// Columns `fullStart ..< fullEnd` are fully inside.
    var fullEnd = 0
    /// Columns `fullEnd ..< end` may be partly covered; from `end` on, outside.
    var end = 0

    /// Room for one row's spans (`spans` must hold 32 values).
    init(spans: UnsafeMutableBufferPointer<Int>) {
        self.spans = spans
    }

    /// Fills in row `row` of `region` on a canvas `width` pixels wide.
    mutating func load(_ region: CoverageRegion, row: Int, width: Int) {
        var (loMin, loMax, hiMin, hiMax) = (Int.max, Int.min, Int.max, Int.min)
        var missed = false
        for t in 0..<CoverageRegion.subsamples {
            let (lo, hi) = region.span(atY: row * CoverageRegion.unit + t * CoverageRegion.step + CoverageRegion.step / 2)
            spans[2 * t] = lo
            spans[2 * t + 1] = hi
            guard lo <= hi else {
                missed = true
                continue
            }
            (loMin, loMax, hiMin, hiMax) = (min(loMin, lo), max(loMax, lo), min(hiMin, hi), max(hiMax, hi))
        }
        guard loMin <= hiMax else {
            (start, fullStart, fullEnd, end) = (0, 0, 0, 0)
            return
        }
        let last = CoverageRegion.unit - CoverageRegion.step / 2  // the last subsample's offset in a pixel
        let first = CoverageRegion.step / 2
        start = clamp(ceilingDivide(loMin - last, by: CoverageRegion.unit), 0, width)
        end = clamp(((hiMax - first) >> 8) + 1, start, width)
        guard !missed else {
            (fullStart, fullEnd) = (end, end)
            return
        }
        fullStart = clamp(ceilingDivide(loMax - first, by: CoverageRegion.unit), start, end)
        fullEnd = clamp(((hiMin - last) >> 8) + 1, fullStart, end)
    }

    /// How many of column `x`'s 256 subsamples lie inside (0 ... 256).
    @inline(__always)
    func coverage(column x: Int) -> Int {
        let base = x * CoverageRegion.unit + CoverageRegion.step / 2
        var total = 0
        for t in 0..<CoverageRegion.subsamples {
            let lo = spans[2 * t]
            let hi = spans[2 * t + 1]
            // Subsamples s = 0 ... 15 at base + 16·s: the first at or after lo, the last at or before hi.
            let first = max(0, (lo - base + CoverageRegion.step - 1) >> 4)
            let last = min(CoverageRegion.subsamples - 1, (hi - base) >> 4)
            if last >= first { total += last - first + 1 }
        }
        return total
    }

    private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { max(low, min(high, value)) }

    private func ceilingDivide(_ value: Int, by divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor > 0 ? quotient + 1 : quotient
    }
}
