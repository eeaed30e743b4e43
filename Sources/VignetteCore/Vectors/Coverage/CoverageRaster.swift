/// Coverage of polygons from the winding number, in integers: every pixel
/// row is sampled on ``samples`` horizontal lines (at (k + ½) / samples of
/// the row); on each line the edges' crossings (1/256 px fixed point) are
/// sorted and walked, the fill rule says where the winding number is
/// inside, and each inside span adds its exact length to the pixels under
/// it. A pixel's coverage is the inside length over its lines divided by
/// their whole length — exact across, in 1/16 steps down — so a path that
/// overlaps itself covers a pixel once, never once per layer. No floating
/// point after the edges are snapped, so the same edges give the same
/// bytes on every machine, debug or release.
struct CoverageRaster {
    /// How a winding number is inside.
    enum FillRule: Sendable, Hashable {
        case nonZero
        case evenOdd
    }

    /// One pixel in fixed point.
    static let one = 256
    /// Sample lines per pixel row.
    static let samples = 16
    /// The distance between sample lines, in 1/256 px.
    static let step = one / samples
    /// A fully covered pixel: the inside length of all its sample lines.
    static let full = samples * one

    /// An edge from top to bottom in 1/256 px, the sample lines it crosses
    /// (`y0 ≤ line < y1`) and its direction (+1 downwards as drawn).
    struct Edge {
        var x0: Int
        var y0: Int
        var x1: Int
        var y1: Int
        var firstLine: Int
        var lastLine: Int
        var winding: Int
    }

    let width: Int
    let height: Int
    var edges: [Edge] = []
    var rows = (low: Int.max, high: Int.min)
    var columns = (low: Int.max, high: Int.min)
    /// Rows walked so far, over every edge: the coverage work.
    var work = 0
    /// `width + 2` differences of one row's coverage, zero between sweeps.
    var cells: [Int32]
    /// The sweep's state: edges sorted by their first line, the next to
    /// enter, those crossing the current row, crossings per sample line.
    var sorted = false
    var next = 0
    var lastRow = Int.min
    var active: [Edge] = []
    var crossings: [Int] = []
    var counts = [Int](repeating: 0, count: samples)

    /// The most edges one shape may hold (``edgeBytes`` each, planned
    /// from the `MemoryBudget`); past it the shape is dropped and `overflowed` set.
    var maxEdges = Int.max
    /// Whether edges are anti-aliased; without (`shape-rendering: crispEdges`),
    /// a pixel is covered exactly when its centre is inside.
    var antialiased = true
    var overflowed = false

    /// The bytes a raster of this width holds before any edge, for a
    /// `MemoryBudget` check before allocating.
    static func bytes(width: Int, height: Int) -> Int { (width + 2).multipliedReportingOverflow(by: 4).partialValue }

    /// What one edge may cost at most: itself and its copy in the active
    /// list (each array up to twice its count) and a crossing per sample line.
    static let edgeBytes = 4 * MemoryLayout<Edge>.stride + samples * MemoryLayout<Int>.stride

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Int32](repeating: 0, count: width + 2)
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
        // Split where the edge crosses x = 0, then x = width, in order along the edge (no allocation: this runs per edge).
        if (a.x < 0 && b.x > 0) || (a.x > 0 && b.x < 0) {
            let m = Self.point(on: (a, b), atX: 0)
            addSplittingAtRight(a, m)
            addSplittingAtRight(m, b)
        } else {
            addSplittingAtRight(a, b)
        }
    }

    private mutating func addSplittingAtRight(_ s: Vector2, _ e: Vector2) {
        let side = Double(width)
        if (s.x < side && e.x > side) || (s.x > side && e.x < side) {
            let m = Self.point(on: (s, e), atX: side)
            addClamped(s, m)
            addClamped(m, e)
        } else {
            addClamped(s, e)
        }
    }

    private mutating func addClamped(_ s: Vector2, _ e: Vector2) {
        let x0 = Self.fixed(min(max(s.x, 0), Double(width)))
        let x1 = Self.fixed(min(max(e.x, 0), Double(width)))
        addFixedLine(x0: x0, y0: Self.fixed(s.y), x1: x1, y1: Self.fixed(e.y))
    }

    private static func point(on line: (Vector2, Vector2), atX x: Double) -> Vector2 {
        let (s, e) = line
        let t = (x - s.x) / (e.x - s.x)
        return Vector2(x: x, y: s.y + (e.y - s.y) * t)
    }

    private static func point(on line: (Vector2, Vector2), atY y: Double) -> Vector2 {
        let (a, b) = line
        let t = (y - a.y) / (b.y - a.y)
        return Vector2(x: a.x + (b.x - a.x) * t, y: y)
    }

    private static func fixed(_ value: Double) -> Int { Int((value * Double(one)).rounded()) }

    /// An edge already within `0…width × 0…height` (in 1/256 px).
    mutating func addFixedLine(x0: Int, y0: Int, x1: Int, y1: Int) {
        guard y0 != y1 else { return }
        let (ax, ay, bx, by) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let firstRow = ay >> 8
        let lastRow = min(height - 1, (by - 1) >> 8)
        guard firstRow <= lastRow else { return }
        work += lastRow - firstRow + 1
        // The sample lines at j × step + step / 2 with ay ≤ line < by.
        let firstLine = (ay + Self.step / 2 - 1) / Self.step
        let lastLine = min(height * Self.samples - 1, (by + Self.step / 2 - 1) / Self.step - 1)
        guard firstLine <= lastLine else { return }
        rows = (min(rows.low, firstLine / Self.samples), max(rows.high, lastLine / Self.samples))
        columns = (min(columns.low, min(ax, bx) >> 8), max(columns.high, max(ax, bx) >> 8))
        guard edges.count < maxEdges else {
            overflowed = true
            return
        }
        let winding = y0 < y1 ? 1 : -1
        edges.append(Edge(x0: ax, y0: ay, x1: bx, y1: by, firstLine: firstLine, lastLine: lastLine, winding: winding))
        sorted = false
    }

    /// The rows that hold any edge.
    var rowRange: ClosedRange<Int>? { isEmpty ? nil : rows.low...rows.high }

    /// Forgets what was drawn, for the next shape.
    mutating func reset() {
        edges.removeAll(keepingCapacity: true)
        active.removeAll(keepingCapacity: true)
        rows = (Int.max, Int.min)
        columns = (Int.max, Int.min)
        sorted = false
        overflowed = false
    }
}
