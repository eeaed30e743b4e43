import CKernels

/// Chooses where a crop keeps an image when `Focus.smart` is asked for.
///
/// The measure follows the cues of libvips' `attention` smart crop (edges,
/// saturated colour, skin tones), plus distinctness from the picture's
/// typical colour, on a copy box-reduced to at most `reducedLongSide` pixels
/// on its long side and smoothed, so a 6000×4000 photo costs one pass over
/// its pixels and fine noise averages away. Each cue counts only by its
/// excess over its median over the picture — a texture or colour that
/// covers most of it (noise, sky, a skin close-up) decides nothing — and
/// that excess is squared, so a strong, compact subject outweighs a faint
/// response spread over a wide area. A summed-area table then scores every
/// window position (the window plus its central half, so a subject is drawn
/// towards the middle); the highest score wins and ties go to the position
/// nearest the centre. Integer arithmetic throughout: the same image gives
/// the same point everywhere.
enum SmartCrop {
    /// The long side, in pixels, of the reduced copy the measure runs on.
    static let reducedLongSide = 256

    /// The focal point (fractions of the image, origin top-left) whose window
    /// of `windowWidth × windowHeight` — fractions of the image's width and
    /// height, each in 0...1 — keeps the most salient part of `image`.
    static func focalPoint(of image: Bitmap, windowWidth: Double, windowHeight: Double) -> (x: Double, y: Double) {
        var ledger = ScratchLedger()
        return focalPoint(of: image, windowWidth: windowWidth, windowHeight: windowHeight, ledger: &ledger)
    }

    /// Upper bound of the bytes `focalPoint` allocates for `image`.
    static func plannedBytes(for image: Bitmap) -> Int {
        guard image.width > 0, image.height > 0 else { return 0 }
        let grid = Grid(sourceWidth: image.width, sourceHeight: image.height)
        return grid.reductionBytes + Saliency.scratchBytes(width: grid.width, height: grid.height)
            + (grid.width + 1) * (grid.height + 1) * MemoryLayout<Int>.stride
    }

    /// `focalPoint`, recording every buffer it allocates in `ledger`.
    static func focalPoint(
        of image: Bitmap, windowWidth: Double, windowHeight: Double, ledger: inout ScratchLedger
    ) -> (x: Double, y: Double) {
        guard image.width > 0, image.height > 0, windowWidth.isFinite, windowHeight.isFinite,
            windowWidth > 0, windowHeight > 0
        else { return (0.5, 0.5) }
        let fractionX = min(windowWidth, 1)
        let fractionY = min(windowHeight, 1)
        guard fractionX < 1 || fractionY < 1 else { return (0.5, 0.5) }
        let grid = Grid(sourceWidth: image.width, sourceHeight: image.height)
        let reduced = grid.reduce(image, ledger: &ledger)
        let table = Saliency.summedAreaTable(rgba: reduced, width: grid.width, height: grid.height, ledger: &ledger)
        let window = WindowSearch(
            table: table, width: grid.width, height: grid.height,
            windowWidth: grid.reducedLength(fractionX, of: image.width, within: grid.width),
            windowHeight: grid.reducedLength(fractionY, of: image.height, within: grid.height))
        let best = window.best()
        return (
            grid.focal(start: best.x, length: window.windowWidth, reduced: grid.width, source: image.width, fraction: fractionX),
            grid.focal(start: best.y, length: window.windowHeight, reduced: grid.height, source: image.height, fraction: fractionY)
        )
    }
}

extension SmartCrop {
    /// Counts the bytes of the scratch buffers one measurement allocates, so a
    /// test can hold `plannedBytes` to what really happens.
    struct ScratchLedger {
        /// Bytes allocated so far.
        private(set) var bytes = 0

        /// A zeroed buffer of `count` bytes, counted. (One function per element
        /// type: a generic one would fill element by element, unspecialised.)
        mutating func zeros(_ count: Int, of type: UInt8.Type) -> [UInt8] {
            bytes += count
            return [UInt8](repeating: 0, count: count)
        }

        /// A zeroed buffer of `count` 16-bit values, counted.
        mutating func zeros(_ count: Int, of type: UInt16.Type) -> [UInt16] {
            bytes += count * 2
            return [UInt16](repeating: 0, count: count)
        }

        /// A zeroed buffer of `count` 32-bit values, counted.
        mutating func zeros(_ count: Int, of type: UInt32.Type) -> [UInt32] {
            bytes += count * 4
            return [UInt32](repeating: 0, count: count)
        }

        /// A zeroed buffer of `count` Ints, counted.
        mutating func zeros(_ count: Int, of type: Int.Type) -> [Int] {
            bytes += count * MemoryLayout<Int>.stride
            return [Int](repeating: 0, count: count)
        }

        /// Counts a buffer allocated elsewhere.
        mutating func record(_ byteCount: Int) { bytes += byteCount }
    }

    /// The reduced copy's geometry: square blocks of `block × block` source
    /// pixels (smaller at the right and bottom edges) averaged to one.
    struct Grid {
        /// Source pixels per reduced pixel, on each axis.
        let block: Int
        /// Reduced width in pixels.
        let width: Int
        /// Reduced height in pixels.
        let height: Int
        /// Source width in pixels.
        let sourceWidth: Int

        init(sourceWidth: Int, sourceHeight: Int) {
            self.sourceWidth = sourceWidth
            let long = max(sourceWidth, sourceHeight)
            block = max(1, (long + SmartCrop.reducedLongSide - 1) / SmartCrop.reducedLongSide)
            width = (sourceWidth + block - 1) / block
            height = (sourceHeight + block - 1) / block
        }

        /// Bytes of the reduced RGBA copy and the column sums that make it
        /// (none when the image is small enough as it is).
        var reductionBytes: Int { block == 1 ? 0 : width * height * 4 + sourceWidth * 4 * MemoryLayout<UInt32>.stride }

        /// The image's premultiplied RGBA bytes averaged over the blocks.
        func reduce(_ image: Bitmap, ledger: inout ScratchLedger) -> [UInt8] {
            guard block > 1 else { return image.pixels }
            var columnSums = ledger.zeros(image.width * 4, of: UInt32.self)
            let count = width * height * 4
            ledger.record(count)
            return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                image.pixels.withUnsafeBufferPointer { source in
                    columnSums.withUnsafeMutableBufferPointer { sums in
                        vg_box_reduce_rows(
                            source.baseAddress!, image.width * 4, Int32(image.width), Int32(image.height),
                            Int32(block), sums.baseAddress!, out.baseAddress!, width * 4)
                    }
                }
                initialized = count
            }
        }

        /// A window of `fraction` of `source` pixels, in reduced pixels (1 ... `reduced`).
        func reducedLength(_ fraction: Double, of source: Int, within reduced: Int) -> Int {
            let length = (fraction * Double(source) / Double(block)).rounded()
            return Int(min(Double(reduced), max(1, length)))
        }

        /// The centre of the window from reduced pixel `start`, `length` long,
        /// as a fraction of the source; within half a reduced pixel of the
        /// middle it is the middle exactly, so a uniform image gives 0.5.
        func focal(start: Int, length: Int, reduced: Int, source: Int, fraction: Double) -> Double {
            if abs(2 * start + length - reduced) <= 1 { return 0.5 }
            let centre = (Double(start) + Double(length) / 2) * Double(block) / Double(source)
            return min(1 - fraction / 2, max(fraction / 2, centre))
        }
    }
}
