/// How items are placed along a scrolling axis, for finding the items a
/// rectangle touches.
///
/// Either explicit frames (any order, any sizes) or a uniform grid, whose
/// queries are arithmetic rather than a scan. An item touches a rectangle when
/// their overlap has a positive area: sharing an edge does not count, and
/// empty or non-finite frames never count.
///
/// ```swift
/// let grid = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10,
///                               columns: 3, itemCount: 30)
/// grid.indices(intersecting: Rect(x: 0, y: 0, width: 320, height: 300))   // 0...8
/// let list = PreheatLayout.frames([Rect(x: 0, y: 0, width: 320, height: 80),
///                                  Rect(x: 0, y: 80, width: 320, height: 240)])
/// list.indices(intersecting: Rect(x: 0, y: 100, width: 320, height: 50))  // [1]
/// ```
public struct PreheatLayout: Sendable, Equatable {
    /// The axis along which content scrolls.
    public enum Axis: Sendable, Hashable {
        /// Content scrolls up and down; a grid fills rows of columns.
        case vertical
        /// Content scrolls left and right; a grid fills columns of rows.
        case horizontal
    }

    /// Space around a grid's items, in points.
    public struct Insets: Sendable, Hashable {
        /// Space above the first row.
        package var top: Double
        /// Space left of the first column.
        package var left: Double
        /// Space below the last row.
        package var bottom: Double
        /// Space right of the last column.
        package var right: Double

        /// Creates insets; negative or non-finite values count as zero.
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = sanitized(top)
            self.left = sanitized(left)
            self.bottom = sanitized(bottom)
            self.right = sanitized(right)
        }

    }

    /// The scrolling axis.
    package let axis: Axis
    /// The number of items.
    package let count: Int
    /// The smallest rectangle holding every item (a grid's includes its insets).
    package let contentBounds: Rect
    private let storage: Storage

    private enum Storage: Sendable, Equatable {
        case grid(PreheatGridMetrics)
        case frames(PreheatFrameIndex)
    }

    /// A layout of explicit item frames, in content coordinates; item `i` is `frames[i]`.
    public static func frames(_ frames: [Rect], axis: Axis = .vertical) -> PreheatLayout {
        let index = PreheatFrameIndex(frames: frames, axis: axis)
        return PreheatLayout(axis: axis, count: frames.count, contentBounds: index.bounds, storage: .frames(index))
    }

    /// A uniform grid filled line by line: `columns` items across the axis
    /// (rows when the axis is horizontal), `spacing` between items in both
    /// directions. Fewer than one column counts as one; non-positive sizes
    /// give items that touch nothing.
    public static func grid(
        itemSize: Size, spacing: Double = 0, columns: Int, itemCount: Int,
        insets: Insets = Insets(), axis: Axis = .vertical
    ) -> PreheatLayout {
        let metrics = PreheatGridMetrics(
            itemSize: itemSize, spacing: spacing, perLine: columns,
            count: itemCount, insets: insets, axis: axis)
        return PreheatLayout(axis: axis, count: metrics.count, contentBounds: metrics.bounds, storage: .grid(metrics))
    }

    /// A uniform grid with as many columns as fit in `crossLength` — the
    /// width (the height when the axis is horizontal) including insets — and
    /// at least one.
    public static func grid(
        itemSize: Size, spacing: Double = 0, fitting crossLength: Double, itemCount: Int,
        insets: Insets = Insets(), axis: Axis = .vertical
    ) -> PreheatLayout {
        let item = axis == .vertical ? itemSize.width : itemSize.height
        let available = crossLength - (axis == .vertical ? insets.left + insets.right : insets.top + insets.bottom)
        let gap = sanitized(spacing)
        // n items need n * item + (n - 1) * gap points.
        let fit = item > 0 ? ((available + gap) / (item + gap)).rounded(.down) : 1
        return grid(
            itemSize: itemSize, spacing: spacing, columns: clampedInt(fit, 1, Int.max),
            itemCount: itemCount, insets: insets, axis: axis)
    }

    /// The frame of item `index`, or nil when there is no such item.
    public func frame(at index: Int) -> Rect? {
        guard index >= 0, index < count else { return nil }
        switch storage {
        case .grid(let grid): return grid.frame(at: index)
        case .frames(let explicit): return explicit.frames[index]
        }
    }

    /// Indices of the items whose frames overlap `rect` with a positive area,
    /// ascending. A grid computes them from its rows and columns; explicit
    /// frames are binary-searched along the axis, then the slice is checked.
    public func indices(intersecting rect: Rect) -> [Int] {
        guard rect.size.width > 0, rect.size.height > 0 else { return [] }
        switch storage {
        case .grid(let grid): return grid.indices(intersecting: rect)
        case .frames(let index): return index.indices(intersecting: rect)
        }
    }

    /// True when `item` and `rect` overlap with a positive area — the rule every query follows.
    static func intersects(_ item: Rect, _ rect: Rect) -> Bool {
        hasArea(item) && rect.size.width > 0 && rect.size.height > 0
            && item.minX < rect.maxX && rect.minX < item.maxX
            && item.minY < rect.maxY && rect.minY < item.maxY
    }

    /// True for a finite frame with a positive width and height.
    static func hasArea(_ rect: Rect) -> Bool {
        rect.size.width > 0 && rect.size.height > 0
            && rect.minX.isFinite && rect.minY.isFinite && rect.maxX.isFinite && rect.maxY.isFinite
    }
}

extension PreheatLayout.Axis {
    func start(of rect: Rect) -> Double { self == .vertical ? rect.minY : rect.minX }
    func end(of rect: Rect) -> Double { self == .vertical ? rect.maxY : rect.maxX }
    func length(of rect: Rect) -> Double { self == .vertical ? rect.size.height : rect.size.width }
    func crossStart(of rect: Rect) -> Double { self == .vertical ? rect.minX : rect.minY }
    func crossEnd(of rect: Rect) -> Double { self == .vertical ? rect.maxX : rect.maxY }
    func crossLength(of rect: Rect) -> Double { self == .vertical ? rect.size.width : rect.size.height }

    /// A rectangle from its extent along the axis and across it.
    func rect(start: Double, length: Double, crossStart: Double, crossLength: Double) -> Rect {
        self == .vertical
            ? Rect(x: crossStart, y: start, width: crossLength, height: length)
            : Rect(x: start, y: crossStart, width: length, height: crossLength)
    }
}

/// A uniform grid's arithmetic.
struct PreheatGridMetrics: Sendable, Equatable {
    let axis: PreheatLayout.Axis
    let count, perLine, lineCount: Int
    let itemLength, itemCrossLength, spacing: Double
    let leading, crossLeading: Double
    let bounds: Rect

    init(itemSize: Size, spacing: Double, perLine: Int, count: Int, insets: PreheatLayout.Insets, axis: PreheatLayout.Axis) {
        self.axis = axis
        self.count = max(0, count)
        self.perLine = max(1, perLine)
        lineCount = self.count / self.perLine + (self.count % self.perLine == 0 ? 0 : 1)
        let vertical = axis == .vertical
        itemLength = sanitized(vertical ? itemSize.height : itemSize.width)
        itemCrossLength = sanitized(vertical ? itemSize.width : itemSize.height)
        let gap = sanitized(spacing)
        self.spacing = gap
        leading = vertical ? insets.top : insets.left
        crossLeading = vertical ? insets.left : insets.top
        func extent(_ items: Int, _ item: Double) -> Double {
            items == 0 ? 0 : Double(items) * item + Double(items - 1) * gap
        }
        let length = leading + extent(lineCount, itemLength) + (vertical ? insets.bottom : insets.right)
        let crossLength = crossLeading + extent(self.perLine, itemCrossLength) + (vertical ? insets.right : insets.bottom)
        bounds = axis.rect(start: 0, length: length, crossStart: 0, crossLength: crossLength)
    }

    func lineStart(_ line: Int) -> Double { leading + Double(line) * (itemLength + spacing) }
    func slotStart(_ slot: Int) -> Double { crossLeading + Double(slot) * (itemCrossLength + spacing) }

    func frame(at index: Int) -> Rect {
        axis.rect(
            start: lineStart(index / perLine), length: itemLength,
            crossStart: slotStart(index % perLine), crossLength: itemCrossLength)
    }

    func indices(intersecting rect: Rect) -> [Int] {
        guard count > 0, itemLength > 0, itemCrossLength > 0 else { return [] }
        let lines = Self.positions(
            from: axis.start(of: rect), to: axis.end(of: rect), item: itemLength,
            pitch: itemLength + spacing, limit: lineCount, start: lineStart)
        let slots = Self.positions(
            from: axis.crossStart(of: rect), to: axis.crossEnd(of: rect),
            item: itemCrossLength, pitch: itemCrossLength + spacing, limit: perLine, start: slotStart)
        var result: [Int] = []
        result.reserveCapacity(lines.count * slots.count)
        for line in lines {
            for slot in slots {
                let index = line * perLine + slot
                guard index < count else { break }
                result.append(index)
            }
        }
        return result
    }

    /// The lines (or slots) in `0..<limit` whose span overlaps `from..<to`.
    private static func positions(
        from lower: Double, to upper: Double, item: Double, pitch: Double,
        limit: Int, start: (Int) -> Double
    ) -> [Int] {
        let origin = start(0)
        // A floating-point estimate widened by one on each side, then filtered
        // with the same arithmetic as `frame(at:)` so both always agree.
        let first = clampedInt(((lower - origin - item) / pitch).rounded(.down), 0, limit - 1)
        let last = clampedInt(((upper - origin) / pitch).rounded(.up), 0, limit - 1)
        guard first <= last else { return [] }
        return (first...last).filter { position in
            let begin = start(position)
            return begin < upper && lower < begin + item
        }
    }
}

/// Explicit frames sorted along the axis, so a query reads only a slice.
struct PreheatFrameIndex: Sendable, Equatable {
    let axis: PreheatLayout.Axis
    let frames: [Rect]
    let bounds: Rect
    /// Indices of the frames with an area, by start along the axis, then index.
    private let order: [Int]
    private let starts: [Double]
    /// `reach[k]`: the furthest end along the axis among `order[0...k]`; never decreases.
    private let reach: [Double]

    init(frames: [Rect], axis: PreheatLayout.Axis) {
        self.axis = axis
        self.frames = frames
        let order = frames.indices.filter { PreheatLayout.hasArea(frames[$0]) }.sorted {
            let a = axis.start(of: frames[$0])
            let b = axis.start(of: frames[$1])
            return a != b ? a < b : $0 < $1
        }
        self.order = order
        starts = order.map { axis.start(of: frames[$0]) }
        var furthest = -Double.infinity
        reach = order.map {
            furthest = max(furthest, axis.end(of: frames[$0]))
            return furthest
        }
        let kept = order.map { frames[$0] }
        let minX = kept.map(\.minX).min() ?? 0
        let minY = kept.map(\.minY).min() ?? 0
        let maxX = kept.map(\.maxX).max() ?? 0
        let maxY = kept.map(\.maxY).max() ?? 0
        bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    func indices(intersecting rect: Rect) -> [Int] {
        let lower = axis.start(of: rect)
        let upper = axis.end(of: rect)
        // Before `first` every frame ends at or before `lower`; from `last` on
        // every frame starts at or after `upper`.
        let first = partitionPoint(reach.count) { reach[$0] > lower }
        let last = partitionPoint(starts.count) { starts[$0] >= upper }
        guard first < last else { return [] }
        return order[first..<last].filter { PreheatLayout.intersects(frames[$0], rect) }.sorted()
    }
}

/// The first index in `0..<count` for which `predicate` holds, given it is false then true.
private func partitionPoint(_ count: Int, _ predicate: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = low + (high - low) / 2
        if predicate(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}

/// `value` as an Int within `lower...upper`; NaN gives `lower`.
private func clampedInt(_ value: Double, _ lower: Int, _ upper: Int) -> Int {
    guard value > Double(lower) else { return lower }
    // Double(Int.max) rounds up to 2^63, so anything converted below is in range.
    guard value < Double(upper) else { return upper }
    return Int(value)
}

/// Non-negative finite lengths; anything else counts as zero.
private func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 0
}
