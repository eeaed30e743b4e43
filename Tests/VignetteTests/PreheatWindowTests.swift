import Testing
import VignetteTestSupport

@testable import Vignette

/// Which items a viewport shows and which lie ahead of it, for grids and explicit frames.
@Suite struct PreheatWindowTests {
    /// 3 columns of 100x100 items, 10 apart: rows start at y = 110 * row, 10 rows, 1090 points tall.
    static let grid = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10, columns: 3, itemCount: 30)

    static func window(
        y: Double, _ direction: PreheatWindow.Direction, ratio: Double = 1,
        layout: PreheatLayout = grid
    ) -> PreheatWindow {
        PreheatWindow(viewport: Rect(x: 0, y: y, width: 320, height: 300), layout: layout, direction: direction, ratio: ratio)
    }

    @Test func gridGeometry() {
        #expect(Self.grid.count == 30)
        #expect(Self.grid.contentBounds == Rect(x: 0, y: 0, width: 320, height: 1090))
        #expect(Self.grid.frame(at: 4) == Rect(x: 110, y: 110, width: 100, height: 100))
        #expect(Self.grid.frame(at: 30) == nil)
        #expect(Self.grid.frame(at: -1) == nil)
        // Sharing an edge is not overlapping: row 1 ends at 210.
        #expect(Self.grid.indices(intersecting: Rect(x: 0, y: 210, width: 320, height: 10)) == [])
        #expect(Self.grid.indices(intersecting: Rect(x: 100, y: 100, width: 10.5, height: 10.5)) == [4])
    }

    @Test func gridForwardAndBackwardAtSeveralOffsets() {
        // y 0: rows 0-2 visible; the band 300..<600 holds rows 3-5 (row 2 touches it but is visible).
        let top = Self.window(y: 0, .forward)
        #expect(top.visible == Array(0...8))
        #expect(top.preheat == Array(9...17))
        #expect(top.preheatRect == Rect(x: 0, y: 300, width: 320, height: 300))
        // Half a screen: 300..<450 reaches rows 3 (330) and 4 (440).
        #expect(Self.window(y: 0, .forward, ratio: 0.5).preheat == Array(9...14))
        // Nothing above the content start.
        let up = Self.window(y: 0, .backward)
        #expect(up.preheat == [])
        #expect(up.preheatRect == nil)

        // y 330: rows 3-5 visible; ahead 630..<930 holds rows 6-8 (row 5 ends at 650 but is visible).
        let middle = Self.window(y: 330, .forward)
        #expect(middle.visible == Array(9...17))
        #expect(middle.preheat == Array(18...26))
        // Behind 30..<330: rows 2, 1, 0, nearest (row 2 ends at 320) first.
        #expect(Self.window(y: 330, .backward).preheat == [6, 7, 8, 3, 4, 5, 0, 1, 2])

        // y 800 runs past the end (1090): rows 7-9 visible, nothing further.
        let bottom = Self.window(y: 800, .forward)
        #expect(bottom.visible == Array(21...29))
        #expect(bottom.preheat == [])
        #expect(bottom.preheatRect == nil)
        // Behind 650..<800: only row 6 (row 5 ends exactly at 650).
        #expect(Self.window(y: 800, .backward, ratio: 0.5).preheat == [18, 19, 20])
    }

    @Test func bandKeepsToTheViewportAcrossTheAxis() {
        let column = PreheatWindow(
            viewport: Rect(x: 110, y: 0, width: 100, height: 300), layout: Self.grid,
            direction: .forward, ratio: 1)
        #expect(column.visible == [1, 4, 7])
        #expect(column.preheat == [10, 13, 16])
    }

    @Test func partialLastRow() {
        let layout = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10, columns: 3, itemCount: 28)
        #expect(Self.window(y: 800, .forward, layout: layout).visible == Array(21...27))
        #expect(Self.window(y: 500, .forward, layout: layout).preheat == Array(24...27))
    }

    @Test func hugeRatiosStopAtTheContentEnds() {
        for ratio: Double in [1e9, .infinity] {
            let window = Self.window(y: 0, .forward, ratio: ratio)
            #expect(window.preheat == Array(9...29))
            #expect(window.preheatRect == Rect(x: 0, y: 300, width: 320, height: 790))
        }
        // From far below the content looking back, the whole content, bottom row first.
        let back = Self.window(y: 5000, .backward, ratio: 20)
        #expect(back.visible == [])
        #expect(Array(back.preheat.prefix(6)) == [27, 28, 29, 24, 25, 26])
        #expect(back.preheat.sorted() == Array(0...29))
    }

    @Test func edgeCases() {
        for empty in [
            PreheatLayout.grid(itemSize: Size(width: 100, height: 100), columns: 3, itemCount: 0),
            PreheatLayout.frames([])
        ] {
            let window = Self.window(y: 0, .forward, ratio: 5, layout: empty)
            #expect(window.visible == [] && window.preheat == [] && window.preheatRect == nil)
        }
        for ratio: Double in [0, -1, .nan, -.infinity] {
            let window = Self.window(y: 0, .forward, ratio: ratio)
            #expect(window.visible == Array(0...8))
            #expect(window.preheat == [])
        }
        // Past the end in the scroll direction: nothing to show or preheat.
        let beyond = Self.window(y: 5000, .forward)
        #expect(beyond.visible == [] && beyond.preheat == [])
        #expect(Self.window(y: 5000, .backward).preheat == [])
        // Larger than the content: everything visible, nothing left to preheat either way.
        for direction in [PreheatWindow.Direction.forward, .backward] {
            let all = PreheatWindow(
                viewport: Rect(x: -10, y: -10, width: 1000, height: 5000), layout: Self.grid,
                direction: direction, ratio: 1)
            #expect(all.visible == Array(0...29))
            #expect(all.preheat == [])
        }
        // An empty or NaN viewport shows nothing.
        for viewport in [Rect(x: 0, y: 0, width: 320, height: 0), Rect(x: 0, y: .nan, width: 320, height: 300)] {
            let window = PreheatWindow(viewport: viewport, layout: Self.grid, direction: .forward, ratio: 1)
            #expect(window.visible == [] && window.preheat == [])
        }
        // Degenerate grids: no columns counts as one; empty items touch nothing.
        #expect(
            PreheatLayout.grid(itemSize: Size(width: 10, height: 10), columns: 0, itemCount: 3)
                .indices(intersecting: Rect(x: 0, y: 0, width: 100, height: 100)) == [0, 1, 2])
        #expect(
            PreheatLayout.grid(itemSize: Size(width: 0, height: .nan), columns: 2, itemCount: 3)
                .indices(intersecting: Rect(x: 0, y: 0, width: 100, height: 100)) == [])
    }

    @Test func direction() {
        let a = Rect(x: 0, y: 100, width: 320, height: 300)
        #expect(PreheatWindow.Direction(from: a, to: Rect(x: 0, y: 150, width: 320, height: 300), axis: .vertical) == .forward)
        #expect(PreheatWindow.Direction(from: a, to: Rect(x: 0, y: 50, width: 320, height: 300), axis: .vertical) == .backward)
        #expect(PreheatWindow.Direction(from: a, to: Rect(x: 90, y: 100, width: 320, height: 300), axis: .vertical) == nil)
        #expect(PreheatWindow.Direction(from: a, to: Rect(x: 90, y: 100, width: 320, height: 300), axis: .horizontal) == .forward)
    }

    @Test func columnsFittingAWidth() {
        let size = Size(width: 100, height: 100)
        #expect(PreheatLayout.grid(itemSize: size, spacing: 10, fitting: 320, itemCount: 9).contentBounds.size.width == 320)
        #expect(PreheatLayout.grid(itemSize: size, spacing: 10, fitting: 319, itemCount: 9).contentBounds.size.width == 210)
        #expect(PreheatLayout.grid(itemSize: size, spacing: 10, fitting: 50, itemCount: 9).contentBounds.size.width == 100)
        let inset = PreheatLayout.grid(
            itemSize: size, spacing: 10, fitting: 340, itemCount: 9,
            insets: PreheatLayout.Insets(top: 5, left: 10, bottom: 5, right: 10))
        #expect(inset.frame(at: 4) == Rect(x: 120, y: 115, width: 100, height: 100))
        #expect(inset.contentBounds == Rect(x: 0, y: 0, width: 340, height: 330))
    }

    @Test func horizontalGrid() {
        // Two rows; columns start at x = 110 * column.
        let layout = PreheatLayout.grid(
            itemSize: Size(width: 100, height: 100), spacing: 10, columns: 2,
            itemCount: 20, axis: .horizontal)
        #expect(layout.frame(at: 3) == Rect(x: 110, y: 110, width: 100, height: 100))
        let window = PreheatWindow(
            viewport: Rect(x: 0, y: 0, width: 300, height: 210), layout: layout,
            direction: .forward, ratio: 1)
        #expect(window.visible == Array(0...5))
        #expect(window.preheat == Array(6...11))
    }

    @Test func explicitFramesNearestFirstWithVisibleExcluded() {
        let frames = [
            Rect(x: 0, y: 500, width: 100, height: 50),  // 200 ahead
            Rect(x: 0, y: 320, width: 100, height: 10),  // 20 ahead
            Rect(x: 100, y: 310, width: 100, height: 300),  // 10 ahead
            Rect(x: 200, y: 250, width: 100, height: 100),  // straddles the edge: visible
            Rect(x: 200, y: 500, width: 100, height: 20),  // ties with 0, larger index
            Rect(x: 400, y: 400, width: 100, height: 100),  // outside the viewport's width
            Rect(x: 0, y: 700, width: 100, height: 0)  // empty: never counted
        ]
        let layout = PreheatLayout.frames(frames)
        let window = PreheatWindow(
            viewport: Rect(x: 0, y: 0, width: 320, height: 300), layout: layout,
            direction: .forward, ratio: 1)
        #expect(window.visible == [3])
        #expect(window.preheat == [2, 1, 0, 4])
        #expect(layout.contentBounds == Rect(x: 0, y: 250, width: 500, height: 360))
    }

    @Test func explicitFramesMatchBruteForce() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<40 {
            let frames = PreheatReference.masonry(count: Int.random(in: 0...120, using: &random), using: &random)
            let layout = PreheatLayout.frames(frames)
            for _ in 0..<50 {
                let viewport = PreheatReference.viewport(using: &random)
                let ratio: Double = [0, 0.25, 0.5, 1, 2, 10].randomElement(using: &random) ?? 1
                let direction: PreheatWindow.Direction = Bool.random(using: &random) ? .forward : .backward
                let window = PreheatWindow(viewport: viewport, layout: layout, direction: direction, ratio: ratio)
                let expected = PreheatReference.window(
                    frames: frames, viewport: viewport,
                    forward: direction == .forward, ratio: ratio)
                #expect(window.visible == expected.visible)
                #expect(window.preheat == expected.preheat)
            }
        }
    }

    @Test func gridFastPathMatchesItsExplicitFrames() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<60 {
            let axis: PreheatLayout.Axis = Bool.random(using: &random) ? .vertical : .horizontal
            // Whole sizes half the time, so viewports land exactly on item edges too.
            let whole = Bool.random(using: &random)
            func length(_ range: ClosedRange<Double>) -> Double {
                let value = Double.random(in: range, using: &random)
                return whole ? value.rounded() : value
            }
            let grid = PreheatLayout.grid(
                itemSize: Size(width: length(20...150), height: length(20...150)), spacing: length(0...12.7),
                columns: Int.random(in: 1...6, using: &random), itemCount: Int.random(in: 0...200, using: &random),
                insets: PreheatLayout.Insets(top: length(0...20), left: length(0...20), bottom: 7, right: 1),
                axis: axis)
            let frames = (0..<grid.count).compactMap { grid.frame(at: $0) }
            let explicit = PreheatLayout.frames(frames, axis: axis)
            for _ in 0..<100 {
                let viewport = PreheatReference.viewport(using: &random)
                #expect(grid.indices(intersecting: viewport) == explicit.indices(intersecting: viewport))
                let ratio = Double.random(in: -0.5...3, using: &random)
                for direction in [PreheatWindow.Direction.forward, .backward] {
                    let fast = PreheatWindow(viewport: viewport, layout: grid, direction: direction, ratio: ratio)
                    let slow = PreheatWindow(viewport: viewport, layout: explicit, direction: direction, ratio: ratio)
                    #expect(fast.visible == slow.visible)
                    #expect(fast.preheat == slow.preheat)
                }
            }
        }
    }
}
