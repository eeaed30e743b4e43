extension ImageComparison {
    /// Why a comparison could not be made as asked, or why an artifact (a
    /// diff or side-by-side image) was not made.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The artifact would have more pixels than the budget allows.
        case artifactTooLarge(name: String, width: Int, height: Int, limit: Int)
        /// An `ignoring:` mask bitmap whose pixel size is not the images'.
        case maskSizeMismatch(mask: PixelSize, image: PixelSize)
        /// An `ignoring:` rectangle with a negative or non-finite size or a non-finite origin.
        case invalidIgnoredRect(Rect)

        /// What was asked for and the limit, in words a user can act on.
        public var description: String {
            switch self {
            case .artifactTooLarge(let name, let width, let height, let limit):
                let (count, overflow) = width.multipliedReportingOverflow(by: height)
                return "the \(name) image would be \(width)x\(height) = \(overflow ? "over \(Int.max)" : "\(count)") pixels, "
                    + "over the budget of \(limit) pixels"
            case .maskSizeMismatch(let mask, let image):
                return "the ignoring mask is \(mask) px but the images are \(image) px; "
                    + "make the mask the images' pixel size (points × scale)"
            case .invalidIgnoredRect(let rect):
                return "the ignored rectangle x \(rect.minX), y \(rect.minY), width \(rect.size.width), "
                    + "height \(rect.size.height) (points) needs a finite origin and a finite, non-negative size"
            }
        }
    }
}
