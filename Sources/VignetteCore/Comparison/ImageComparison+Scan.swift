import Foundation

extension ImageComparison {
    /// What a scan has counted so far.
    struct Tally {
        var differing = 0, failing = 0, ignored = 0, antiAliased = 0, skipped = 0
        var worstDeltaE: Float = 0
        var worst: Result.Location?
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

        @inline(__always)
        mutating func include(_ x: Int, _ y: Int) {
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }

        /// A four-pixel block of equal or opaque one-step pixels (`changed`: a bit per changed pixel).
        @inline(__always)
        mutating func countUnitSteps(_ changed: UInt8, x: Int, y: Int, ignore: IgnoreMap?) {
            var bits = changed
            if let ignore {
                for k in 0..<4 where bits & (1 << k) != 0 && ignore.contains(x + k, y) {
                    bits &= ~(1 << k)
                    ignored += 1
                }
            }
            guard bits != 0 else { return }
            differing += bits.nonzeroBitCount
            skipped += bits.nonzeroBitCount
            minX = min(minX, x + bits.trailingZeroBitCount)
            maxX = max(maxX, x + 3 - (bits.leadingZeroBitCount - (UInt8.bitWidth - 4)))
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
    }

    /// Compares pixel by pixel; the bitmaps have the same size and differ somewhere.
    func scan(_ reference: Grid, _ actual: Grid, premultiplied: Bool, ignore: IgnoreMap?) -> Result {
        let width = reference.width
        let height = reference.height
        let threshold = Float(deltaEThreshold)
        // Opaque one-step differences cannot exceed `unitStepBound`: when the
        // tolerance is at least that, they pass without the colour maths.
        let skipUnitSteps = perceptualPrecision < 1 && threshold >= ImageComparison.unitStepBound
        var tally = Tally()
        reference.pixels.withUnsafeBytes { rBytes in
            actual.pixels.withUnsafeBytes { aBytes in
                let r = rBytes.baseAddress!
                let a = aBytes.baseAddress!
                for y in 0..<height {
                    let row = y * width
                    // Most rows of a snapshot are untouched: memcmp skips them at memory speed.
                    if memcmp(r + row * 4, a + row * 4, width * 4) == 0 { continue }
                    var x = 0
                    while x < width {
                        // Four pixels at a time: a block whose pixels are all equal or
                        // opaque one-step changes needs no colour maths at all.
                        if skipUnitSteps && x + 4 <= width,
                            let changed = ImageComparison.unitStepBlock(r + (row + x) * 4, a + (row + x) * 4)
                        {
                            if changed != 0 { tally.countUnitSteps(changed, x: x, y: y, ignore: ignore) }
                            x += 4
                            continue
                        }
                        let p = r.loadUnaligned(fromByteOffset: (row + x) * 4, as: UInt32.self)
                        let q = a.loadUnaligned(fromByteOffset: (row + x) * 4, as: UInt32.self)
                        if p != q {
                            visit(
                                p, q, x: x, y: y, reference: r, actual: a, width: width, height: height,
                                skipUnitSteps: skipUnitSteps, premultiplied: premultiplied, ignore: ignore, tally: &tally)
                        }
                        x += 1
                    }
                }
            }
        }
        let bounds = tally.maxX < 0 ? nil : PixelRect(minX: tally.minX, minY: tally.minY, maxX: tally.maxX + 1, maxY: tally.maxY + 1)
        // Skipped pixels are only known to be within the bound.
        let bounded = tally.skipped > 0 && tally.worstDeltaE < ImageComparison.unitStepBound
        return Result(
            comparison: self, referenceSize: PixelSize(width: width, height: height),
            actualSize: PixelSize(width: width, height: height),
            differing: tally.differing, failing: tally.failing,
            worstDeltaE: Double(bounded ? ImageComparison.unitStepBound : tally.worstDeltaE),
            worstIsBound: bounded, worst: bounded ? nil : tally.worst, bounds: bounds,
            ignored: tally.ignored, antiAliased: tally.antiAliased)
    }

    /// One differing pixel: ignored, a skipped unit step, within tolerance,
    /// anti-aliasing (forgiven or not) or failing.
    @inline(__always)
    private func visit(
        _ p: UInt32, _ q: UInt32, x: Int, y: Int, reference: UnsafeRawPointer, actual: UnsafeRawPointer,
        width: Int, height: Int, skipUnitSteps: Bool, premultiplied: Bool, ignore: IgnoreMap?,
        tally: inout Tally
    ) {
        if let ignore, ignore.contains(x, y) {
            tally.ignored += 1
            return
        }
        tally.differing += 1
        tally.include(x, y)
        if skipUnitSteps && ImageComparison.isOpaqueUnitStep(p, q) {
            tally.skipped += 1
            return
        }
        let d = ImageComparison.difference(p, q, premultiplied: premultiplied)
        if d > Float(deltaEThreshold) || perceptualPrecision >= 1 {
            if antiAliasing != .strict,
                ImageComparison.isAntiAliased(reference, actual, x: x, y: y, width: width, height: height)
            {
                tally.antiAliased += 1
                // A forgiven pixel is not a failure, nor the worst one.
                if antiAliasing == .forgiven { return }
            }
            tally.failing += 1
        }
        if d > tally.worstDeltaE {
            tally.worstDeltaE = d
            tally.worst = Result.Location(x: x, y: y)
        }
    }
}
