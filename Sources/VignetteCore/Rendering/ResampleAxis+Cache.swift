extension ResampleAxis {
    /// What one axis's taps depend on.
    struct Key: Hashable, Sendable {
        var sourceLength: Int
        var destinationLength: Int
        var visible: Range<Int>
        var filter: ResamplingFilter
    }

    /// Recently computed axes: a batch of same-sized photos rendered to one
    /// size needs the same taps every time, and computing them (a filter
    /// evaluation per tap) was ~1% of such a batch.
    private static let recent = Locked<[Key: ResampleAxis]>([:])
    /// At most this many axes are kept…
    static let recentLimit = 8
    /// …each with at most this many weights (256 KiB; a photo's axis has ~10k).
    static let recentWeightLimit = 128 << 10

    /// The axis for these sizes, from the recent ones when it was computed lately.
    static func cached(
        sourceLength: Int, destinationLength: Int, visible: Range<Int>,
        filter: ResamplingFilter
    ) -> ResampleAxis {
        let key = Key(sourceLength: sourceLength, destinationLength: destinationLength, visible: visible, filter: filter)
        if let hit = recent.withLock({ $0[key] }) { return hit }
        let axis = ResampleAxis(
            sourceLength: sourceLength, destinationLength: destinationLength,
            visible: visible, filter: filter)
        guard axis.weights.count <= recentWeightLimit else { return axis }
        recent.withLock { recent in
            if recent.count >= recentLimit { recent.removeAll(keepingCapacity: true) }
            recent[key] = axis
        }
        return axis
    }
}
