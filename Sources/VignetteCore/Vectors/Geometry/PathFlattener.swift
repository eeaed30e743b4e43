/// Curves to straight lines within `tolerance` (the largest distance
/// between a curve and its lines, by Wang's bound), in whatever space the
/// path is in.
struct PathFlattener {
    /// Device-space tolerance: 1/20 px, well under what 8-bit coverage shows.
    static let deviceTolerance = 0.05
    /// The most lines one curve becomes, whatever its size.
    static let maxLinesPerCurve = 512

    /// Each subpath as a polyline, and whether it was closed by `Z`.
    struct Polyline: Sendable, Hashable {
        var points: [Vector2]
        var closed: Bool
    }

    let tolerance: Double

    /// The subpaths of `path` as polylines.
    func polylines(_ path: VectorPath) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline(points: [], closed: false)
        var start = Vector2(x: 0, y: 0)
        func finish() {
            if !current.points.isEmpty { result.append(current) }
            current = Polyline(points: [], closed: false)
        }
        for element in path.elements {
            let last = current.points.last ?? start
            switch element {
            case .move(let p):
                finish()
                start = p
                current.points = [p]
            case .line(let p):
                if current.points.isEmpty { current.points = [last] }
                current.points.append(p)
            case .quad(let c, let p):
                if current.points.isEmpty { current.points = [last] }
                appendQuad(last, c, p, to: &current.points)
            case .cubic(let c1, let c2, let p):
                if current.points.isEmpty { current.points = [last] }
                appendCubic(last, c1, c2, p, to: &current.points)
            case .close:
                current.closed = true
                let first = current.points.first ?? start
                finish()
                start = first
            }
        }
        finish()
        return result
    }

    private func count(_ deviation: Double, degreeFactor: Double) -> Int {
        guard deviation.isFinite, tolerance > 0 else { return 1 }
        let n = (degreeFactor * deviation / tolerance).squareRoot().rounded(.up)
        return Int(min(Double(Self.maxLinesPerCurve), max(1, n)))
    }

    func appendQuad(_ p0: Vector2, _ c: Vector2, _ p1: Vector2, to points: inout [Vector2]) {
        let n = count((p0 - c * 2 + p1).length, degreeFactor: 0.25)
        for i in 1..<n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            points.append(p0 * (u * u) + c * (2 * u * t) + p1 * (t * t))
        }
        points.append(p1)
    }

    func appendCubic(_ p0: Vector2, _ c1: Vector2, _ c2: Vector2, _ p1: Vector2, to points: inout [Vector2]) {
        let deviation = max((p0 - c1 * 2 + c2).length, (c1 - c2 * 2 + p1).length)
        let n = count(deviation, degreeFactor: 0.75)
        for i in 1..<n {
            let t = Double(i) / Double(n)
            let u = 1 - t
            points.append(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t))
        }
        points.append(p1)
    }
}
