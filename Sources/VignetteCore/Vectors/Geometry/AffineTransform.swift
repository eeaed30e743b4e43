/// A 2-D affine transform `[a c e; b d f]`, as SVG's `matrix(a b c d e f)`.
/// Rotations and skews take their sines from `DeterministicMath`, so the same
/// file gives the same matrix on every machine.
struct AffineTransform: Sendable, Hashable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    static let identity = AffineTransform()

    static func translation(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(e: x, f: y) }
    static func scale(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(a: x, d: y) }

    /// A rotation by `degrees`, clockwise on screen (SVG's positive angle).
    static func rotation(degrees: Double) -> AffineTransform {
        let (sine, cosine) = sineCosine(degrees: degrees)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine)
    }

    static func skewX(degrees: Double) -> AffineTransform { AffineTransform(c: tangent(degrees: degrees)) }
    static func skewY(degrees: Double) -> AffineTransform { AffineTransform(b: tangent(degrees: degrees)) }

    /// `(sin, cos)` of an angle in degrees; exact at multiples of 90°.
    static func sineCosine(degrees: Double) -> (Double, Double) {
        let turns = degrees / 180
        return (DeterministicMath.sinPi(turns), DeterministicMath.sinPi(turns + 0.5))
    }

    static func tangent(degrees: Double) -> Double {
        let (sine, cosine) = sineCosine(degrees: degrees)
        return sine / cosine
    }

    /// `self` after `other`: a point goes through `other` first. SVG's
    /// `transform="A B"` is `A.concatenating(B)`.
    func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b,
            c: a * other.c + c * other.d, d: b * other.c + d * other.d,
            e: a * other.e + c * other.f + e, f: b * other.e + d * other.f + f)
    }

    func apply(_ p: Vector2) -> Vector2 {
        Vector2(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f)
    }

    /// A vector through the linear part only.
    func applyLinear(_ v: Vector2) -> Vector2 {
        Vector2(x: a * v.x + c * v.y, y: b * v.x + d * v.y)
    }

    var determinant: Double { a * d - b * c }
    var isInvertible: Bool { determinant != 0 && determinant.isFinite && e.isFinite && f.isFinite }

    var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    /// How much the transform scales lengths on average: √|det|.
    var meanScale: Double { abs(determinant).squareRoot() }
}
