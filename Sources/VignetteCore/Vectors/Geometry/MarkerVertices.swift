/// Where markers go on a path and which way each points (SVG's path
/// directionality): one vertex where each subpath starts and one at the end
/// of each segment the file wrote (an arc's several curves are one segment).
struct MarkerVertices {
    struct Vertex: Sendable, Hashable {
        var point: Vector2
        /// The direction at the end of the segment arriving here, if any.
        var incoming: Vector2?
        /// The direction at the start of the segment leaving here, if any.
        var outgoing: Vector2?
    }

    /// The vertices of `path`; `continuations` are the elements that go on with the segment before them.
    static func vertices(of path: VectorPath, continuations: Set<Int> = []) -> [Vertex] {
        var result: [Vertex] = []
        var current = Vector2(x: 0, y: 0)
        var start = current
        var previousEnd: Vector2?
        for (index, element) in path.elements.enumerated() {
            let (end, first, last): (Vector2, Vector2, Vector2)
            switch element {
            case .move(let p):
                result.append(Vertex(point: p))
                (current, start, previousEnd) = (p, p, nil)
                continue
            case .line(let p): (end, first, last) = (p, p - current, p - current)
            case .close: (end, first, last) = (start, start - current, start - current)
            case .quad(let c, let p): (end, first, last) = (p, nonZero(c - current, p - current), nonZero(p - c, p - current))
            case .cubic(let c1, let c2, let p):
                (end, first, last) = (p, nonZero(c1 - current, c2 - current, p - current), nonZero(p - c2, p - c1, p - current))
            }
            // A segment of no length points the way the one before it ended.
            let outgoing = first.isZero ? previousEnd : first.normalized
            let incoming = last.isZero ? (outgoing ?? previousEnd) : last.normalized
            if result.isEmpty { result.append(Vertex(point: current)) }
            if continuations.contains(index) {
                result[result.count - 1].point = end
                result[result.count - 1].incoming = incoming
            } else {
                result[result.count - 1].outgoing = outgoing
                result.append(Vertex(point: end, incoming: incoming))
            }
            current = end
            previousEnd = incoming
        }
        return result
    }

    private static func nonZero(_ candidates: Vector2...) -> Vector2 {
        candidates.first { !$0.isZero } ?? Vector2(x: 0, y: 0)
    }

    /// The unit direction a marker at `vertex` points with `orient="auto"`:
    /// along the path at its ends, halfway between the two directions at a
    /// middle vertex (where a path turns back, a quarter turn clockwise
    /// from whichever direction has the smaller angle).
    static func direction(at index: Int, of vertices: [Vertex]) -> Vector2 {
        let vertex = vertices[index]
        let fallback = Vector2(x: 1, y: 0)
        if index == 0 { return vertex.outgoing ?? vertex.incoming ?? fallback }
        if index == vertices.count - 1 { return vertex.incoming ?? vertex.outgoing ?? fallback }
        guard let incoming = vertex.incoming, let outgoing = vertex.outgoing else { return vertex.incoming ?? vertex.outgoing ?? fallback }
        let sum = incoming + outgoing
        if sum.length > 1e-9 { return sum.normalized }
        return (angleOrder(incoming, outgoing) ? incoming : outgoing).perpendicular
    }

    /// Whether `a`'s angle (0…360° clockwise from +x) is below `b`'s.
    private static func angleOrder(_ a: Vector2, _ b: Vector2) -> Bool {
        func lowerHalf(_ v: Vector2) -> Bool { v.y > 0 || (v.y == 0 && v.x > 0) }
        if lowerHalf(a) != lowerHalf(b) { return lowerHalf(a) }
        return a.cross(b) > 0
    }
}

extension MarkerVertices.Vertex {
    init(point: Vector2) { self.init(point: point, incoming: nil, outgoing: nil) }
}

extension Vector2 {
    var isZero: Bool { x == 0 && y == 0 }
}
