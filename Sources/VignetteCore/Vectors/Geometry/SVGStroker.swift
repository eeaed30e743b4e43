/// A stroke as a fill: each subpath flattened in user space (within the
/// device tolerance under the current transform), offset by half the width
/// on both sides, joined and capped, into closed outlines to fill with the
/// non-zero rule. Round joins and caps are arcs (cubic curves), flattened
/// later in device space like any curve.
struct SVGStroker {
    let style: SVGStyle
    let transform: AffineTransform

    /// The stroke's outline; nil when its dashes exceed `maxDashes`.
    func outline(_ path: VectorPath, maxDashes: Int) -> VectorPath? {
        let scale = max(1e-9, (transform.a * transform.a + transform.b * transform.b + transform.c * transform.c + transform.d * transform.d).squareRoot())
        let flattener = PathFlattener(tolerance: PathFlattener.deviceTolerance / scale)
        var result = VectorPath()
        // A lone moveto is not stroked; a zero-length segment (`M x y z`, `M x y L x y`) gets its caps.
        var polylines = flattener.polylines(path).filter { $0.points.count > 1 || $0.closed }
        if !style.dashArray.isEmpty {
            guard let dashes = DashPattern(lengths: style.dashArray, offset: style.dashOffset, maxDashes: maxDashes).apply(to: polylines)
            else { return nil }
            polylines = dashes
        }
        for polyline in polylines {
            var points: [Vector2] = []
            for p in polyline.points where points.last != p { points.append(p) }
            if polyline.closed, points.count > 1, points.first == points.last { points.removeLast() }
            if points.count == 1 {
                dot(at: points[0], into: &result)
            } else if polyline.closed && points.count > 2 {
                closedOutline(points, into: &result)
            } else if points.count >= 2 {
                openOutline(points, into: &result)
            }
        }
        return result
    }

    private var half: Double { style.strokeWidth / 2 }

    /// A zero-length subpath: a dot with round caps, a square with square caps, nothing with butt.
    private func dot(at p: Vector2, into path: inout VectorPath) {
        switch style.lineCap {
        case .butt: return
        case .square:
            path.move(Vector2(x: p.x - half, y: p.y - half))
            path.line(Vector2(x: p.x + half, y: p.y - half))
            path.line(Vector2(x: p.x + half, y: p.y + half))
            path.line(Vector2(x: p.x - half, y: p.y + half))
            path.close()
        case .round:
            let right = Vector2(x: 1, y: 0)
            path.move(p + right * half)
            arc(center: p, from: right, to: -right, into: &path)
            arc(center: p, from: -right, to: right, into: &path)
            path.close()
        }
    }

    private func openOutline(_ points: [Vector2], into path: inout VectorPath) {
        let directions = zip(points, points.dropFirst()).map { ($1 - $0).normalized }
        var left: [VectorPath.Element] = []
        side(points, directions, closed: false, into: &left)
        var right: [VectorPath.Element] = []
        side(points.reversed(), directions.reversed().map { -$0 }, closed: false, into: &right)
        guard case .move(let start) = left.first, case .move(let back) = right.first else { return }
        path.elements += left
        cap(at: points[points.count - 1], direction: directions[directions.count - 1], to: back, into: &path)
        path.elements += right.dropFirst()
        cap(at: points[0], direction: -directions[0], to: start, into: &path)
        path.close()
    }

    private func closedOutline(_ points: [Vector2], into path: inout VectorPath) {
        let ring = points + [points[0]]
        let directions = zip(ring, ring.dropFirst()).map { ($1 - $0).normalized }
        var left: [VectorPath.Element] = []
        side(ring, directions, closed: true, into: &left)
        path.elements += left
        path.close()
        var right: [VectorPath.Element] = []
        side(ring.reversed(), directions.reversed().map { -$0 }, closed: true, into: &right)
        path.elements += right
        path.close()
    }

    /// One side (the left of travel, +normal) of a polyline: offset
    /// segments with joins between them (and around the start when closed).
    private func side(_ points: [Vector2], _ directions: [Vector2], closed: Bool, into elements: inout [VectorPath.Element]) {
        let normals = directions.map { $0.perpendicular * half }
        let lengths = zip(points, points.dropFirst()).map { ($1 - $0).length }
        if closed {
            elements.append(.move(points[0] + normals[normals.count - 1]))
            join(
                at: points[0], from: directions[directions.count - 1], to: directions[0], lengths: (lengths[lengths.count - 1], lengths[0]),
                into: &elements)
        } else {
            elements.append(.move(points[0] + normals[0]))
        }
        for i in 0..<directions.count {
            elements.append(.line(points[i + 1] + normals[i]))
            if i + 1 < directions.count {
                join(at: points[i + 1], from: directions[i], to: directions[i + 1], lengths: (lengths[i], lengths[i + 1]), into: &elements)
            }
        }
    }

    /// The join at `p` on the +normal side, turning from `d0` to `d1`
    /// between segments of `lengths`.
    private func join(
        at p: Vector2, from d0: Vector2, to d1: Vector2, lengths: (Double, Double), into elements: inout [VectorPath.Element]
    ) {
        let n0 = d0.perpendicular * half
        let n1 = d1.perpendicular * half
        let turn = d0.cross(d1)
        if turn > 0 || d0 == d1 || (turn == 0 && d0.dot(d1) > 0) {
            // Inner side: where the two offset edges cross, when both segments reach it (no
            // overlap at the corner); else through the pivot, which the non-zero rule fills over.
            let reach = half * abs(turn) / (1 + d0.dot(d1))
            if d0 != d1, reach <= min(lengths.0, lengths.1), let last = elements.last {
                let corner = p + (n0 + n1).normalized * (half / ((1 + d0.dot(d1)) / 2).squareRoot())
                switch last {
                case .move: elements[elements.count - 1] = .move(corner)
                default: elements[elements.count - 1] = .line(corner)
                }
                return
            }
            if d0 != d1 { elements.append(.line(p)) }
            elements.append(.line(p + n1))
            return
        }
        switch style.lineJoin {
        case .round:
            var path = VectorPath(elements: [])
            arc(center: p, from: n0 * (1 / half), to: n1 * (1 / half), into: &path)
            elements += path.elements
        case .miter, .miterClip:
            let cosine = d0.dot(d1)
            let ratio = 1 / ((1 + cosine) / 2).squareRoot()
            if ratio.isFinite, ratio <= style.miterLimit {
                let bisector = (n0 + n1).normalized
                elements.append(.line(p + bisector * (half * ratio)))
            } else if style.lineJoin == .miterClip {
                // SVG 2: the miter cut square to its bisector at miterlimit × half the width from the point (for a
                // reversal, straight ahead), where a plain miter would fall back to a bevel.
                let bisector = ratio.isFinite ? (n0 + n1).normalized : d0
                let reach = half * style.miterLimit
                let t0 = (reach - n0.dot(bisector)) / d0.dot(bisector)
                let t1 = (reach - n1.dot(bisector)) / d1.dot(bisector)
                if t0.isFinite, t1.isFinite {
                    elements.append(.line(p + n0 + d0 * t0))
                    elements.append(.line(p + n1 + d1 * t1))
                }
            }
            elements.append(.line(p + n1))
        case .bevel:
            elements.append(.line(p + n1))
        }
    }

    /// The cap at the end `p` going in `direction`, from the current point to `to`.
    private func cap(at p: Vector2, direction: Vector2, to end: Vector2, into path: inout VectorPath) {
        switch style.lineCap {
        case .butt:
            path.line(end)
        case .square:
            let n = direction.perpendicular * half
            let forward = direction * half
            path.line(p + n + forward)
            path.line(p - n + forward)
            path.line(end)
        case .round:
            let n = direction.perpendicular
            arc(center: p, from: n, to: -n, into: &path)
        }
    }

    /// An arc of radius `half` around `center` from unit vector `a` to `b`,
    /// turning towards −y (the outer side of the left offset), as cubics.
    private func arc(center: Vector2, from a: Vector2, to b: Vector2, into path: inout VectorPath) {
        for (u, v) in ArcConversion.pieces(a, b, direction: -1) {
            let (c1, c2, end) = ArcConversion.cubic(u, v, direction: -1)
            path.elements.append(.cubic(center + c1 * half, center + c2 * half, center + end * half))
        }
    }
}
