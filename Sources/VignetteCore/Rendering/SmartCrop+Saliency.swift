extension SmartCrop {
    /// The per-pixel measure on the reduced copy, as a summed-area table.
    ///
    /// Four cues, each 0...255, all on planes smoothed by a 5×5 binomial
    /// (σ = 1 reduced pixel) so pixel-sized noise barely registers: edges
    /// (Sobel magnitude of the luma), distinctness (how far the colour lies
    /// from the picture's median colour, in Y'CbCr), chroma
    /// (|Cb − 128| + |Cr − 128|) and skin (the share of a neighbourhood
    /// inside a Cb/Cr box around skin tones, not too dark). Each counts by
    /// its excess over its median over the picture, squared; colour cues are
    /// weighted by alpha.
    enum Saliency {
        /// Weights of edges, distinctness, chroma and skin in the sum.
        static let weights = [2, 2, 1, 2]
        /// Medians taken: smoothed Y', Cb, Cr, and the four cues.
        static let histogramCount = 7
        /// Cb and Cr of skin tones, light to dark (the classic YCbCr box), and the darkest luma counted.
        static let skinCb = 77...122
        static let skinCr = 138...173
        static let skinMinimumLuma = 40

        /// Bytes of the planes, histograms and row of sums for a `width × height` reduced copy (the table aside).
        static func scratchBytes(width: Int, height: Int) -> Int {
            // 5 colour planes, 4 smoothed twice, a 16-bit smoothing store, 4 cues, skin smoothed twice.
            width * height * (5 + 8 + 2 + 4 + 2) + (histogramCount * 256 + width) * MemoryLayout<Int>.stride
        }

        /// The table `T` of `(width + 1) × (height + 1)` entries where
        /// `T[y][x]` is the saliency summed over reduced pixels above and left
        /// of (x, y): each cue's excess over its median, squared (so a strong
        /// local response outweighs a faint one spread wide), weighted.
        static func summedAreaTable(rgba: [UInt8], width: Int, height: Int, ledger: inout SmartCrop.ScratchLedger) -> [Int] {
            let cues = self.cues(rgba: rgba, width: width, height: height, ledger: &ledger)
            let floors = cues.map { median($0, ledger: &ledger) }
            var table = ledger.zeros((width + 1) * (height + 1), of: Int.self)
            var saliency = ledger.zeros(width, of: Int.self)
            for row in 0..<height {
                for cue in 0..<4 {
                    let (floor, weight) = (floors[cue], weights[cue])
                    cues[cue].withUnsafeBufferPointer { plane in
                        for column in 0..<width {
                            let excess = max(0, Int(plane[row * width + column]) - floor)
                            saliency[column] = (cue == 0 ? 0 : saliency[column]) + weight * excess * excess
                        }
                    }
                }
                var running = 0
                for column in 0..<width {
                    running += saliency[column]
                    table[(row + 1) * (width + 1) + column + 1] = table[row * (width + 1) + column + 1] + running
                }
            }
            return table
        }

        /// Edges, distinctness, chroma and skin, one 8-bit plane each.
        static func cues(rgba: [UInt8], width: Int, height: Int, ledger: inout SmartCrop.ScratchLedger) -> [[UInt8]] {
            let planes = ColourPlanes(rgba: rgba, count: width * height, ledger: &ledger)
            var rows = ledger.zeros(width * height, of: UInt16.self)
            let luma = twiceSmoothed(planes.luma, width: width, height: height, rows: &rows, ledger: &ledger)
            let y = twiceSmoothed(planes.y, width: width, height: height, rows: &rows, ledger: &ledger)
            let cb = twiceSmoothed(planes.cb, width: width, height: height, rows: &rows, ledger: &ledger)
            let cr = twiceSmoothed(planes.cr, width: width, height: height, rows: &rows, ledger: &ledger)
            let edges = sobel(luma, width: width, height: height, ledger: &ledger)
            let (my, mcb, mcr) = (median(y, ledger: &ledger), median(cb, ledger: &ledger), median(cr, ledger: &ledger))
            var distinct = ledger.zeros(y.count, of: UInt8.self)
            var chroma = ledger.zeros(y.count, of: UInt8.self)
            var skin = ledger.zeros(y.count, of: UInt8.self)
            distinct.withUnsafeMutableBufferPointer { distinct in
                chroma.withUnsafeMutableBufferPointer { chroma in
                    skin.withUnsafeMutableBufferPointer { skin in
                        for i in 0..<y.count {
                            let (l, u, v, a) = (Int(y[i]), Int(cb[i]), Int(cr[i]), planes.alpha[i])
                            let distance: Int = abs(l - my) + abs(u - mcb) + abs(v - mcr)
                            distinct[i] = PixelMath.multiply(UInt8(min(255, distance)), a)
                            chroma[i] = PixelMath.multiply(UInt8(min(255, 2 * (abs(u - 128) + abs(v - 128)))), a)
                            let isSkin = skinCb.contains(u) && skinCr.contains(v) && l >= skinMinimumLuma
                            skin[i] = isSkin ? a : 0
                        }
                    }
                }
            }
            // Skin counts where most of a neighbourhood is skin: noise hits the box only here and there.
            let skinArea = twiceSmoothed(skin, width: width, height: height, rows: &rows, ledger: &ledger)
            return [edges, distinct, chroma, skinArea]
        }

        /// The plane blurred by the binomial twice (5×5, σ = 1 pixel).
        static func twiceSmoothed(
            _ plane: [UInt8], width: Int, height: Int, rows: inout [UInt16], ledger: inout SmartCrop.ScratchLedger
        ) -> [UInt8] {
            let once = smoothed(plane, width: width, height: height, rows: &rows, ledger: &ledger)
            return smoothed(once, width: width, height: height, rows: &rows, ledger: &ledger)
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
