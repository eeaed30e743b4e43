import Foundation

/// Colour bitmap glyphs (CBDT, sbix): the strike nearest the size, decoded
/// by the package's own PNG decoder, resampled to the glyph's box in
/// pixels and composited source-over where its bearings put it.
extension GlyphPainter {
    /// Draws `glyph` as a bitmap when its face has one; false when it has none (draw its outline).
    static func drawBitmap(_ glyph: PlacedGlyph, offset: Vector2, on canvas: inout SVGCanvas) -> Bool {
        let k = glyph.pixelsPerUnit
        let ppem = Int((Double(glyph.face.unitsPerEm) * k).rounded())
        guard let (png, e) = glyph.face.colorBitmap(glyph.glyph, pixelsPerEm: ppem) else { return false }
        let width = Int((Double(e.2) * k).rounded())
        let height = Int((Double(-e.3) * k).rounded())
        guard width > 0, height > 0, width <= 4096, height <= 4096,
            let strike = try? Bitmap(decoding: Data(png), options: DecodingOptions(maxPixelCount: 1 << 22))
        else { return true }
        let tile = Resampler.resample(
            strike, destinationWidth: width, destinationHeight: height,
            visible: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height), filter: .lanczos3)
        let left = Int((glyph.x + offset.x + Double(e.0) * k).rounded())
        let top = Int((glyph.y + offset.y - Double(e.1) * k).rounded())
        let canvasWidth = canvas.width
        let canvasHeight = canvas.height
        tile.withUnsafeBufferPointer { source in
            canvas.pixels.withUnsafeMutableBufferPointer { destination in
                for y in 0..<height where top + y >= 0 && top + y < canvasHeight {
                    for x in 0..<width where left + x >= 0 && left + x < canvasWidth {
                        let s = (y * width + x) * 4
                        let pixel = SIMD4(source[s], source[s + 1], source[s + 2], source[s + 3])
                        guard pixel[3] != 0 else { continue }
                        SVGCanvas.over(destination, ((top + y) * canvasWidth + left + x) * 4, pixel)
                    }
                }
            }
        }
        return true
    }
}
