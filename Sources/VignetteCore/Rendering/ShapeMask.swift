/// Draws the border inside the shape's edge and clips the canvas to the
/// shape, from coverage counted on a fixed 16 × 16 subsample grid in integer
/// arithmetic (`CoverageRegion`). Only pixels on an edge are computed:
/// columns fully inside the shape (and, with a border, inside its inner
/// edge) are never touched, so a big canvas costs what its outline does.
enum ShapeMask {
    /// Strokes `border` inside `shape`'s edge, then clips `canvas` to `shape`:
    /// every premultiplied pixel × its coverage, transparent outside. A
    /// rectangle without a border changes nothing.
    static func apply(_ shape: ImageShape, border: Border?, to canvas: inout Bitmap) {
        let (width, height, scale) = (canvas.width, canvas.height, canvas.scale)
        guard width > 0, height > 0 else { return }
        let outer = CoverageRegion(shape, width: width, height: height, scale: scale)
        let stroke = border.flatMap { Stroke($0, outer: outer, scale: scale) }
        if shape == .rectangle && stroke == nil { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: spanCount) { spans in
            var outerRow = RowCoverage(spans: UnsafeMutableBufferPointer(rebasing: spans[0..<32]))
            var innerRow = RowCoverage(spans: UnsafeMutableBufferPointer(rebasing: spans[32..<64]))
            canvas.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<height {
                    let row = pixels.baseAddress! + y * width * 4
                    outerRow.load(outer, row: y, width: width)
                    if let stroke {
                        if let inner = stroke.inner {
                            innerRow.load(inner, row: y, width: width)
                        } else {
                            (innerRow.start, innerRow.fullStart, innerRow.fullEnd, innerRow.end) = (0, 0, 0, 0)
                        }
                        drawRow(row, width: width, outer: outerRow, inner: innerRow, color: stroke.color)
                    } else {
                        clipRow(row, width: width, outer: outerRow)
                    }
                }
            }
        }
    }

    /// Ints in the two rows of spans `apply` keeps (outer and inner edge).
    static let spanCount = 64

    /// Upper bound of the bytes `apply` allocates: the two rows of spans,
    /// nothing for a plain rectangle.
    static func plannedBytes(_ shape: ImageShape, border: Border?, canvasWidth: Int, canvasHeight: Int) -> Int {
        shape == .rectangle && border == nil ? 0 : spanCount * MemoryLayout<Int>.stride
    }

    /// A border resolved to pixels: its premultiplied colour and the inner
    /// edge (nil when the border fills the whole shape).
    struct Stroke {
        let color: PremultipliedPixel
        let inner: CoverageRegion?

        /// Nil when the border draws nothing (zero width or alpha).
        init?(_ border: Border, outer: CoverageRegion, scale: Double) {
            let inset = CoverageRegion.units(border.width * scale)
            guard inset > 0, border.color.alpha > 0 else { return nil }
            color = border.color.premultiplied
            inner = outer.inset(by: inset)
        }
    }

    /// No border: outside → transparent, partly covered → × coverage.
    private static func clipRow(_ row: UnsafeMutablePointer<UInt8>, width: Int, outer: RowCoverage) {
        clear(row, from: 0, to: outer.start)
        clear(row, from: outer.end, to: width)
        for x in outer.start..<outer.fullStart { scale(row + 4 * x, by: outer.coverage(column: x)) }
        for x in outer.fullEnd..<outer.end { scale(row + 4 * x, by: outer.coverage(column: x)) }
    }

    /// With a border: outside → transparent; where the outer or inner edge
    /// crosses, or between them, the border and the clip in one step.
    private static func drawRow(
        _ row: UnsafeMutablePointer<UInt8>, width: Int, outer: RowCoverage, inner: RowCoverage, color: PremultipliedPixel
    ) {
        clear(row, from: 0, to: outer.start)
        clear(row, from: outer.end, to: width)
        func blendColumns(_ range: Range<Int>, outerFull: Bool) {
            for x in range {
                let covered = outerFull ? CoverageRegion.full : outer.coverage(column: x)
                let innerCovered = x >= inner.start && x < inner.end ? inner.coverage(column: x) : 0
                blend(row + 4 * x, color: color, outer: covered, inner: innerCovered)
            }
        }
        blendColumns(outer.start..<outer.fullStart, outerFull: false)
        blendColumns(outer.fullEnd..<outer.end, outerFull: false)
        // Fully inside the outer edge: everything but the inner edge's full span.
        let innerFull = inner.fullStart < inner.fullEnd ? inner.fullStart..<inner.fullEnd : outer.fullEnd..<outer.fullEnd
        blendColumns(outer.fullStart..<max(outer.fullStart, min(outer.fullEnd, innerFull.lowerBound)), outerFull: true)
        blendColumns(max(outer.fullStart, min(outer.fullEnd, innerFull.upperBound))..<outer.fullEnd, outerFull: true)
    }

    private static func clear(_ row: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) {
        guard end > start else { return }
        (row + 4 * start).update(repeating: 0, count: 4 * (end - start))
    }

    /// Pixel × coverage/256, rounded; 256 leaves it unchanged.
    @inline(__always)
    private static func scale(_ pixel: UnsafeMutablePointer<UInt8>, by coverage: Int) {
        guard coverage < CoverageRegion.full else { return }
        for c in 0..<4 { pixel[c] = UInt8((Int(pixel[c]) * coverage + 128) >> 8) }
    }

    /// The border over the pixel, both clipped to the shape: with `outer` and
    /// `inner` the subsamples inside the shape and inside the border's inner
    /// edge, the border covers `outer − inner` of them, the pixel beneath shows
    /// through the rest of the shape and through the border's transparency:
    /// `((outer − inner)·255·B + (outer·255 − (outer − inner)·αB)·D) / (256·255)`,
    /// rounded. Equals plain source-over where `outer` is 256 and `inner` 0,
    /// and `scale(by: outer)` where there is no border.
    @inline(__always)
    private static func blend(_ pixel: UnsafeMutablePointer<UInt8>, color: PremultipliedPixel, outer: Int, inner: Int) {
        let border = outer - inner
        let below = outer * 255 - border * Int(color.alpha)
        let source = (Int(color.red), Int(color.green), Int(color.blue), Int(color.alpha))
        pixel[0] = UInt8((border * 255 * source.0 + below * Int(pixel[0]) + 32640) / 65280)
        pixel[1] = UInt8((border * 255 * source.1 + below * Int(pixel[1]) + 32640) / 65280)
        pixel[2] = UInt8((border * 255 * source.2 + below * Int(pixel[2]) + 32640) / 65280)
        pixel[3] = UInt8((border * 255 * source.3 + below * Int(pixel[3]) + 32640) / 65280)
    }
}
