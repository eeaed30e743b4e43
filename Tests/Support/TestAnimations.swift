import VignetteCore

/// Small deterministic animations for the encoder and snapshot tests.
public enum TestAnimations {
    /// A `width` × `height` animation of `count` frames: a fixed gradient
    /// background with a 6-pixel magenta square moving 3 pixels right per
    /// frame; frame k shows 40 + 10·k ms. With `transparentLeft` the left
    /// third of the background is fully transparent and the square crosses
    /// it, so frames must clear pixels as well as draw them.
    public static func movingSquare(
        width: Int = 24, height: Int = 16, frames count: Int = 4, loopCount: Int = 0, transparentLeft: Bool = false
    ) -> AnimatedImage {
        let frames = (0..<count).map { k in
            var pixels = TestImages.gradient(width, height).pixels
            if transparentLeft { set(&pixels, width: width, PixelRect(minX: 0, minY: 0, maxX: width / 3, maxY: height), [0, 0, 0, 0]) }
            set(&pixels, width: width, PixelRect(minX: 3 * k, minY: 4, maxX: 3 * k + 6, maxY: 10), [255, 0, 255, 255])
            let bitmap = try! Bitmap(width: width, height: height, premultipliedRGBA: pixels)
            return AnimatedImage.Frame(bitmap: bitmap, durationMilliseconds: 40 + 10 * k)
        }
        return try! AnimatedImage(frames: frames, loopCount: loopCount)
    }

    /// An opaque gradient with a 6-pixel transparent hole moving 3 pixels
    /// right per frame (100 ms each, 3 plays): every frame uncovers what the
    /// one before made transparent.
    public static func movingHole(width: Int = 24, height: Int = 16, frames count: Int = 4) -> AnimatedImage {
        let frames = (0..<count).map { k in
            var pixels = TestImages.gradient(width, height).pixels
            set(&pixels, width: width, PixelRect(minX: 3 * k, minY: 4, maxX: 3 * k + 6, maxY: 10), [0, 0, 0, 0])
            let bitmap = try! Bitmap(width: width, height: height, premultipliedRGBA: pixels)
            return AnimatedImage.Frame(bitmap: bitmap, durationMilliseconds: 100)
        }
        return try! AnimatedImage(frames: frames, loopCount: 3)
    }

    /// Replaces the pixels of `rect` (clipped) with one premultiplied RGBA value.
    private static func set(_ pixels: inout [UInt8], width: Int, _ rect: PixelRect, _ rgba: [UInt8]) {
        let height = pixels.count / 4 / width
        for y in max(0, rect.minY)..<min(height, rect.maxY) {
            for x in max(0, rect.minX)..<min(width, rect.maxX) {
                for c in 0..<4 { pixels[(y * width + x) * 4 + c] = rgba[c] }
            }
        }
    }
}
