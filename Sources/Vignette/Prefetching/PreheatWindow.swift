/// The items worth prefetching for one viewport: those in a band ahead of it
/// in the scroll direction, minus the ones already visible.
///
/// The band starts at the viewport's leading edge, is `ratio` viewport
/// lengths long, spans the viewport's width across the axis, and is clipped to
/// the layout's content. Its items come nearest-first: by distance from the
/// viewport's edge along the axis, ties by index.
///
/// ```swift
/// let layout = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10,
///                                 columns: 3, itemCount: 30)
/// let window = PreheatWindow(viewport: Rect(x: 0, y: 0, width: 320, height: 300),
///                            layout: layout, direction: .forward, ratio: 1)
/// window.visible   // 0...8   (rows at y 0, 110 and 220)
/// window.preheat   // 9...17  (rows at y 330, 440 and 550 touch 300..<600)
/// ```
package struct PreheatWindow: Sendable, Equatable {
    /// Which way the viewport moves along the layout's axis.
    package enum Direction: Sendable, Hashable {
        /// Towards larger coordinates (down, or right).
        case forward
        /// Towards smaller coordinates (up, or left).
        case backward

        /// The direction from `previous` to `current` along `axis`, judged by
        /// the viewport's centre; nil when it did not move along the axis.
        ///
        /// ```swift
        /// PreheatWindow.Direction(from: page1, to: page2, axis: .vertical)   // .forward
        /// ```
        package init?(from previous: Rect, to current: Rect, axis: PreheatLayout.Axis) {
            // Comparing sums of both edges avoids halving and handles resizes.
            let before = axis.start(of: previous) + axis.end(of: previous)
            let after = axis.start(of: current) + axis.end(of: current)
            if after > before {
                self = .forward
            } else if after < before {
                self = .backward
            } else {
                return nil
            }
        }
    }

    /// The viewport the window was computed for.
    package let viewport: Rect
    /// The direction the band extends in.
    package let direction: Direction
    /// Items the viewport shows, ascending.
    package let visible: [Int]
    /// Items to prefetch, nearest-first; none of them is visible.
    package let preheat: [Int]
    /// The band ahead of the viewport clipped to the content, or nil when empty.
    package let preheatRect: Rect?

    /// Computes the window of `viewport` (in content coordinates) in `layout`.
    ///
    /// A `ratio` of zero, less or NaN gives no preheat items; a huge (even
    /// infinite) one reaches the end of the content.
    package init(viewport: Rect, layout: PreheatLayout, direction: Direction, ratio: Double) {
        self.viewport = viewport
        self.direction = direction
        visible = layout.indices(intersecting: viewport)
        guard let band = Self.band(viewport: viewport, layout: layout, direction: direction, ratio: ratio) else {
            preheat = []
            preheatRect = nil
            return
        }
        preheatRect = band
        let visibleSet = Set(visible)
        let axis = layout.axis
        let edge = direction == .forward ? axis.end(of: viewport) : axis.start(of: viewport)
        let ranked: [(distance: Double, index: Int)] = layout.indices(intersecting: band).compactMap { index in
            guard !visibleSet.contains(index), let frame = layout.frame(at: index) else { return nil }
            let gap = direction == .forward ? axis.start(of: frame) - edge : edge - axis.end(of: frame)
            return (max(0, gap), index)
        }
        preheat = ranked.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
            .map(\.index)
    }

    /// The band of `ratio` viewport lengths ahead of `viewport`, clipped to the content.
    private static func band(viewport: Rect, layout: PreheatLayout, direction: Direction, ratio: Double) -> Rect? {
        let axis = layout.axis
        let extent = ratio * axis.length(of: viewport)
        guard extent > 0, axis.crossLength(of: viewport) > 0, layout.count > 0 else { return nil }
        let content = layout.contentBounds
        let (start, end) =
            direction == .forward
            ? (axis.end(of: viewport), axis.end(of: viewport) + extent)
            : (axis.start(of: viewport) - extent, axis.start(of: viewport))
        let lower = max(start, axis.start(of: content))
        let upper = min(end, axis.end(of: content))
        guard lower < upper else { return nil }
        return axis.rect(
            start: lower, length: upper - lower,
            crossStart: axis.crossStart(of: viewport), crossLength: axis.crossLength(of: viewport))
    }
}
