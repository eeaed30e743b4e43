import Foundation
import VignetteCore

/// Small deterministic images for tests.
public enum TestImages {
    /// A solid opaque image.
    public static func solid(_ width: Int, _ height: Int, scale: Double = 1, color: Color = Color(red: 200, green: 40, blue: 10)) -> Bitmap {
        Bitmap(width: width, height: height, scale: scale, fill: color)
    }

    /// Every pixel different: r = x, g = y, b = x ^ y, opaque.
    public static func gradient(_ width: Int, _ height: Int, scale: Double = 1) -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(truncatingIfNeeded: x * 7)
                pixels[i + 1] = UInt8(truncatingIfNeeded: y * 5)
                pixels[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) * 3)
            }
        }
        return try! Bitmap(width: width, height: height, scale: scale, premultipliedRGBA: pixels)
    }

    /// The bundled Kodak photo (768×512).
    public static func photo(_ name: String = "parrots") throws -> Bitmap {
        try PNGCodec.decode(
            contentsOf: Fixtures.repositoryRoot
                .appendingPathComponent("Sources/VignetteCatalog/Resources/product-\(name).png").path)
    }

    /// Bounding box of pixels with non-zero alpha.
    public static func opaqueBounds(_ bitmap: Bitmap) -> PixelRect? {
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixels[(y * bitmap.width + x) * 4 + 3] != 0 {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : PixelRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
    }

    /// An opaque image with every colour channel nudged by ±1 in a fixed pattern.
    public static func noisy(_ image: Bitmap) -> Bitmap {
        var pixels = image.pixels
        var state: UInt32 = 12345
        for i in 0..<pixels.count where i % 4 != 3 {
            state = state &* 1_103_515_245 &+ 12345
            let v = Int(pixels[i]) + (state >> 16 & 1 == 0 ? -1 : 1)
            pixels[i] = UInt8(max(0, min(Int(pixels[i | 3]), v)))
        }
        return try! Bitmap(width: image.width, height: image.height, scale: image.scale, premultipliedRGBA: pixels)
    }

    /// A copy with a magenta square of `size` pixels at (`x`, `y`).
    public static func withSquare(_ image: Bitmap, at x: Int, _ y: Int, size: Int = 10) -> Bitmap {
        var copy = image
        copy.fill(PixelRect(minX: x, minY: y, maxX: x + size, maxY: y + size), with: Color(red: 255, green: 0, blue: 255))
        return copy
    }
}
