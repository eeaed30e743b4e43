/// `stroke-dasharray` and `stroke-dashoffset` applied to polylines: each
/// dash becomes an open polyline of its own, stroked with caps.
struct DashPattern {
    let lengths: [Double]
    let offset: Double
    /// The most dashes one shape may make.
    let maxDashes: Int

    /// The dashes of `polylines`; nil when there would be more than `maxDashes`.
    func apply(to polylines: [PathFlattener.Polyline]) -> [PathFlattener.Polyline]? {
        let period = lengths.reduce(0, +)
        guard period > 0, period.isFinite else { return polylines }
        var result: [PathFlattener.Polyline] = []
        for polyline in polylines {
            var points = polyline.points
            if polyline.closed, let first = points.first { points.append(first) }
            guard dash(points, period: period, into: &result) else { return nil }
        }
        return result
    }

    /// Where in the pattern the path starts: the index of the dash or gap, and how much of it is left.
    private func start(period: Double) -> (index: Int, left: Double) {
        var phase = offset.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var index = 0
        while phase > 0, phase >= lengths[index] {
            phase -= lengths[index]
            index = (index + 1) % lengths.count
        }
        return (index, lengths[index] - phase)
    }

    private func dash(_ points: [Vector2], period: Double, into result: inout [PathFlattener.Polyline]) -> Bool {
        guard points.count > 1 else { return true }
        var (index, left) = start(period: period)
        var current: [Vector2] = index % 2 == 0 ? [points[0]] : []
        for (a, b) in zip(points, points.dropFirst()) {
            let length = (b - a).length
            var travelled = 0.0
            while length - travelled > left {
                travelled += left
                let p = a + (b - a) * (travelled / length)
                if index % 2 == 0 {
                    current.append(p)
                    result.append(PathFlattener.Polyline(points: current, closed: false))
                    guard result.count <= maxDashes else { return false }
                    current = []
                } else {
                    current = [p]
                }
                index = (index + 1) % lengths.count
                left = lengths[index]
            }
            left -= length - travelled
            if index % 2 == 0 { current.append(b) }
        }
        if index % 2 == 0, current.count > 1 { result.append(PathFlattener.Polyline(points: current, closed: false)) }
        return result.count <= maxDashes
    }
}
