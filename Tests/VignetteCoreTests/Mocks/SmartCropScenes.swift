@testable import VignetteCore

/// Synthetic pictures for the smart-crop tests: a background (flat, or
/// seeded noise) with one small subject, and the subject's bounding box.
enum SmartCropScenes {
    /// What fills the picture behind the subject.
    enum Background {
        /// One colour.
        case flat(Color)
        /// Every channel of every pixel `level ± amplitude`, from a seeded generator.
        case noise(level: Int, amplitude: Int, seed: UInt64)
        /// That noise left of `until` (a fraction of the width), flat `level` grey right of it:
        /// static or gravel taking most of the picture.
        case partNoise(level: Int, amplitude: Int, seed: UInt64, until: Double)
    }

    /// The subject.
    enum Subject {
        /// A disc of one colour.
        case disc(Color)
        /// A black-and-white checkerboard of `cell`-pixel squares, its mean the mid grey.
        case checkerboard(cell: Int)
    }

    /// Red, as a product or a poppy.
    static let red = Color(red: 210, green: 30, blue: 40)
    /// A light skin tone.
    static let skin = Color(red: 224, green: 172, blue: 130)

    /// A `width × height` picture with `subject` of `radius` (half the side
    /// for a square subject) centred at (`x`, `y`), and the subject's bounds.
    static func scene(
        width: Int, height: Int, background: Background, subject: Subject, x: Int, y: Int, radius: Int
    ) -> (image: Bitmap, subject: PixelRect) {
        var pixels = backgroundPixels(width: width, height: height, background)
        let bounds = PixelRect(
            minX: max(0, x - radius), minY: max(0, y - radius), maxX: min(width, x + radius), maxY: min(height, y + radius))
        for py in bounds.minY..<bounds.maxY {
            for px in bounds.minX..<bounds.maxX {
                guard let colour = subjectColour(subject, dx: px - x, dy: py - y, radius: radius) else { continue }
                let i = (py * width + px) * 4
                pixels[i] = colour.red
                pixels[i + 1] = colour.green
                pixels[i + 2] = colour.blue
            }
        }
        let image = Bitmap(trustedWidth: width, height: height, scale: 1, pixels: pixels)
        return (image, bounds)
    }

    /// The opaque background's bytes.
    static func backgroundPixels(width: Int, height: Int, _ background: Background) -> [UInt8] {
        switch background {
        case .flat(let colour):
            return Bitmap(width: width, height: height, fill: colour).pixels
        case .noise(let level, let amplitude, let seed):
            var state = seed
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for i in 0..<pixels.count where i % 4 != 3 {
                // SplitMix64: a fixed sequence for a seed, on every platform.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let offset = Int(z % UInt64(2 * amplitude + 1)) - amplitude
                pixels[i] = UInt8(max(0, min(255, level + offset)))
            }
            return pixels
        case .partNoise(let level, let amplitude, let seed, let until):
            var pixels = backgroundPixels(width: width, height: height, .noise(level: level, amplitude: amplitude, seed: seed))
            let grey = UInt8(level)
            for y in 0..<height {
                for x in Int(until * Double(width))..<width {
                    let i = (y * width + x) * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2]) = (grey, grey, grey)
                }
            }
            return pixels
        }
    }

    private static func subjectColour(_ subject: Subject, dx: Int, dy: Int, radius: Int) -> Color? {
        switch subject {
        case .disc(let colour):
            // Pixel centres within the radius.
            let (cx, cy) = (2 * dx + 1, 2 * dy + 1)
            return cx * cx + cy * cy <= 4 * radius * radius ? colour : nil
        case .checkerboard(let cell):
            let dark = ((dx + radius) / cell + (dy + radius) / cell) % 2 == 0
            return dark ? .black : .white
        }
    }

    /// The window of `windowWidth × windowHeight` (fractions) a layout puts
    /// around `focal` in a `width × height` image: centred on the point, kept
    /// inside the image — as `Focus.point` places it.
    static func window(focal: (x: Double, y: Double), windowWidth: Double, windowHeight: Double, width: Int, height: Int)
        -> PixelRect
    {
        func span(_ f: Double, _ fraction: Double, _ length: Int) -> (Int, Int) {
            let size = (fraction * Double(length)).rounded()
            let start = min(Double(length) - size, max(0, (f * Double(length) - size / 2).rounded()))
            return (Int(start), Int(start + size))
        }
        let (x0, x1) = span(focal.x, windowWidth, width)
        let (y0, y1) = span(focal.y, windowHeight, height)
        return PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }
}
