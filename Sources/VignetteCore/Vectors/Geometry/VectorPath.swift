/// A point or vector in user or device space.
struct Vector2: Sendable, Hashable {
    var x: Double
    var y: Double

    static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Vector2, k: Double) -> Vector2 { Vector2(x: a.x * k, y: a.y * k) }
    static prefix func - (a: Vector2) -> Vector2 { Vector2(x: -a.x, y: -a.y) }

    func dot(_ b: Vector2) -> Double { x * b.x + y * b.y }
    func cross(_ b: Vector2) -> Double { x * b.y - y * b.x }
    var length: Double { (x * x + y * y).squareRoot() }
    /// Turned a quarter towards +y (clockwise on screen).
    var perpendicular: Vector2 { Vector2(x: -y, y: x) }
    /// Of length 1, or zero when it has none.
    var normalized: Vector2 {
        let length = self.length
        return length > 0 ? Vector2(x: x / length, y: y / length) : Vector2(x: 0, y: 0)
    }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

/// Straight and curved segments in absolute coordinates: what every shape
/// and `d` attribute becomes (arcs already as cubic curves).
struct VectorPath: Sendable, Hashable {
    enum Element: Sendable, Hashable {
        case move(Vector2)
        case line(Vector2)
        case quad(Vector2, Vector2)
        case cubic(Vector2, Vector2, Vector2)
        case close
    }

    var elements: [Element] = []

    mutating func move(_ p: Vector2) { elements.append(.move(p)) }
    mutating func line(_ p: Vector2) { elements.append(.line(p)) }
    mutating func close() { elements.append(.close) }

    /// The path with every point through `transform`.
    func applying(_ transform: AffineTransform) -> VectorPath {
        VectorPath(
            elements: elements.map { element in
                switch element {
                case .move(let p): .move(transform.apply(p))
                case .line(let p): .line(transform.apply(p))
                case .quad(let c, let p): .quad(transform.apply(c), transform.apply(p))
                case .cubic(let c1, let c2, let p): .cubic(transform.apply(c1), transform.apply(c2), transform.apply(p))
                case .close: .close
                }
            })
    }

    /// The smallest box around every point, control points included; nil when empty.
    var controlBounds: (min: Vector2, max: Vector2)? {
        var points: [Vector2] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        guard let first = points.first else { return nil }
        var low = first
        var high = first
        for p in points {
            low = Vector2(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Vector2(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        return (low, high)
    }
}
