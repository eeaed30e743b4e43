import Foundation

/// Distances along a path (text on a `textPath`): each segment as a cubic (a line as one whose
/// controls sit at 0.33 and 0.66 of it, a quadratic raised), its length integrated by Gauss–Legendre
/// quadrature, and a distance found on it by the ITP method to within `accuracy` of arc length —
/// the measure resvg uses (half a user unit at the document's own scale), so glyphs on a curve land
/// where that reference renderer puts them rather than up to half a unit away. A move starts a new
/// subpath without adding length.
struct PathWalker {
    private var segments: [(curve: Cubic, start: Double, length: Double)] = []
    /// The path's total length.
    private(set) var length = 0.0
    private let accuracy: Double

    /// `accuracy`: how far from the exact arc length a found point may be, in user units.
    init(_ path: VectorPath, accuracy: Double = 0.5) {
        self.accuracy = accuracy.isFinite && accuracy > 0 ? accuracy : 0.5
        var start = Vector2(x: 0, y: 0)
        var current = start
        for element in path.elements {
            let curve: Cubic
            switch element {
            case .move(let p):
                (start, current) = (p, p)
                continue
            case .line(let p): curve = .line(current, p)
            case .quad(let c, let p):
                curve = Cubic(
                    p0: current, p1: current + (c - current) * (2.0 / 3), p2: p + (c - p) * (2.0 / 3), p3: p)
            case .cubic(let c1, let c2, let p): curve = Cubic(p0: current, p1: c1, p2: c2, p3: p)
            case .close: curve = .line(current, start)
            }
            current = curve.p3
            let span = curve.arcLength(to: 1)
            guard span > 0, span.isFinite else { continue }
            segments.append((curve, length, span))
            length += span
        }
    }

    /// The point `distance` along the path and the path's unit direction there; nil on an empty path.
    func point(at distance: Double) -> (point: Vector2, direction: Vector2)? {
        guard !segments.isEmpty else { return nil }
        // The first segment that reaches the distance: at a joint the earlier one's end.
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start + segments[middle].length >= distance { high = middle } else { low = middle + 1 }
        }
        let segment = segments[low]
        let t = segment.curve.parameter(at: distance - segment.start, length: segment.length, accuracy: accuracy)
        let point = segment.curve.point(t)
        var tangent = segment.curve.derivative(t)
        var size = (tangent.x * tangent.x + tangent.y * tangent.y).squareRoot()
        if !(size > 0) {
            tangent = segment.curve.p3 - segment.curve.p0
            size = (tangent.x * tangent.x + tangent.y * tangent.y).squareRoot()
        }
        guard size > 0, size.isFinite else { return (point, Vector2(x: 1, y: 0)) }
        return (point, Vector2(x: tangent.x / size, y: tangent.y / size))
    }
}

extension PathWalker {
    /// One cubic Bézier segment.
    struct Cubic {
        var p0, p1, p2, p3: Vector2

        /// A line as a cubic, its controls at 0.33 and 0.66 of the way (not evenly spaced: the
        /// parameter does not run at constant speed along it, as in resvg).
        static func line(_ a: Vector2, _ b: Vector2) -> Cubic {
            Cubic(p0: a, p1: a + (b - a) * 0.33, p2: a + (b - a) * 0.66, p3: b)
        }

        func point(_ t: Double) -> Vector2 {
            let u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Vector2(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }

        func derivative(_ t: Double) -> Vector2 {
            let u = 1 - t
            let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
            return Vector2(
                x: a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                y: a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        }

        /// The arc length from the start to parameter `t`: 8-point Gauss–Legendre, halved where
        /// halves disagree with the whole (near a cusp), to 1e-10 of a unit.
        func arcLength(to t: Double) -> Double {
            guard t > 0 else { return 0 }
            return integrate(0, t, estimate: gauss(0, t), depth: 0)
        }

        private func integrate(_ a: Double, _ b: Double, estimate: Double, depth: Int) -> Double {
            let middle = (a + b) / 2
            let (left, right) = (gauss(a, middle), gauss(middle, b))
            if depth >= 16 || abs(left + right - estimate) <= 1e-10 { return left + right }
            return integrate(a, middle, estimate: left, depth: depth + 1) + integrate(middle, b, estimate: right, depth: depth + 1)
        }

        private func gauss(_ a: Double, _ b: Double) -> Double {
            let half = (b - a) / 2
            let centre = (a + b) / 2
            var sum = 0.0
            for (node, weight) in Self.gaussLegendre8 {
                for s in [centre - half * node, centre + half * node] {
                    let d = derivative(s)
                    sum += weight * (d.x * d.x + d.y * d.y).squareRoot()
                }
            }
            return sum * half
        }

        /// The nodes (positive half) and weights of 8-point Gauss–Legendre quadrature on [-1, 1].
        private static let gaussLegendre8: [(Double, Double)] = [
            (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
            (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763)
        ]

        /// The parameter at arc length `distance` (of the segment's `length`), found by the ITP method
        /// (Oliveira and Takahashi, 2020: k1 = 0.2, k2 = 2, n0 = 1) until its bracket is within
        /// `accuracy / length` on either side, and the bracket's middle taken.
        func parameter(at distance: Double, length: Double, accuracy: Double) -> Double {
            guard distance > 0 else { return 0 }
            guard distance < length else { return 1 }
            let epsilon = accuracy / length
            var (a, b, ya, yb) = (0.0, 1.0, -distance, length - distance)
            let halvings = max(0, (log2((b - a) / epsilon)).rounded(.up) - 1)
            var slack = epsilon * pow(2, halvings + 1)
            while b - a > 2 * epsilon {
                let middle = (a + b) / 2
                let radius = slack - (b - a) / 2
                let falsi = (yb * a - ya * b) / (yb - ya)
                let sigma = middle - falsi
                let delta = 0.2 * (b - a) * (b - a)
                let truncated = delta <= abs(sigma) ? falsi + (sigma < 0 ? -delta : delta) : middle
                let x = abs(truncated - middle) <= radius ? truncated : middle - (sigma < 0 ? -radius : radius)
                let y = arcLength(to: x) - distance
                if y > 0 {
                    (b, yb) = (x, y)
                } else if y < 0 {
                    (a, ya) = (x, y)
                } else {
                    return x
                }
                slack /= 2
            }
            return (a + b) / 2
        }
    }
}
