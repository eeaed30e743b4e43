@testable import VignetteCore

/// An independent model of shapes and borders for the tests: a rounded
/// rectangle in Double pixel coordinates, and its coverage of a pixel by
/// brute-force sampling on a fine 64 × 64 grid (not the renderer's 16 × 16
/// integer spans).
struct ReferenceRoundedRect {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    var radius: Double

    /// The shape as the contract defines it on a `width × height` px canvas.
    init(_ shape: ImageShape, width: Int, height: Int, scale: Double) {
        let (w, h) = (Double(width), Double(height))
        let shorter = min(w, h)
        switch shape {
        case .rectangle: (minX, minY, maxX, maxY, radius) = (0, 0, w, h, 0)
        case .roundedRect(let r): (minX, minY, maxX, maxY, radius) = (0, 0, w, h, min(r * scale, shorter / 2))
        case .capsule: (minX, minY, maxX, maxY, radius) = (0, 0, w, h, shorter / 2)
        case .circle: (minX, minY, maxX, maxY, radius) = ((w - shorter) / 2, (h - shorter) / 2, (w + shorter) / 2, (h + shorter) / 2, shorter / 2)
        }
    }

    /// The shape inset by `width` px, its radius max(0, r − width); nil when empty.
    func inset(by width: Double) -> ReferenceRoundedRect? {
        var inner = self
        (inner.minX, inner.minY, inner.maxX, inner.maxY) = (minX + width, minY + width, maxX - width, maxY - width)
        inner.radius = max(0, radius - width)
        return inner.minX < inner.maxX && inner.minY < inner.maxY ? inner : nil
    }

    func contains(_ x: Double, _ y: Double) -> Bool {
        guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
        let cx = min(max(x, minX + radius), maxX - radius)
        let cy = min(max(y, minY + radius), maxY - radius)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
    }

    /// The fraction of pixel (x, y) inside, from 64 × 64 samples.
    func coverage(_ x: Int, _ y: Int) -> Double {
        var inside = 0
        for j in 0..<64 {
            for i in 0..<64 where contains(Double(x) + (Double(i) + 0.5) / 64, Double(y) + (Double(j) + 0.5) / 64) {
                inside += 1
            }
        }
        return Double(inside) / 4096
    }
}

/// The expected premultiplied pixel: `below` under a border of `border`
/// (premultiplied) covering `outer − inner` of the pixel, clipped to `outer`.
func referenceBorderPixel(below: PremultipliedPixel, border: PremultipliedPixel?, outer: Double, inner: Double) -> [Double] {
    let d = [below.red, below.green, below.blue, below.alpha].map(Double.init)
    guard let border else { return d.map { $0 * outer } }
    let b = [border.red, border.green, border.blue, border.alpha].map(Double.init)
    let band = outer - inner
    return (0..<4).map { band * b[$0] + (outer - band * b[3] / 255) * d[$0] }
}
