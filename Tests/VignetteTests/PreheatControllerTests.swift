import Testing
import VignetteTestSupport

@testable import Vignette

/// Successive viewports turned into starts and stops.
@Suite struct PreheatControllerTests {
    /// 3 columns of 100x100 items 10 apart (rows at y = 110 * row), 30 items;
    /// with 320x300 viewports the default threshold is 99 points.
    static let grid = PreheatWindowTests.grid

    static func viewport(y: Double, x: Double = 0) -> Rect {
        Rect(x: x, y: y, width: 320, height: 300)
    }

    @Test func firstUpdateAddsTheWindow() {
        let controller = PreheatController(layout: Self.grid)
        #expect(controller.window == nil)
        #expect(controller.preheated == [])
        let change = controller.update(viewport: Self.viewport(y: 0))
        #expect(change == PreheatController.Change(added: Array(9...17), removed: []))
        #expect(controller.preheated == Array(9...17))
        #expect(controller.window?.visible == Array(0...8))
        #expect(controller.threshold == 0.33 && controller.ratio == 1)
    }

    @Test func smallMovesChangeNothing() {
        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 0))
        // Measured from the last computation (y 0), not from the previous update.
        for y in [10.0, 50, 98, 60, -40] {
            #expect(controller.update(viewport: Self.viewport(y: y)).isEmpty)
        }
        #expect(controller.window?.viewport == Self.viewport(y: 0))
        // A resize moving one edge by less than the threshold changes nothing either.
        #expect(controller.update(viewport: Rect(x: 0, y: 0, width: 320, height: 350)).isEmpty)
    }

    @Test func bigMoveAddsAheadAndPromotesWhatIsNowVisible() {
        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 0))
        // y 120: rows 1-3 visible (row 3 starts at 330 < 420); ahead 420..<720 holds rows 4-6.
        let change = controller.update(viewport: Self.viewport(y: 120))
        #expect(change == PreheatController.Change(added: Array(18...20), removed: [], promoted: Array(9...11)))
        #expect(Set(change.added).isDisjoint(with: change.promoted))
        #expect(controller.preheated == Array(12...20))
        // A full page: rows 3-5 visible, rows 6-8 ahead.
        let page = controller.update(viewport: Self.viewport(y: 330))
        #expect(page == PreheatController.Change(added: Array(21...26), removed: [], promoted: Array(12...17)))
        // Far ahead: everything preheated is scrolled past and stopped.
        let jump = controller.update(viewport: Self.viewport(y: 1000))
        #expect(jump == PreheatController.Change(added: [], removed: Array(18...26)))
        #expect(Set(jump.added).isDisjoint(with: jump.removed))
    }

    @Test func reversalBeyondTheThresholdLooksBack() {
        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 330))
        #expect(controller.preheated == Array(18...26))
        // Back 30 points: within the threshold, still looking forward.
        #expect(controller.update(viewport: Self.viewport(y: 300)).isEmpty)
        #expect(controller.window?.direction == .forward)
        // Back 130 points to y 200: rows 1-4 visible; behind 0..<200 only row 0 is not.
        let change = controller.update(viewport: Self.viewport(y: 200))
        #expect(controller.window?.direction == .backward)
        #expect(change.added == [0, 1, 2])
        #expect(change.removed == Array(18...26))
        // Forward again past the threshold: the band flips back ahead.
        let again = controller.update(viewport: Self.viewport(y: 330))
        #expect(again.added == Array(18...26))
        #expect(again.removed == [0, 1, 2])
    }

    @Test func resetRemovesEverythingAndStartsAfresh() {
        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 330, x: 0))
        _ = controller.update(viewport: Self.viewport(y: 200))
        #expect(controller.reset() == PreheatController.Change(added: [], removed: [0, 1, 2]))
        #expect(controller.preheated == [] && controller.window == nil)
        #expect(controller.reset().isEmpty)
        // A tiny move after a reset still computes (looking forward again).
        let change = controller.update(viewport: Self.viewport(y: 201))
        #expect(controller.window?.direction == .forward)
        #expect(change.removed == [])
        #expect(change.added == controller.preheated)
        #expect(change.added == Array(15...23))
    }

    @Test func layoutChangeRecomputesAgainstWhatIsPreheated() {
        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 0))
        // Two columns: rows 0-2 (items 0-5) visible, rows 3-5 (items 6-11) ahead.
        let narrow = PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10, columns: 2, itemCount: 30)
        controller.setLayout(narrow)
        #expect(controller.layout == narrow)
        let change = controller.update(viewport: Self.viewport(y: 0))
        #expect(change.added == [6, 7, 8])
        #expect(change.removed == Array(12...17))
        // Fewer items: those past the end are removed.
        controller.setLayout(PreheatLayout.grid(itemSize: Size(width: 100, height: 100), spacing: 10, columns: 2, itemCount: 8))
        let shrunk = controller.update(viewport: Self.viewport(y: 1))
        #expect(shrunk == PreheatController.Change(added: [], removed: [8, 9, 10, 11]))
        // Validated: the next small move is ignored again.
        #expect(controller.update(viewport: Self.viewport(y: 2)).isEmpty)
    }

    @Test func thresholdsAndCrossAxisMoves() {
        let eager = PreheatController(layout: Self.grid, ratio: 1, threshold: -3)
        #expect(eager.threshold == 0)
        _ = eager.update(viewport: Self.viewport(y: 0))
        // 60 points: row 3 (330..<430) becomes visible; row 6 (660) stays just outside 360..<660.
        #expect(eager.update(viewport: Self.viewport(y: 60)) == PreheatController.Change(promoted: [9, 10, 11]))
        #expect(eager.update(viewport: Self.viewport(y: 60)).isEmpty)

        let controller = PreheatController(layout: Self.grid)
        _ = controller.update(viewport: Self.viewport(y: 0))
        // Sliding sideways keeps the same rows but leaves the first column.
        let sideways = controller.update(viewport: Self.viewport(y: 0, x: 110))
        #expect(sideways == PreheatController.Change(added: [], removed: [9, 12, 15]))

        let idle = PreheatController(layout: Self.grid, ratio: 0)
        #expect(idle.update(viewport: Self.viewport(y: 0)).isEmpty)
        #expect(idle.window?.visible == Array(0...8))
    }

    /// Applying every change to a set reproduces the controller's window, and
    /// no change starts what is running or stops what is not.
    @Test func changesReplayToTheWindow() {
        var random = SeededGenerator(seed: 3)
        let frames = PreheatReference.masonry(count: 150, using: &random)
        let controller = PreheatController(layout: .frames(frames), ratio: Double.random(in: 0.5...2, using: &random))
        var running: Set<Int> = []
        var y = 0.0
        for step in 0..<400 {
            y += Double.random(in: -250...350, using: &random)
            let change = controller.update(viewport: Rect(x: 0, y: y, width: 320, height: 300))
            #expect(Set(change.added).isDisjoint(with: running))
            #expect(Set(change.removed + change.promoted).isSubset(of: running))
            #expect(Set(change.removed).isDisjoint(with: change.promoted))
            #expect(Set(change.promoted).isSubset(of: controller.window?.visible ?? []))
            #expect(Set(change.removed).isDisjoint(with: controller.window?.visible ?? []))
            running.subtract(change.removed + change.promoted)
            running.formUnion(change.added)
            #expect(running == Set(controller.preheated))
            if step % 97 == 96 {
                #expect(Set(controller.reset().removed) == running)
                running = []
            }
        }
        if let window = controller.window {
            #expect(Set(window.preheat).isDisjoint(with: window.visible))
        }
    }

    @Test func concurrentUpdatesKeepAConsistentWindow() async {
        let controller = PreheatController(layout: Self.grid, threshold: 0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<50 {
                        _ = controller.update(viewport: Self.viewport(y: Double((task * 37 + step * 11) % 900)))
                    }
                }
            }
        }
        let window = controller.window
        #expect(window != nil)
        if let window {
            let expected = PreheatWindow(viewport: window.viewport, layout: Self.grid, direction: window.direction, ratio: 1)
            #expect(controller.preheated == expected.preheat)
        }
    }
}

/// The window rules written out plainly (vertical axis), scanning every frame;
/// shared by both preheat suites.
enum PreheatReference {
    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.size.width > 0 && a.size.height > 0 && b.size.width > 0 && b.size.height > 0
            && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static func window(frames: [Rect], viewport: Rect, forward: Bool, ratio: Double) -> (visible: [Int], preheat: [Int]) {
        let visible = frames.indices.filter { overlaps(frames[$0], viewport) }
        let extent = ratio * viewport.size.height
        guard extent > 0, let top = frames.map(\.minY).min(), let bottom = frames.map(\.maxY).max() else {
            return (visible, [])
        }
        var lower = forward ? viewport.maxY : viewport.minY - extent
        var upper = forward ? viewport.maxY + extent : viewport.minY
        lower = max(lower, top)
        upper = min(upper, bottom)
        guard lower < upper else { return (visible, []) }
        let band = Rect(x: viewport.minX, y: lower, width: viewport.size.width, height: upper - lower)
        var ahead: [(distance: Double, index: Int)] = []
        for index in frames.indices where overlaps(frames[index], band) && !visible.contains(index) {
            let frame = frames[index]
            ahead.append((max(0, forward ? frame.minY - viewport.maxY : viewport.minY - frame.maxY), index))
        }
        ahead.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index) }
        return (visible, ahead.map(\.index))
    }

    /// Three columns of 100-wide items with random heights and gaps, in shuffled order.
    static func masonry(count: Int, using random: inout SeededGenerator) -> [Rect] {
        var bottoms = [0.0, 0.0, 0.0]
        var frames: [Rect] = []
        for index in 0..<count {
            let column = index % 3
            let height = Double.random(in: 20...200, using: &random).rounded()
            frames.append(Rect(x: Double(column) * 110, y: bottoms[column], width: 100, height: height))
            bottoms[column] += height + Double(Int.random(in: 0...15, using: &random))
        }
        return frames.shuffled(using: &random)
    }

    /// Half the time on whole multiples of 10, to meet item edges exactly.
    static func viewport(using random: inout SeededGenerator) -> Rect {
        let whole = Bool.random(using: &random)
        func value(_ range: ClosedRange<Double>) -> Double {
            let value = Double.random(in: range, using: &random)
            return whole ? (value / 10).rounded() * 10 : value
        }
        return Rect(x: value(-50...200), y: value(-500...3000), width: value(100...400), height: value(50...600))
    }
}
