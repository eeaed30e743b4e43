/// `viewBox` and `preserveAspectRatio`: how a user-space rectangle is fitted
/// into a viewport.
struct SVGViewport: Sendable {
    enum Align: Sendable, Hashable { case min, mid, max }

    /// nil alignment is `none`: stretch.
    var align: (x: Align, y: Align)?
    var slice = false

    static let standard = SVGViewport(align: (.mid, .mid), slice: false)

    /// `xMidYMid meet`, `none`, `xMinYMax slice`, …; the default when invalid.
    static func parse(_ text: String?) -> SVGViewport {
        guard let text else { return .standard }
        let words = text.split(separator: " ").map(String.init).filter { $0 != "defer" }
        guard let first = words.first else { return .standard }
        let slice = words.count > 1 && words[1] == "slice"
        if first == "none" { return SVGViewport(align: nil, slice: slice) }
        let names: [String: Align] = ["Min": .min, "Mid": .mid, "Max": .max]
        guard first.count == 8, first.hasPrefix("x"), let x = names[String(first.dropFirst().prefix(3))],
            first.dropFirst(4).hasPrefix("Y"), let y = names[String(first.suffix(3))]
        else { return .standard }
        return SVGViewport(align: (x, y), slice: slice)
    }

    /// `viewBox="minX minY width height"`; nil when missing or not positive.
    static func viewBox(_ text: String?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let text, let v = NumberScanner.list(text), v.count == 4, v[2] > 0, v[3] > 0 else { return nil }
        return (v[0], v[1], v[2], v[3])
    }

    /// The transform taking `box` into a viewport of `width × height` at the origin.
    func transform(box: (x: Double, y: Double, width: Double, height: Double), width: Double, height: Double) -> AffineTransform {
        var sx = width / box.width
        var sy = height / box.height
        var tx = 0.0
        var ty = 0.0
        if let align {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            tx = Self.offset(align.x, free: width - box.width * s)
            ty = Self.offset(align.y, free: height - box.height * s)
        }
        return AffineTransform(a: sx, d: sy, e: tx - box.x * sx, f: ty - box.y * sy)
    }

    private static func offset(_ align: Align, free: Double) -> Double {
        switch align {
        case .min: 0
        case .mid: free / 2
        case .max: free
        }
    }
}
