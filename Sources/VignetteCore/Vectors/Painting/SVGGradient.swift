/// A linear or radial gradient, resolved for one shape: its geometry in
/// user space (bounding-box units already applied), its transform to
/// device pixels inverted, and its colours in a table of 1,024 premultiplied
/// entries, so that every pixel takes a colour by integer index.
/// A paint whose colour depends on the pixel: a gradient or a pattern.
protocol SVGShader {
    /// The premultiplied colour at the centre of device pixel (`x`, `y`).
    func color(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8)
}

struct SVGGradient: SVGShader {
    enum Kind {
        case linear(start: Vector2, end: Vector2)
        /// Centre and radius of the end circle, focal point and radius of the start circle.
        case radial(center: Vector2, radius: Double, focus: Vector2, focalRadius: Double)
    }

    enum Spread { case pad, reflect, `repeat` }

    static let tableSize = 1024

    let kind: Kind
    let spread: Spread
    /// Device pixel → gradient space.
    let inverse: AffineTransform
    /// Premultiplied RGBA by position, opacity folded in.
    let table: [UInt8]

    /// The colour at the centre of device pixel (`x`, `y`), premultiplied.
    @inline(__always)
    func color(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let p = inverse.apply(Vector2(x: Double(x) + 0.5, y: Double(y) + 0.5))
        guard let t = parameter(p) else { return (0, 0, 0, 0) }
        let index = tableIndex(t) * 4
        return (table[index], table[index + 1], table[index + 2], table[index + 3])
    }

    private func parameter(_ p: Vector2) -> Double? {
        switch kind {
        case .linear(let start, let end):
            let d = end - start
            return (p - start).dot(d) / d.dot(d)
        case .radial(let center, let radius, let focus, let focalRadius):
            return Self.conical(p, center: center, radius: radius, focus: focus, focalRadius: focalRadius)
        }
    }

    /// The largest t where p lies on the circle between the focal circle
    /// (t = 0) and the end circle (t = 1), with a radius not below zero.
    static func conical(_ p: Vector2, center: Vector2, radius: Double, focus: Vector2, focalRadius: Double) -> Double? {
        let dc = center - focus
        let dr = radius - focalRadius
        let pf = p - focus
        let a = dc.dot(dc) - dr * dr
        let b = pf.dot(dc) + focalRadius * dr
        let c = pf.dot(pf) - focalRadius * focalRadius
        if abs(a) < 1e-12 {
            // One circle twice (fr = r, same centre): the first colour inside it, the last outside (resvg, Chrome).
            if dc.dot(dc) < 1e-24 && abs(dr) < 1e-12 { return pf.dot(pf) <= radius * radius ? 0 : 1 }
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return focalRadius + t * dr >= 0 ? t : nil
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let t1 = (b + root) / a
        let t2 = (b - root) / a
        let (high, low) = (max(t1, t2), min(t1, t2))
        if focalRadius + high * dr >= 0 { return high }
        if focalRadius + low * dr >= 0 { return low }
        return nil
    }

    @inline(__always)
    private func tableIndex(_ t: Double) -> Int {
        var u = t
        switch spread {
        case .pad: u = min(1, max(0, t))
        case .repeat: u = t - t.rounded(.down)
        case .reflect:
            let period = t - 2 * (t / 2).rounded(.down)
            u = period > 1 ? 2 - period : period
        }
        guard u.isFinite else { return 0 }
        // u is in 0…1 (pad clamps, repeat and reflect fold), so the product is never negative.
        return min(Self.tableSize - 1, max(0, DeterministicMath.roundedNonNegative(u * Double(Self.tableSize - 1))))
    }

    /// The colour table: straight colours interpolated between stops, then
    /// premultiplied with `opacity`.
    static func table(stops: [(offset: Double, color: SVGColor)], opacity: Double) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: tableSize * 4)
        // With offsets in order (as gradientStops makes them) the first stop at or past t only moves
        // forward as t grows: found by stepping on from the last one, not by a search from the start.
        let ordered = zip(stops, stops.dropFirst()).allSatisfy { $0.offset <= $1.offset }
        var first = 0
        for i in 0..<tableSize {
            let t = Double(i) / Double(tableSize - 1)
            let upper: Int
            if ordered {
                while first < stops.count, stops[first].offset < t { first += 1 }
                upper = first < stops.count ? first : stops.count - 1
            } else {
                upper = stops.firstIndex { $0.offset >= t } ?? stops.count - 1
            }
            let lower = max(0, upper - 1)
            let (a, b) = (stops[lower], stops[upper])
            let span = b.offset - a.offset
            let f = t <= a.offset ? 0 : (t >= b.offset || span <= 0 ? 1 : (t - a.offset) / span)
            func mix(_ x: UInt8, _ y: UInt8) -> Double { Double(x) + (Double(y) - Double(x)) * f }
            let alpha = UInt8(min(255, max(0, (mix(a.color.alpha, b.color.alpha) * opacity).rounded())))
            // A mix of two bytes by f in 0…1 is in 0…255.
            @inline(__always) func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(DeterministicMath.roundedNonNegative(mix(x, y))) }
            table[i * 4] = PixelMath.multiply(channel(a.color.red, b.color.red), alpha)
            table[i * 4 + 1] = PixelMath.multiply(channel(a.color.green, b.color.green), alpha)
            table[i * 4 + 2] = PixelMath.multiply(channel(a.color.blue, b.color.blue), alpha)
            table[i * 4 + 3] = alpha
        }
        return table
    }
}
