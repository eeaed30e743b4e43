import Foundation

/// The figures of one failed comparison, written by VignetteSnapshotTesting
/// beside its failure images (`SnapshotRunFormat.failureFile("json", …)`)
/// so the review page and the reports need not decode an image to show them.
package struct SnapshotFigures: Codable, Equatable, Sendable {
    /// A rectangle in pixels of the images.
    package struct Box: Codable, Equatable, Sendable {
        package var x, y, width, height: Int

        package init(x: Int, y: Int, width: Int, height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }
    }

    package var referenceWidth: Int
    package var referenceHeight: Int
    package var actualWidth: Int
    package var actualHeight: Int
    package var precision: Double
    package var perceptualPrecision: Double
    package var maxDifferentPixels: Int?
    package var antiAliasing: String
    package var differingPixels: Int
    package var failingPixels: Int
    package var antiAliasedPixels: Int
    package var ignoredDifferingPixels: Int
    package var worstDeltaE: Double
    /// The 99th percentile of ΔE among differing pixels (nil when the sizes differ).
    package var p99DeltaE: Double?
    package var worstX: Int?
    package var worstY: Int?
    /// The smallest rectangle holding every differing pixel outside ignored regions.
    package var bounds: Box?
    /// Ignored rectangles, in pixels (edges rounded outwards).
    package var ignored: [Box]
    /// Ignored masks: their pixels are striped in the diff image.
    package var ignoredMasks: Int
    /// The comparison's one-line summary, as the failure message gives it.
    package var summary: String

    /// Every figure; VignetteSnapshotTesting fills them in from a comparison.
    package init(
        referenceWidth: Int, referenceHeight: Int, actualWidth: Int, actualHeight: Int, precision: Double, perceptualPrecision: Double,
        maxDifferentPixels: Int?, antiAliasing: String, differingPixels: Int, failingPixels: Int, antiAliasedPixels: Int, ignoredDifferingPixels: Int,
        worstDeltaE: Double, p99DeltaE: Double?, worstX: Int?, worstY: Int?, bounds: Box?, ignored: [Box], ignoredMasks: Int, summary: String
    ) {
        self.referenceWidth = referenceWidth
        self.referenceHeight = referenceHeight
        self.actualWidth = actualWidth
        self.actualHeight = actualHeight
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.maxDifferentPixels = maxDifferentPixels
        self.antiAliasing = antiAliasing
        self.differingPixels = differingPixels
        self.failingPixels = failingPixels
        self.antiAliasedPixels = antiAliasedPixels
        self.ignoredDifferingPixels = ignoredDifferingPixels
        self.worstDeltaE = worstDeltaE
        self.p99DeltaE = p99DeltaE
        self.worstX = worstX
        self.worstY = worstY
        self.bounds = bounds
        self.ignored = ignored
        self.ignoredMasks = ignoredMasks
        self.summary = summary
    }

    /// The ΔE a pixel may have and still match.
    package var deltaEThreshold: Double { (1 - perceptualPrecision) * 100 }

    /// Reads a figures file; nil when it is missing, too large or not figures.
    package static func read(_ file: URL) -> SnapshotFigures? {
        guard let data = try? SnapshotFiles.read(file.path, limit: 1 << 20) else { return nil }
        return try? JSONDecoder().decode(SnapshotFigures.self, from: data)
    }

    /// The figures in one line of words.
    package var words: String {
        if referenceWidth != actualWidth || referenceHeight != actualHeight {
            return "sizes differ: reference \(referenceWidth)×\(referenceHeight) px, actual \(actualWidth)×\(actualHeight) px"
        }
        let pixels = max(1, referenceWidth * referenceHeight)
        var parts = [
            "\(differingPixels) of \(referenceWidth * referenceHeight) pixels differ",
            "\(failingPixels) fail (\(String(format: "%.2f", Double(failingPixels) * 100 / Double(pixels)))%)"
        ]
        if antiAliasedPixels > 0 { parts.append("\(antiAliasedPixels) look like anti-aliasing") }
        if ignoredDifferingPixels > 0 { parts.append("\(ignoredDifferingPixels) differ inside ignored regions") }
        parts.append(String(format: "worst ΔE %.2f", worstDeltaE) + (p99DeltaE.map { String(format: " · p99 ΔE %.2f", $0) } ?? ""))
        parts.append(String(format: "a pixel fails beyond ΔE %.2f", deltaEThreshold))
        return parts.joined(separator: " · ")
    }
}
