import Foundation
import Vignette

/// The pixels a comparison's ignored regions cover in one pair, computed as
/// the library applies them at scale 1 (`--ignore` rectangles clipped to the
/// image, `--mask` pixels whose alpha is not 0): for the per-file figures
/// (`ignoredPixelCount`) and so that the report's statistics (worst and
/// p99 ΔE, changed regions) leave ignored pixels out, as the verdict does.
struct CompareIgnoredPixels {
    let width: Int
    let height: Int
    private(set) var flags: [Bool]
    private(set) var count = 0

    /// Nil when the comparison ignores nothing, or when a region cannot apply
    /// to this size (a mask of another size: the result reports it).
    init?(_ comparison: ImageComparison, width: Int, height: Int) {
        guard !comparison.ignoring.isEmpty, width > 0, height > 0 else { return nil }
        self.width = width
        self.height = height
        flags = [Bool](repeating: false, count: width * height)
        for region in comparison.ignoring {
            switch region {
            case .rect(let rect):
                let pixels = PixelRect(
                    minX: Int(rect.minX.rounded(.down)), minY: Int(rect.minY.rounded(.down)),
                    maxX: Int(rect.maxX.rounded(.up)), maxY: Int(rect.maxY.rounded(.up))
                ).intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
                guard !pixels.isEmpty else { continue }
                for y in pixels.minY..<pixels.maxY {
                    for x in pixels.minX..<pixels.maxX { flags[y * width + x] = true }
                }
            case .mask(let mask):
                guard mask.width == width, mask.height == height else { return nil }
                mask.pixels.withUnsafeBufferPointer { p in
                    for i in 0..<flags.count where p[i * 4 + 3] != 0 { flags[i] = true }
                }
            }
        }
        count = flags.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// `actual` with its ignored pixels replaced by the reference's, so that
    /// they no longer differ.
    func hiding(in actual: [UInt8], reference: [UInt8]) -> [UInt8] {
        var out = actual
        out.withUnsafeMutableBufferPointer { o in
            reference.withUnsafeBufferPointer { r in
                for i in 0..<flags.count where flags[i] {
                    for c in 0..<4 { o[i * 4 + c] = r[i * 4 + c] }
                }
            }
        }
        return out
    }

    /// Statistics of the pair outside the ignored pixels (see `ImageComparison.statistics`).
    static func statistics(
        _ comparison: ImageComparison, reference: CompareFolders.Loaded, actual: CompareFolders.Loaded
    ) -> ImageComparison.Statistics? {
        guard let ignored = CompareIgnoredPixels(comparison, width: reference.width, height: reference.height),
            reference.size == actual.size, ignored.count > 0
        else { return ImageComparison.statistics(reference: reference.image, actual: actual.image) }
        let visible = ignored.hiding(in: actual.pixels, reference: reference.pixels)
        return ImageComparison.statistics(reference: reference.image, actual: (actual.width, actual.height, visible))
    }
}
