extension ImageComparison {
    /// Why a comparison artifact (a diff or side-by-side image) was not made.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The artifact would have more pixels than the budget allows.
        case artifactTooLarge(name: String, width: Int, height: Int, limit: Int)

        /// What was asked for and the limit, in words a user can act on.
        public var description: String {
            switch self {
            case .artifactTooLarge(let name, let width, let height, let limit):
                let (count, overflow) = width.multipliedReportingOverflow(by: height)
                return "the \(name) image would be \(width)x\(height) = \(overflow ? "over \(Int.max)" : "\(count)") pixels, "
                    + "over the budget of \(limit) pixels"
            }
        }
    }
}
