import Foundation

extension ImageComparison {
    /// Figures about where and how much two same-sized images differ, for
    /// reports: independent of the tolerances.
    ///
    /// Units: ΔE is CIE94 (graphic-arts weights) between the straight 8-bit
    /// sRGB colours, scaled by the larger alpha, or the alpha difference in
    /// percent if larger — the per-pixel measure `ImageComparison` uses.
    /// Every figure is exact (no pixel passes unmeasured). A pixel differs
    /// when its bytes differ, except that two fully transparent pixels are
    /// equal whatever colour they hide.
    ///
    /// ```swift
    /// let stats = ImageComparison.statistics(reference: (w, h, refPixels), actual: (w, h, newPixels))
    /// print(stats?.percentile99DeltaE ?? 0, stats?.changedRegions ?? [])
    /// ```
    public struct Statistics: Sendable, Hashable {
        /// Pixels that differ at all.
        public var differingPixelCount: Int
        /// The largest ΔE among differing pixels (0 when none differ).
        public var worstDeltaE: Double
        /// The 99th percentile of ΔE among differing pixels, nearest rank:
        /// the smallest value that at least 99% of them do not exceed
        /// (0 when none differ).
        public var percentile99DeltaE: Double
        /// Bounding boxes of the changed regions (groups of differing pixels,
        /// 8-connected, bridging gaps of up to `gap` unchanged pixels), at
        /// most `maxRegions`, in reading order (top to bottom, then left to right).
        public var changedRegions: [PixelRect]

        /// Statistics with the given figures (`statistics(reference:actual:)` computes them).
        package init(differingPixelCount: Int, worstDeltaE: Double, percentile99DeltaE: Double, changedRegions: [PixelRect]) {
            self.differingPixelCount = differingPixelCount
            self.worstDeltaE = worstDeltaE
            self.percentile99DeltaE = percentile99DeltaE
            self.changedRegions = changedRegions
        }

        /// The default cap on `changedRegions`: beyond it the closest boxes merge.
        @usableFromInline package static let defaultMaxRegions = 32
        /// The default gap, in unchanged pixels, that still joins two regions.
        @usableFromInline package static let defaultGap = 4
    }

    /// Statistics of straight-alpha RGBA8 pixels (as `compareStraightRGBA`
    /// takes them); nil when the sizes differ or a buffer is not
    /// `width × height × 4` bytes. Only differing rows are visited: identical
    /// rows are skipped with `memcmp`.
    public static func statistics(
        reference: (width: Int, height: Int, pixels: [UInt8]), actual: (width: Int, height: Int, pixels: [UInt8]),
        maxRegions: Int = Statistics.defaultMaxRegions, gap: Int = Statistics.defaultGap
    ) -> Statistics? {
        let width = reference.width
        let height = reference.height
        guard width == actual.width, height == actual.height, width >= 0, height >= 0,
            reference.pixels.count == width * height * 4, actual.pixels.count == reference.pixels.count
        else { return nil }
        guard width > 0, height > 0 else {
            return Statistics(differingPixelCount: 0, worstDeltaE: 0, percentile99DeltaE: 0, changedRegions: [])
        }
        var deltas: [Float] = []
        var finder = RegionFinder(gap: max(0, gap))
        reference.pixels.withUnsafeBytes { r in
            actual.pixels.withUnsafeBytes { a in
                for y in 0..<height where memcmp(r.baseAddress! + y * width * 4, a.baseAddress! + y * width * 4, width * 4) != 0 {
                    for x in 0..<width {
                        let p = r.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
                        let q = a.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
                        guard p != q, p >> 24 != 0 || q >> 24 != 0 else { continue }
                        deltas.append(difference(p, q, premultiplied: false))
                        finder.add(x: x, y: y)
                    }
                }
            }
        }
        let worst = deltas.max() ?? 0
        let p99 = percentile(&deltas, 0.99)
        return Statistics(
            differingPixelCount: deltas.count, worstDeltaE: Double(worst),
            percentile99DeltaE: Double(p99), changedRegions: finder.regions(maxRegions: maxRegions))
    }

    /// The nearest-rank percentile (`share` in 0...1) of `values`, which it
    /// reorders: the value at rank ⌈share × n⌉ in ascending order; 0 when empty.
    static func percentile(_ values: inout [Float], _ share: Double) -> Float {
        guard !values.isEmpty else { return 0 }
        let rank = min(values.count, max(1, Int((share * Double(values.count)).rounded(.up))))
        guard values.count > 4096, values.allSatisfy({ $0 >= 0 }) else { return select(&values, rank - 1) }
        // Radix select: for non-negative floats the bit patterns sort like the
        // values, so a histogram of their top 16 bits finds the bucket holding
        // the rank in one pass; only that bucket is then searched.
        var counts = [Int](repeating: 0, count: 1 << 16)
        for value in values { counts[Int(value.bitPattern >> 16)] += 1 }
        var below = 0
        var bucket = 0
        while below + counts[bucket] < rank {
            below += counts[bucket]
            bucket += 1
        }
        var inBucket = values.filter { Int($0.bitPattern >> 16) == bucket }
        return select(&inBucket, rank - below - 1)
    }

    /// Quickselect: the k-th smallest (0-based), in linear expected time.
    private static func select(_ values: inout [Float], _ k: Int) -> Float {
        var low = 0
        var high = values.count - 1
        while low < high {
            // Median of three: sorted or constant runs stay linear.
            let mid = low + (high - low) / 2
            let pivot = max(min(values[low], values[mid]), min(max(values[low], values[mid]), values[high]))
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }
}

/// Groups differing pixels, fed in reading order, into bounding boxes:
/// pixels of a row closer than `gap + 1` form one run; runs of rows at most
/// `gap + 1` apart whose spans come within `gap + 1` columns (diagonals count)
/// join one region (union–find over runs).
struct RegionFinder {
    private struct Run {
        var y: Int
        var x0: Int
        var x1: Int
    }
    private let gap: Int
    private var runs: [Run] = []
    private var parent: [Int] = []
    /// Index of the first run of each recent row that has runs, oldest first.
    private var rowStarts: [(y: Int, start: Int)] = []

    init(gap: Int) { self.gap = gap }

    /// Adds a differing pixel; calls come row by row, left to right.
    mutating func add(x: Int, y: Int) {
        if let last = runs.last, last.y == y, x - last.x1 - 1 <= gap {
            runs[runs.count - 1].x1 = x
            return
        }
        if let last = runs.last, last.y != y { closeRow(last.y) }
        if rowStarts.last?.y != y { rowStarts.append((y, runs.count)) }
        runs.append(Run(y: y, x0: x, x1: x))
        parent.append(runs.count - 1)
    }

    /// Joins the runs of row `y` (complete now) with those of the rows within reach above it.
    private mutating func closeRow(_ y: Int) {
        guard let current = rowStarts.last, current.y == y else { return }
        let rowRange = current.start..<runs.count
        for (index, earlier) in rowStarts.dropLast().enumerated().reversed() where y - earlier.y <= gap + 1 {
            let end = index + 1 < rowStarts.count ? rowStarts[index + 1].start : runs.count
            var j = earlier.start
            for i in rowRange {
                while j < end && runs[j].x1 + gap + 1 < runs[i].x0 { j += 1 }
                var k = j
                while k < end && runs[k].x0 <= runs[i].x1 + gap + 1 {
                    union(i, k)
                    k += 1
                }
            }
        }
        // Rows out of reach of every later row are never looked at again.
        rowStarts.removeAll { y + 1 - $0.y > gap + 1 && $0.y != y }
    }

    private mutating func find(_ i: Int) -> Int {
        var root = i
        while parent[root] != root { root = parent[root] }
        var node = i
        while parent[node] != root {
            let next = parent[node]
            parent[node] = root
            node = next
        }
        return root
    }

    private mutating func union(_ a: Int, _ b: Int) {
        let ra = find(a)
        let rb = find(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }

    /// The regions' bounding boxes, merged down to `maxRegions`, in reading order.
    mutating func regions(maxRegions: Int) -> [PixelRect] {
        if let last = runs.last { closeRow(last.y) }
        var boxes: [Int: PixelRect] = [:]
        for i in runs.indices {
            let run = runs[i]
            let root = find(i)
            let box = PixelRect(minX: run.x0, minY: run.y, maxX: run.x1 + 1, maxY: run.y + 1)
            boxes[root] = boxes[root].map { RegionFinder.union($0, box) } ?? box
        }
        var list = boxes.keys.sorted().map { boxes[$0]! }
        // The pairwise merge below is cubic: a noisy image first merges by grid cell.
        if list.count > 128 { list = RegionFinder.gridMerged(list, cells: 10) }
        return RegionFinder.capped(list, maxRegions: max(1, maxRegions))
            .sorted { ($0.minY, $0.minX, $0.maxY, $0.maxX) < ($1.minY, $1.minX, $1.maxY, $1.maxX) }
    }

    static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        PixelRect(minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
    }

    /// Many boxes (a noisy image): one box per cell of a coarse grid, by the box's centre.
    static func gridMerged(_ boxes: [PixelRect], cells: Int) -> [PixelRect] {
        let right = boxes.map(\.maxX).max() ?? 1
        let bottom = boxes.map(\.maxY).max() ?? 1
        var merged: [Int: PixelRect] = [:]
        for box in boxes {
            let cx = min(cells - 1, (box.minX + box.maxX) / 2 * cells / max(1, right))
            let cy = min(cells - 1, (box.minY + box.maxY) / 2 * cells / max(1, bottom))
            let key = cy * cells + cx
            merged[key] = merged[key].map { union($0, box) } ?? box
        }
        return merged.keys.sorted().map { merged[$0]! }
    }

    /// Merges overlapping boxes, then the pair whose union adds the least
    /// area, until at most `maxRegions` remain (ties: the earliest pair).
    static func capped(_ boxes: [PixelRect], maxRegions: Int) -> [PixelRect] {
        var list: [PixelRect] = []
        for box in boxes { insertMerging(box, into: &list) }
        while list.count > maxRegions {
            var best = (i: 0, j: 1, growth: Int.max)
            for i in list.indices {
                for j in (i + 1)..<list.count {
                    let u = union(list[i], list[j])
                    let growth = u.width * u.height - list[i].width * list[i].height - list[j].width * list[j].height
                    if growth < best.growth { best = (i, j, growth) }
                }
            }
            let merged = union(list[best.i], list[best.j])
            list.remove(at: best.j)
            list.remove(at: best.i)
            insertMerging(merged, into: &list)
        }
        return list
    }

    /// Adds `box` to boxes that do not overlap, absorbing every one it
    /// overlaps (again as it grows), so they still do not.
    private static func insertMerging(_ box: PixelRect, into list: inout [PixelRect]) {
        var box = box
        while let i = list.firstIndex(where: { !$0.intersection(box).isEmpty }) {
            box = union(box, list.remove(at: i))
        }
        list.append(box)
    }
}
