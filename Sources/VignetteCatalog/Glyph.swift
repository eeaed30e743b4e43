import Vignette

/// Placeholder artwork drawn in code with integer supersampling (4×4 samples
/// a pixel), so it is identical on every machine. Reusable on its own: the
/// glyphs are white alpha masks that an app's own `.loading` and `.failure`
/// descriptors tint (the demo's are in `DemoImages`).
package enum Glyph {
    /// A three-quarter ring, the classic "loading" spinner.
    package static func spinner(points: Int, scale: Int) -> Bitmap {
        draw(points: points, scale: scale) { dx, dy, r in
            let d = dx * dx + dy * dy
            let inner = r * 62 / 100
            let inRing = d <= r * r && d >= inner * inner
            return inRing && !(dx > 0 && dy < 0)
        }
    }

    /// A ring with a cross inside: "this failed to load".
    package static func failure(points: Int, scale: Int) -> Bitmap {
        draw(points: points, scale: scale) { dx, dy, r in
            let d = dx * dx + dy * dy
            let ringInner = r * 84 / 100
            if d <= r * r && d >= ringInner * ringInner { return true }
            let arm = r * 48 / 100
            let half = r * 9 / 100
            guard abs(dx) <= arm, abs(dy) <= arm else { return false }
            // Distance to a diagonal is |dx ∓ dy| / √2; compare squares to stay integral.
            let a = dx - dy
            let b = dx + dy
            return a * a <= 2 * half * half || b * b <= 2 * half * half
        }
    }

    /// Coverage of `inside` (in 1/8-pixel units relative to the centre,
    /// with the radius in the same units) becomes alpha; colour is white so
    /// a descriptor's tint decides it.
    private static func draw(points: Int, scale: Int, inside: (Int, Int, Int) -> Bool) -> Bitmap {
        let scale = max(1, scale)
        let size = max(1, points) * scale
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let center = size * 4
        let radius = size * 4 - 4
        for y in 0..<size {
            for x in 0..<size {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = (x * 4 + sx) * 2 + 1
                        let py = (y * 4 + sy) * 2 + 1
                        if inside(px - center, py - center, radius) { hits += 1 }
                    }
                }
                let alpha = UInt8((hits * 255 + 8) / 16)
                let i = (y * size + x) * 4
                pixels[i] = alpha
                pixels[i + 1] = alpha
                pixels[i + 2] = alpha
                pixels[i + 3] = alpha
            }
        }
        // Colour equals alpha, so this is valid premultiplied white; the
        // fallback is unreachable but keeps bad arguments from trapping.
        return (try? Bitmap(width: size, height: size, scale: Double(scale), premultipliedRGBA: pixels))
            ?? Bitmap(width: size, height: size, scale: Double(scale))
    }
}
