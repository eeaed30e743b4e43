/// Turns successive viewports into "start prefetching these" and "stop
/// prefetching those", recomputing the preheat window (the items in a band
/// ahead of the viewport in the scroll direction, minus the visible ones,
/// nearest first) only once the viewport has moved far enough to matter.
///
/// A paginated server renderer feeds it each page it renders, so the next
/// pages' images are already loading by the time they are asked for:
///
/// ```swift
/// let layout = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10,
///                                 columns: 3, itemCount: urls.count)
/// let preheat = PreheatController(layout: layout, ratio: 2)      // two pages ahead
///
/// func render(page n: Int) async throws -> [Bitmap] {
///     let rect = Rect(x: 0, y: Double(n) * 330, width: 320, height: 330)
///     let change = preheat.update(viewport: rect)
///     prefetcher.startPrefetching(with: change.added.map { urls[$0] })   // nearest first
///     prefetcher.stopPrefetching(with: change.removed.map { urls[$0] })
///     // Visible items load at normal priority, joining any prefetch in flight
///     // (`change.promoted` lists the ones that were preheated).
///     var images: [Bitmap] = []
///     for index in layout.indices(intersecting: rect) { images.append(try await pipeline.image(for: urls[index])) }
///     return images
/// }
/// ```
///
/// Indices name items, so when the items themselves change (not just where
/// they are), call `reset()` and stop its `removed` with the old item list
/// before swapping in the new one. Thread-safe.
public final class PreheatController: Sendable {
    /// What to start and stop after an update.
    public struct Change: Sendable, Equatable {
        /// Items that entered the window, nearest-first.
        public var added: [Int]
        /// Items that left the window and are not visible, ascending: stop these.
        public var removed: [Int]
        /// Items that left the window because the viewport now shows them,
        /// ascending: leave these running, as the visible load joins the
        /// prefetch rather than starting over.
        public var promoted: [Int]

        /// Creates a change.
        package init(added: [Int] = [], removed: [Int] = [], promoted: [Int] = []) {
            self.added = added
            self.removed = removed
            self.promoted = promoted
        }

        /// True when nothing entered or left the window.
        package var isEmpty: Bool { added.isEmpty && removed.isEmpty && promoted.isEmpty }
    }

    private struct State {
        var layout: PreheatLayout
        /// The last computed window; its `preheat` is what is being prefetched.
        var window: PreheatWindow?
        /// Set when the layout changed, so the next update recomputes however small the move.
        var invalidated = false
    }

    /// Preheat extent in viewport lengths along the axis.
    package let ratio: Double
    /// Movement, as a fraction of the viewport's length, below which an update changes nothing.
    package let threshold: Double
    private let state: Locked<State>

    /// Creates a controller; nothing is preheated until the first `update(viewport:)`.
    ///
    /// - Parameters:
    ///   - layout: where the items are.
    ///   - ratio: preheat extent in viewport lengths (1 = one screen ahead); zero or less preheats nothing.
    ///   - threshold: how far, in viewport lengths, the viewport must move before
    ///     the window is recomputed; negative or NaN counts as zero.
    public init(layout: PreheatLayout, ratio: Double = 1, threshold: Double = 0.33) {
        self.ratio = ratio
        self.threshold = threshold > 0 ? threshold : 0
        state = Locked(State(layout: layout))
    }

    /// The current layout.
    package var layout: PreheatLayout { state.withLock { $0.layout } }

    /// The last computed window, or nil before the first update and after `reset()`.
    package var window: PreheatWindow? { state.withLock { $0.window } }

    /// Items currently preheated (the sum of every change's `added` less
    /// its `removed` and `promoted`), nearest-first.
    package var preheated: [Int] { state.withLock { $0.window?.preheat ?? [] } }

    /// Moves to `viewport` (in content coordinates) and returns what to start
    /// and stop prefetching.
    ///
    /// The window is recomputed on the first update, after a layout change,
    /// when either edge of the viewport moved along the axis by at least
    /// `threshold` viewport lengths since the last computation (in either
    /// direction, so a reversal counts too), or when its extent across the
    /// axis changed; otherwise the change is empty. The first window looks
    /// forward; later ones look the way the viewport moved.
    public func update(viewport: Rect) -> Change {
        state.withLock { state in
            let axis = state.layout.axis
            var direction = PreheatWindow.Direction.forward
            if let last = state.window {
                let before = last.viewport
                let moved = max(
                    abs(axis.start(of: viewport) - axis.start(of: before)),
                    abs(axis.end(of: viewport) - axis.end(of: before)))
                let acrossChanged =
                    axis.crossStart(of: viewport) != axis.crossStart(of: before)
                    || axis.crossLength(of: viewport) != axis.crossLength(of: before)
                if !state.invalidated, !acrossChanged, !(moved >= threshold * axis.length(of: viewport)) {
                    return Change()
                }
                direction = PreheatWindow.Direction(from: before, to: viewport, axis: axis) ?? last.direction
            }
            let window = PreheatWindow(viewport: viewport, layout: state.layout, direction: direction, ratio: ratio)
            let old = state.window?.preheat ?? []
            let oldSet = Set(old)
            let newSet = Set(window.preheat)
            let visible = Set(window.visible)
            let left = old.filter { !newSet.contains($0) }.sorted()
            state.window = window
            state.invalidated = false
            return Change(
                added: window.preheat.filter { !oldSet.contains($0) },
                removed: left.filter { !visible.contains($0) },
                promoted: left.filter { visible.contains($0) })
        }
    }

    /// Forgets everything, returning every preheated item as removed; the
    /// next update starts afresh.
    public func reset() -> Change {
        state.withLock { state in
            let removed = state.window?.preheat.sorted() ?? []
            state.window = nil
            state.invalidated = false
            return Change(removed: removed)
        }
    }

    /// Replaces the layout; the next update recomputes the window whatever
    /// the movement, and its change accounts for the items preheated so far.
    public func setLayout(_ layout: PreheatLayout) {
        state.withLock { state in
            state.layout = layout
            state.invalidated = true
        }
    }
}
