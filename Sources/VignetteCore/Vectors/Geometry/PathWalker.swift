/// Distances along a path: its outline flattened finely, each segment's
/// start distance kept, so a point and the direction there are found by
/// binary search (text on a `textPath`). A move starts a new subpath
/// without adding length.
struct PathWalker {
    private var segments: [(from: Vector2, to: Vector2, start: Double)] = []
    /// The path's total length.
    private(set) var length = 0.0

    init(_ path: VectorPath) {
        let size = path.controlBounds.map { max($0.max.x - $0.min.x, $0.max.y - $0.min.y) } ?? 1
        for polyline in PathFlattener(tolerance: max(size, 1e-6) / 2000).polylines(path) {
            var points = polyline.points
            if polyline.closed, let first = points.first { points.append(first) }
            for (a, b) in zip(points, points.dropFirst()) {
                let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                guard d > 0, d.isFinite else { continue }
                segments.append((a, b, length))
                length += d
            }
        }
    }

    /// The point `distance` along the path and the path's unit direction there; nil on an empty path.
    func point(at distance: Double) -> (point: Vector2, direction: Vector2)? {
        guard !segments.isEmpty else { return nil }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= distance { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        let dx = segment.to.x - segment.from.x
        let dy = segment.to.y - segment.from.y
        let span = (dx * dx + dy * dy).squareRoot()
        let t = min(max((distance - segment.start) / span, 0), 1)
        return (Vector2(x: segment.from.x + dx * t, y: segment.from.y + dy * t), Vector2(x: dx / span, y: dy / span))
    }
}
