/// One row's coverage: the crossings of its sample lines, walked by the
/// fill rule into spans, summed per pixel.
extension CoverageRaster {
    /// The coverage of row `y` for columns `0..<width` (zero where nothing
    /// was drawn), with `rule` applied, into `out`; nil when the row is empty.
    /// Rows are cheapest swept top to bottom; an earlier row starts over.
    mutating func sweep(row y: Int, rule: FillRule, into out: inout [UInt8]) -> Range<Int>? {
        guard y >= rows.low, y <= rows.high, columns.low <= columns.high else { return nil }
        advance(to: y)
        guard !active.isEmpty else { return nil }
        let span = gatherCrossings(row: y)
        var low = Int.max
        var high = Int.min
        let (counts, antialiased) = (counts, antialiased)
        crossings.withUnsafeMutableBufferPointer { keys in
            cells.withUnsafeMutableBufferPointer { cells in
                // Without anti-aliasing one line, the one nearest the pixel centres, decides each pixel.
                for k in antialiased ? 0..<Self.samples : Self.samples / 2..<Self.samples / 2 + 1 where counts[k] > 1 {
                    let line = keys.baseAddress! + k * span
                    Self.sortSmall(line, counts[k])
                    Self.walk(line, counts[k], rule: rule, aliased: !antialiased, into: cells, low: &low, high: &high)
                }
            }
        }
        guard low < high else { return nil }
        let end = min(width, high)
        var last = low
        cells.withUnsafeMutableBufferPointer { cells in
            out.withUnsafeMutableBufferPointer { out in
                var sum: Int32 = 0
                for x in low..<end {
                    sum &+= cells[x]
                    cells[x] = 0
                    // sum is never negative (coverage), so the shift divides by full (4096) with rounding.
                    let alpha = UInt8(truncatingIfNeeded: (Int(sum) &* 255 &+ Self.full / 2) >> 12)
                    out[x] = alpha
                    if alpha != 0 { last = x + 1 }
                }
                for x in end...min(width + 1, high) { cells[x] = 0 }
            }
        }
        return low..<last
    }

    /// Sorts the edges once, then moves the active list to row `y`: edges
    /// that end above it leave, edges that start in it enter.
    private mutating func advance(to y: Int) {
        if !sorted {
            edges.sort { $0.firstLine < $1.firstLine }
            sorted = true
            next = 0
            lastRow = Int.min
            active.removeAll(keepingCapacity: true)
        }
        if y < lastRow {
            next = 0
            active.removeAll(keepingCapacity: true)
        }
        lastRow = y
        let top = y * Self.samples
        active.removeAll { $0.lastLine < top }
        let bottom = top + Self.samples
        while next < edges.count, edges[next].firstLine < bottom {
            if edges[next].lastLine >= top { active.append(edges[next]) }
            next += 1
        }
    }

    /// Each active edge's crossing of each sample line of row `y`, as
    /// `x × 2 + (1 if it winds up)`, into `samples` runs of `active.count`
    /// slots; the runs' lengths in `counts`. Returns the run length.
    private mutating func gatherCrossings(row y: Int) -> Int {
        let span = active.count
        if crossings.count < span * Self.samples { crossings = [Int](repeating: 0, count: span * Self.samples) }
        let top = y * Self.samples
        active.withUnsafeBufferPointer { active in
            crossings.withUnsafeMutableBufferPointer { crossings in
                counts.withUnsafeMutableBufferPointer { counts in
                    for k in 0..<Self.samples { counts[k] = 0 }
                    for edge in active {
                        let first = max(edge.firstLine, top)
                        let last = min(edge.lastLine, top + Self.samples - 1)
                        guard first <= last else { continue }
                        let dx = edge.x1 - edge.x0
                        let dy = edge.y1 - edge.y0
                        let bit = edge.winding > 0 ? 1 : 0
                        // x = x0 + ⌊dx × (line − y0) / dy⌋, stepped line to line as a quotient and remainder.
                        var (q, r) = Self.floorDivision(dx * (first * Self.step + Self.step / 2 - edge.y0), dy)
                        let (stepQ, stepR) = Self.floorDivision(dx * Self.step, dy)
                        for k in (first - top)...(last - top) {
                            crossings[k * span + counts[k]] = (edge.x0 + q) << 1 | bit
                            counts[k] += 1
                            q += stepQ
                            r += stepR
                            if r >= dy {
                                q += 1
                                r -= dy
                            }
                        }
                    }
                }
            }
        }
        return span
    }

    /// Walks one sample line's `count` sorted crossings, adding each span
    /// where `rule` says the winding number is inside.
    private static func walk(
        _ line: UnsafeMutablePointer<Int>, _ count: Int, rule: FillRule, aliased: Bool, into cells: UnsafeMutableBufferPointer<Int32>,
        low: inout Int, high: inout Int
    ) {
        // Inside is `winding & mask != 0`: any bit for non-zero, the lowest for even-odd.
        let mask = rule == .nonZero ? ~0 : 1
        var winding = 0
        var start = 0
        for i in 0..<count {
            let key = line[i]
            let wasInside = winding & mask != 0
            winding += (key & 1) << 1 - 1
            let isInside = winding & mask != 0
            if isInside == wasInside { continue }
            let x = key >> 1
            if isInside {
                start = x
            } else if aliased {
                // Whole pixels whose centres lie in the span, fully covered.
                let (first, end) = (-floorDivision(128 - start, 256).0, -floorDivision(128 - x, 256).0)
                guard first < end else { continue }
                cells[first] &+= Int32(full)
                cells[end] &-= Int32(full)
                low = min(low, first)
                high = max(high, end + 1)
            } else if x > start {
                addSpan(from: start, to: x, into: cells)
                low = min(low, start >> 8)
                high = max(high, (x >> 8) + 1)
            }
        }
    }

    /// Adds `a..<b` (1/256 px) to the per-pixel differences: a prefix sum
    /// gives `one − a%one` in a's pixel, `one` in whole pixels, `b%one` in b's.
    @inline(__always)
    private static func addSpan(from a: Int, to b: Int, into cells: UnsafeMutableBufferPointer<Int32>) {
        let (pa, fa, pb, fb) = (a >> 8, Int32(a & 255), b >> 8, Int32(b & 255))
        cells[pa] &+= 256 &- fa
        cells[pa + 1] &+= fa
        cells[pb] &+= fb &- 256
        cells[pb + 1] &-= fb
    }

    /// `⌊n / d⌋` and `n − d⌊n / d⌋` for `d > 0`.
    @inline(__always)
    static func floorDivision(_ n: Int, _ d: Int) -> (Int, Int) {
        let q = n >= 0 ? n / d : -((d - 1 - n) / d)
        return (q, n - q * d)
    }

    /// Sorts `count` keys ascending: insertion sort for the few crossings
    /// a line usually has, the library sort beyond.
    static func sortSmall(_ keys: UnsafeMutablePointer<Int>, _ count: Int) {
        guard count <= 24 else {
            var buffer = UnsafeMutableBufferPointer(start: keys, count: count)
            buffer.sort()
            return
        }
        var i = 1
        while i < count {
            let key = keys[i]
            var j = i - 1
            while j >= 0, keys[j] > key {
                keys[j + 1] = keys[j]
                j -= 1
            }
            keys[j + 1] = key
            i += 1
        }
    }
}
