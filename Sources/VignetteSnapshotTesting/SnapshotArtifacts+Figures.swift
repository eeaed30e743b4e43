import Foundation
import VignetteCore
import VignetteSnapshotReview

extension SnapshotArtifacts {
    /// The figures of a failed comparison, for the review page and the CI reports.
    static func figures(_ result: ImageComparison.Result, reference: Bitmap, actual: Bitmap) -> SnapshotFigures {
        let comparison = result.comparison
        var statistics: ImageComparison.Statistics?
        if !result.sizesDiffer {
            statistics = ImageComparison.statistics(
                reference: (reference.width, reference.height, reference.straightRGBA()),
                actual: (actual.width, actual.height, actual.straightRGBA()), maxRegions: 1)
        }
        var ignored: [SnapshotFigures.Box] = []
        var masks = 0
        for region in comparison.ignoring {
            switch region {
            case .rect(let rect):
                // As the comparison does: points times the actual's scale, every touched pixel.
                guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { continue }
                let minX = Int((rect.minX * actual.scale).rounded(.down))
                let minY = Int((rect.minY * actual.scale).rounded(.down))
                let maxX = Int((rect.maxX * actual.scale).rounded(.up))
                let maxY = Int((rect.maxY * actual.scale).rounded(.up))
                ignored.append(SnapshotFigures.Box(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY)))
            case .mask: masks += 1
            }
        }
        let bounds = result.differenceBounds.map {
            SnapshotFigures.Box(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX, height: $0.maxY - $0.minY)
        }
        return SnapshotFigures(
            referenceWidth: result.referenceSize.width, referenceHeight: result.referenceSize.height,
            actualWidth: result.actualSize.width, actualHeight: result.actualSize.height,
            precision: comparison.precision, perceptualPrecision: comparison.perceptualPrecision,
            maxDifferentPixels: comparison.maxDifferentPixels, antiAliasing: "\(comparison.antiAliasing)",
            differingPixels: result.differingPixelCount, failingPixels: result.failingPixelCount,
            antiAliasedPixels: result.antiAliasedPixelCount, ignoredDifferingPixels: result.ignoredDifferingPixelCount,
            worstDeltaE: result.worstDeltaE, p99DeltaE: statistics?.percentile99DeltaE,
            worstX: result.worstLocation?.x, worstY: result.worstLocation?.y, bounds: bounds,
            ignored: ignored, ignoredMasks: masks, summary: "\(result)")
    }

    /// Writes the figures beside the failure images of a named snapshot; a
    /// folder that cannot be written only loses them (the message has the figures too).
    static func writeFigures(_ figures: SnapshotFigures) {
        guard let baseName, let data = try? JSONEncoder().encode(figures) else { return }
        let file = SnapshotRun.metadata(folder).appendingPathComponent("images", isDirectory: true)
            .appendingPathComponent(baseName + ".json")
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? AtomicFile.write(data, to: file.path)
    }
}
