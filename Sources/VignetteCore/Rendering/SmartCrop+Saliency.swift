extension SmartCrop {
    /// The per-pixel measure on the reduced copy, as a summed-area table.
    ///
    /// Four cues, each 0...255: edges (Sobel magnitude of the luma after a
    /// 3×3 binomial smoothing, so pixel-sized noise barely registers),
    /// distinctness (how far the smoothed colour lies from the picture's
    /// median colour, in Y'CbCr), chroma (max − min of the colour) and skin
    /// (a Cb/Cr box around skin tones, not too dark). Each counts above its
    /// median over the picture only; colour cues are weighted by alpha.
    enum Saliency {
        /// Weights of edges, distinctness, chroma and skin in the sum.
        static let weights = (edge: 2, distinct: 2, chroma: 1, skin: 2)
        /// Medians taken: smoothed Y', Cb, Cr, and the four cues.
        static let histogramCount = 7

        /// Bytes of the planes, histograms and table for `count` reduced pixels.
        static func scratchBytes(count: Int) -> Int {
            // 7 colour planes, 4 smoothed, a 16-bit smoothing row store, edges and distinctness.
            count * (7 + 4 + 2 + 2) + histogramCount * 256 * MemoryLayout<Int>.stride
        }

        /// The table `T` of `(width + 1) × (height + 1)` entries where
        /// `T[y][x]` is the saliency summed over reduced pixels above and left of (x, y).
        static func summedAreaTable(rgba: [UInt8], width: Int, height: Int, ledger: inout SmartCrop.ScratchLedger) -> [Int] {
            let count = width * height
            let planes = ColourPlanes(rgba: rgba, count: count, ledger: &ledger)
            var rows = ledger.zeros(count, of: UInt16.self)
            let luma = smoothed(planes.luma, width: width, height: height, rows: &rows, ledger: &ledger)
            let y = smoothed(planes.y, width: width, height: height, rows: &rows, ledger: &ledger)
            let cb = smoothed(planes.cb, width: width, height: height, rows: &rows, ledger: &ledger)
            let cr = smoothed(planes.cr, width: width, height: height, rows: &rows, ledger: &ledger)
            let edges = sobel(luma, width: width, height: height, ledger: &ledger)
            let distinct = distinctness(y: y, cb: cb, cr: cr, alpha: planes.alpha, ledger: &ledger)
            let cues = [edges, distinct, planes.chroma, planes.skin]
            let floors = cues.map { median($0, ledger: &ledger) }
            let w = [weights.edge, weights.distinct, weights.chroma, weights.skin]
            var table = ledger.zeros((width + 1) * (height + 1), of: Int.self)
            for row in 0..<height {
                var running = 0
                for column in 0..<width {
                    let i = row * width + column
                    var s = 0
                    for cue in 0..<4 { s += w[cue] * max(0, Int(cues[cue][i]) - floors[cue]) }
                    running += s
                    table[(row + 1) * (width + 1) + column + 1] = table[row * (width + 1) + column + 1] + running
                }
            }
            return table
        }

        /// The plane blurred by [1 2 1] ⊗ [1 2 1] / 16, rounded, edges extended.
        static func smoothed(
            _ plane: [UInt8], width: Int, height: Int, rows: inout [UInt16], ledger: inout SmartCrop.ScratchLedger
        ) -> [UInt8] {
            var out = ledger.zeros(plane.count, of: UInt8.self)
            plane.withUnsafeBufferPointer { p in
                rows.withUnsafeMutableBufferPointer { r in
                    for y in 0..<height {
                        let base = y * width
                        for x in 0..<width {
                            let left = Int(p[base + max(0, x - 1)])
                            let right = Int(p[base + min(width - 1, x + 1)])
                            r[base + x] = UInt16(left + 2 * Int(p[base + x]) + right)
                        }
                    }
                }
            }
            rows.withUnsafeBufferPointer { r in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<height {
                        let up = max(0, y - 1) * width
                        let down = min(height - 1, y + 1) * width
                        for x in 0..<width {
                            let sum = Int(r[up + x]) + 2 * Int(r[y * width + x]) + Int(r[down + x])
                            o[y * width + x] = UInt8((sum + 8) >> 4)
                        }
                    }
                }
            }
            return out
        }

        /// |Gx| + |Gy| of the 3×3 Sobel operator, quartered and clamped to 255; edges extended.
        static func sobel(_ plane: [UInt8], width: Int, height: Int, ledger: inout SmartCrop.ScratchLedger) -> [UInt8] {
            var out = ledger.zeros(plane.count, of: UInt8.self)
            plane.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<height {
                        let up = max(0, y - 1) * width
                        let mid = y * width
                        let down = min(height - 1, y + 1) * width
                        for x in 0..<width {
                            let l = max(0, x - 1)
                            let r = min(width - 1, x + 1)
                            let right: Int = Int(p[up + r]) + 2 * Int(p[mid + r]) + Int(p[down + r])
                            let left: Int = Int(p[up + l]) + 2 * Int(p[mid + l]) + Int(p[down + l])
                            let below: Int = Int(p[down + l]) + 2 * Int(p[down + x]) + Int(p[down + r])
                            let above: Int = Int(p[up + l]) + 2 * Int(p[up + x]) + Int(p[up + r])
                            let (gx, gy) = (right - left, below - above)
                            o[mid + x] = UInt8(min(255, (abs(gx) + abs(gy)) / 4))
                        }
                    }
                }
            }
            return out
        }

        /// |Y' − median| + |Cb − median| + |Cr − median|, scaled by alpha, clamped to 255.
        static func distinctness(
            y: [UInt8], cb: [UInt8], cr: [UInt8], alpha: [UInt8], ledger: inout SmartCrop.ScratchLedger
        ) -> [UInt8] {
            let (my, mcb, mcr) = (median(y, ledger: &ledger), median(cb, ledger: &ledger), median(cr, ledger: &ledger))
            var out = ledger.zeros(y.count, of: UInt8.self)
            for i in 0..<y.count {
                let distance: Int = abs(Int(y[i]) - my) + abs(Int(cb[i]) - mcb) + abs(Int(cr[i]) - mcr)
                out[i] = UInt8((min(255, distance) * Int(alpha[i]) + 127) / 255)
            }
            return out
        }

        /// The lower median of 8-bit values (0 for none), from a histogram.
        static func median(_ values: [UInt8], ledger: inout SmartCrop.ScratchLedger) -> Int {
            var histogram = ledger.zeros(256, of: Int.self)
            for v in values { histogram[Int(v)] += 1 }
            let half = (values.count + 1) / 2
            var seen = 0
            for v in 0..<256 {
                seen += histogram[v]
                if seen >= half { return v }
            }
            return 0
        }
    }
}
