extension ImageInfo {
    /// The largest side the dominant colour is computed at.
    package static let dominantColorSide = 64

    /// The image's dominant colour, defined so that every machine gives the
    /// same answer: the bitmap is fitted within 64×64 by the library's own
    /// `aspectFit` render (as ThumbHash fits within 100×100); each pixel
    /// with alpha above 0 is unpremultiplied and counted in one of 4096
    /// bins, the top 4 bits of red, green and blue; the fullest bin wins
    /// (on a tie, the lowest bin number, `r << 8 | g << 4 | b`), and the
    /// colour is the mean of that bin's straight colours, each rounded half
    /// up. Nil when every pixel is fully transparent.
    ///
    /// ```swift
    /// let colour = ImageInfo.dominantColor(of: photo)  // e.g. #3C5A1E, as a Color
    /// ```
    package static func dominantColor(of bitmap: Bitmap) -> Color? {
        guard bitmap.width > 0, bitmap.height > 0 else { return nil }
        let pixels = bitmap.fitted(within: dominantColorSide).straightRGBA()
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [Int](repeating: 0, count: 4096 * 3)
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] > 0 {
            let (r, g, b) = (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            let bin = (r >> 4) << 8 | (g >> 4) << 4 | b >> 4
            counts[bin] += 1
            sums[bin * 3] += r
            sums[bin * 3 + 1] += g
            sums[bin * 3 + 2] += b
        }
        var best = 0
        for bin in 1..<4096 where counts[bin] > counts[best] { best = bin }
        let n = counts[best]
        guard n > 0 else { return nil }
        func mean(_ c: Int) -> UInt8 { UInt8((sums[best * 3 + c] * 2 + n) / (2 * n)) }
        return Color(red: mean(0), green: mean(1), blue: mean(2))
    }
}
