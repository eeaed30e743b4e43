/// Exact-area coverage of polygons, in integers: each edge adds its signed
/// area to the pixels it crosses (24.8 fixed point, one accumulator per
/// pixel), a prefix sum along each row gives the signed winding area of
/// every pixel, and the fill rule folds that into 0…255. No floating point
/// after the edges are snapped, so the same edges give the same bytes on
/// every machine, debug or release.
struct CoverageRaster {
    /// How a winding number is inside.
    enum FillRule: Sendable, Hashable {
        case nonZero
        case evenOdd
    }

    static let one = 256
    /// The value of a fully covered pixel with winding 1: 2 × one².
    static let full = 2 * one * one

    let width: Int
    let height: Int
    /// `(width + 2)` accumulators per row.
    var cells: [Int32]
    var rows = (low: Int.max, high: Int.min)
    var columns = (low: Int.max, high: Int.min)
    /// Rows walked so far, over every edge: the coverage work.
    var work = 0

    /// The bytes a raster of this size holds, for a `MemoryBudget` check before allocating.
    static func bytes(width: Int, height: Int) -> Int { (width + 2).multipliedReportingOverflow(by: height).partialValue &* 4 }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Int32](repeating: 0, count: (width + 2) * height)
    }

    var isEmpty: Bool { rows.low > rows.high }

    /// Adds the edge from `p0` to `p1` in pixels: parts above or below the
    /// raster are dropped, parts left or right of it are moved onto its side
    /// (they still change the winding of what lies to their right).
    mutating func addLine(_ p0: Vector2, _ p1: Vector2) {
        guard p0.isFinite, p1.isFinite, p0.y != p1.y else { return }
        let h = Double(height)
        guard !(p0.y <= 0 && p1.y <= 0), !(p0.y >= h && p1.y >= h) else { return }
        var a = p0
        var b = p1
        // Clip to 0 ≤ y ≤ height, keeping the direction.
        if a.y < 0 || a.y > h { a = Self.point(on: (a, b), atY: a.y < 0 ? 0 : h) }
        if b.y < 0 || b.y > h { b = Self.point(on: (a, b), atY: b.y < 0 ? 0 : h) }
        var pieces: [(Vector2, Vector2)] = [(a, b)]
        for side in [0, Double(width)] {
            pieces = pieces.flatMap { piece -> [(Vector2, Vector2)] in
                let (s, e) = piece
                guard (s.x < side && e.x > side) || (s.x > side && e.x < side) else { return [piece] }
                let t = (side - s.x) / (e.x - s.x)
                let m = Vector2(x: side, y: s.y + (e.y - s.y) * t)
                return [(s, m), (m, e)]
            }
        }
        for (s, e) in pieces {
            let x0 = Self.fixed(min(max(s.x, 0), Double(width)))
            let x1 = Self.fixed(min(max(e.x, 0), Double(width)))
            addFixedLine(x0: x0, y0: Self.fixed(s.y), x1: x1, y1: Self.fixed(e.y))
        }
    }

    private static func point(on line: (Vector2, Vector2), atY y: Double) -> Vector2 {
        let (a, b) = line
        let t = (y - a.y) / (b.y - a.y)
        return Vector2(x: a.x + (b.x - a.x) * t, y: y)
    }

    private static func fixed(_ value: Double) -> Int { Int((value * Double(one)).rounded()) }

    /// The coverage of row `y` for columns `0..<width` (zero where nothing
    /// was drawn), with `rule` applied, into `out`; false when the row is empty.
    func sweep(row y: Int, rule: FillRule, into out: inout [UInt8]) -> Range<Int>? {
        guard y >= rows.low, y <= rows.high, columns.low <= columns.high else { return nil }
        let start = max(0, columns.low)
        let end = min(width, columns.high + 2)
        guard start < end else { return nil }
        let base = y * (width + 2)
        var sum: Int32 = 0
        var last = start
        for x in start..<end {
            sum &+= cells[base + x]
            let alpha = Self.alpha(sum, rule: rule)
            out[x] = alpha
            if alpha != 0 { last = x + 1 }
        }
        return start..<max(start, last)
    }

    @inline(__always)
    static func alpha(_ value: Int32, rule: FillRule) -> UInt8 {
        var a = Int(value.magnitude)
        switch rule {
        case .nonZero:
            a = min(a, full)
        case .evenOdd:
            a &= 2 * full - 1
            if a > full { a = 2 * full - a }
        }
        return UInt8((a * 255 + full / 2) / full)
    }

    /// The rows that hold any edge.
    var rowRange: ClosedRange<Int>? { isEmpty ? nil : rows.low...rows.high }

    /// Clears what was drawn, for the next shape.
    mutating func reset() {
        guard let range = rowRange else { return }
        let lowColumn = max(0, columns.low)
        let highColumn = min(width + 1, columns.high + 1)
        for y in range {
            let base = y * (width + 2)
            for x in lowColumn...highColumn { cells[base + x] = 0 }
        }
        rows = (Int.max, Int.min)
        columns = (Int.max, Int.min)
    }
}
