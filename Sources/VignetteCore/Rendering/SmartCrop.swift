/// Chooses where a crop keeps an image when `Focus.smart` is asked for.
enum SmartCrop {
    /// The focal point (fractions of the image, origin top-left) whose window
    /// of `windowWidth × windowHeight` — fractions of the image's width and
    /// height, each in 0...1 — keeps the most salient part of `image`.
    static func focalPoint(of image: Bitmap, windowWidth: Double, windowHeight: Double) -> (x: Double, y: Double) {
        // Implemented in a later step; until then, the centre.
        (0.5, 0.5)
    }

    /// Upper bound of the bytes `focalPoint` allocates for `image`.
    static func plannedBytes(for image: Bitmap) -> Int { 0 }
}
