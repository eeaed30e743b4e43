/// An SVG elliptical arc (endpoint form) as cubic curves of at most 90°
/// each. The angles never go through libm: the arc is split by bisecting
/// unit vectors (half-angle formulas need only square roots), and the
/// x-axis rotation takes its sine from `DeterministicMath`.
struct ArcConversion {
    let from: Vector2
    let to: Vector2
    let radii: Vector2
    let rotation: Double
    let large: Bool
    let sweep: Bool

    /// A line when a radius is zero, nothing when the ends coincide (SVG's rules).
    func elements() -> [VectorPath.Element] {
        if from == to { return [] }
        var rx = abs(radii.x)
        var ry = abs(radii.y)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return [.line(to)] }
        let (sine, cosine) = AffineTransform.sineCosine(degrees: rotation.isFinite ? rotation : 0)
        let half = (from - to) * 0.5
        let p = Vector2(x: cosine * half.x + sine * half.y, y: -sine * half.x + cosine * half.y)
        let lambda = (p.x * p.x) / (rx * rx) + (p.y * p.y) / (ry * ry)
        if lambda > 1 {
            let grow = lambda.squareRoot()
            rx *= grow
            ry *= grow
        }
        let numerator = rx * rx * ry * ry - rx * rx * p.y * p.y - ry * ry * p.x * p.x
        let denominator = rx * rx * p.y * p.y + ry * ry * p.x * p.x
        var coefficient = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if large == sweep { coefficient = -coefficient }
        let centre = Vector2(x: coefficient * rx * p.y / ry, y: -coefficient * ry * p.x / rx)
        let u0 = Vector2(x: (p.x - centre.x) / rx, y: (p.y - centre.y) / ry).normalized
        let u1 = Vector2(x: (-p.x - centre.x) / rx, y: (-p.y - centre.y) / ry).normalized
        let direction = sweep ? 1.0 : -1.0
        let middle = (from + to) * 0.5
        let toUser = AffineTransform(
            a: cosine * rx, b: sine * rx, c: -sine * ry, d: cosine * ry,
            e: middle.x + cosine * centre.x - sine * centre.y, f: middle.y + sine * centre.x + cosine * centre.y)
        var result: [VectorPath.Element] = []
        let pieces = Self.pieces(u0, u1, direction: direction)
        for (index, piece) in pieces.enumerated() {
            let (c1, c2, end) = Self.cubic(piece.0, piece.1, direction: direction)
            let last = index == pieces.count - 1
            result.append(.cubic(toUser.apply(c1), toUser.apply(c2), last ? to : toUser.apply(end)))
        }
        return result.isEmpty ? [.line(to)] : result
    }

    /// The arc from `a` to `b` in `direction` as pieces of at most 90°.
    static func pieces(_ a: Vector2, _ b: Vector2, direction: Double) -> [(Vector2, Vector2)] {
        let turn = direction * a.cross(b)
        let halves: [(Vector2, Vector2)]
        if turn > 0 {
            halves = [(a, b)]
        } else if turn < 0 {
            let middle = -((a + b).normalized)
            halves = [(a, middle), (middle, b)]
        } else if a.dot(b) < 0 {
            let middle = a.perpendicular * direction
            halves = [(a, middle), (middle, b)]
        } else {
            return []
        }
        return halves.flatMap { quarterPieces($0.0, $0.1) }
    }

    /// An arc under 180° cut in halves until each is at most 90°.
    private static func quarterPieces(_ a: Vector2, _ b: Vector2) -> [(Vector2, Vector2)] {
        if a.dot(b) >= 0 { return [(a, b)] }
        let middle = (a + b).normalized
        return [(a, middle), (middle, b)]
    }

    /// The cubic from unit vector `a` to `b` (at most 90° apart) along the unit circle.
    static func cubic(_ a: Vector2, _ b: Vector2, direction: Double) -> (Vector2, Vector2, Vector2) {
        let cosine = min(1, max(-1, a.dot(b)))
        let sine = abs(a.cross(b))
        let halfTangent = sine / (1 + cosine)
        let quarterTangent = halfTangent / (1 + (1 + halfTangent * halfTangent).squareRoot())
        let k = 4.0 / 3.0 * quarterTangent
        let c1 = a + a.perpendicular * (direction * k)
        let c2 = b - b.perpendicular * (direction * k)
        return (c1, c2, b)
    }
}
