/// How one resize runs and what it costs, decided from sizes alone so that
/// every machine takes the same path: an integer box pre-reduction before
/// an extreme downscale (filter tables stay small), the order of the two
/// passes (the smaller intermediate for very wide or tall sources), and the
/// bytes of every buffer and table, known before any is allocated.
struct ResamplePlan: Equatable {
    /// A reduction beyond this on one axis is box-averaged first…
    static let preReductionRatio = 64.0
    /// …by a whole factor that leaves about this much for the filter.
    static let remainingRatio = 16.0
    /// Vertical-first (the usual order, whose results the golden images
    /// pin) changes to horizontal-first only past this intermediate size.
    static let horizontalFirstBytes = 64 << 20

    /// Box sizes of the pre-reduction (1 × 1: none).
    let blockWidth: Int, blockHeight: Int
    /// The source's size after the pre-reduction.
    let reducedWidth: Int, reducedHeight: Int
    /// Whether the horizontal pass runs first.
    let horizontalFirst: Bool
    /// Upper bound of the bytes the resize allocates: pre-reduced copy,
    /// filter tables, intermediate rows and the visible output.
    let bytes: Int

    init(
        sourceWidth: Int, sourceHeight: Int, destinationWidth: Int, destinationHeight: Int,
        visible: PixelRect, filter: ResamplingFilter
    ) {
        blockWidth = Self.block(source: sourceWidth, destination: destinationWidth)
        blockHeight = Self.block(source: sourceHeight, destination: destinationHeight)
        reducedWidth = (sourceWidth + blockWidth - 1) / blockWidth
        reducedHeight = (sourceHeight + blockHeight - 1) / blockHeight
        let x = Self.axisCost(source: reducedWidth, destination: destinationWidth, visible: visible.width, filter: filter)
        let y = Self.axisCost(
            source: reducedHeight, destination: destinationHeight, visible: visible.height,
            filter: filter)
        let verticalFirst = visible.height.multipliedClamped(by: x.span).multipliedClamped(by: 4)
        let horizontalFirst = y.span.multipliedClamped(by: visible.width).multipliedClamped(by: 4)
        let bothAxes = destinationWidth != reducedWidth && destinationHeight != reducedHeight
        self.horizontalFirst = bothAxes && verticalFirst > Self.horizontalFirstBytes && horizontalFirst < verticalFirst
        let preReduced = blockWidth * blockHeight > 1 ? reducedWidth.multipliedClamped(by: reducedHeight * 4) : 0
        let intermediate = self.horizontalFirst ? horizontalFirst : verticalFirst
        let output = visible.width.multipliedClamped(by: visible.height).multipliedClamped(by: 4)
        bytes = [preReduced, x.tables, y.tables, intermediate, output].reduce(0) { $0.addingClamped($1) }
    }

    /// The box size for one axis: 1 unless the reduction is extreme.
    static func block(source: Int, destination: Int) -> Int {
        guard destination > 0 else { return 1 }
        let ratio = Double(source) / Double(destination)
        return ratio > preReductionRatio ? Int(ratio / remainingRatio) : 1
    }

    /// Source samples one pass reads for `visible` outputs, and the bytes of
    /// that axis's tables (Int32 while computed, then Int16, plus starts and counts).
    static func axisCost(source: Int, destination: Int, visible: Int, filter: ResamplingFilter)
        -> (span: Int, tables: Int)
    {
        guard destination != source, destination > 0 else { return (min(source, visible), 0) }
        let scale = Double(source) / Double(destination)
        let support = filter.support * max(scale, 1)
        let stride = Int((support * 2).rounded(.up)) + 2
        let span = min(source, Int((Double(visible) * scale + 2 * support).rounded(.up)) + 2)
        return (span, visible.multipliedClamped(by: stride * 6 + 8))
    }
}

extension Int {
    /// `self × other`, or `Int.max` when that overflows (sizes from hostile headers).
    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }

    /// `self + other`, or `Int.max` when that overflows.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
