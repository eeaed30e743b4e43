import Foundation
import Vignette

/// The JSON summary of a folder comparison (`--json`, and `summary.json` in
/// a report). Keys are sorted; optional figures are left out when they do
/// not apply (e.g. pixel counts when the sizes differ). Units: ΔE is CIE94
/// on 8-bit sRGB; shares are shares of pixels, 0...1.
struct CompareSummary: Codable, Sendable {
    /// Files per status.
    struct Totals: Codable, Sendable {
        var files = 0, added = 0, removed = 0, changed = 0, unchanged = 0, unreadable = 0
    }

    /// A size in pixels.
    struct Size: Codable, Sendable, Equatable {
        var width: Int
        var height: Int
    }

    /// A bounding box in pixels of the reference (x, y: top-left corner).
    struct Box: Codable, Sendable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// One image.
    struct File: Codable, Sendable {
        var path: String
        var status: CompareEntry.Status
        var referenceSize: Size?
        var actualSize: Size?
        var pixelCount: Int?
        var differingPixelCount: Int?
        var failingPixelCount: Int?
        var differingShare: Double?
        var failingShare: Double?
        /// Failing pixels that look like anti-aliasing (0 under `strict`, which does not look).
        var antiAliasedPixelCount: Int?
        /// Differing pixels inside ignored regions (counted nowhere else).
        var ignoredDifferingPixelCount: Int?
        /// Pixels inside ignored regions, clipped to this image, differing or not.
        var ignoredPixelCount: Int?
        /// Why the pair was not compared (a mask of another size).
        var regionError: String?
        var worstDeltaE: Double?
        var p99DeltaE: Double?
        var boxes: [Box]?
        var artifacts: CompareEntry.Artifacts?
        var error: String?
    }

    /// Format version of this summary.
    var version = 1
    var reference: String
    var actual: String
    var precision: Double
    var perceptualPrecision: Double
    /// The ΔE above which a pixel fails, `(1 − perceptualPrecision) × 100`.
    var deltaEThreshold: Double
    /// `--max-different-pixels` (absent when not given).
    var maxDifferentPixels: Int?
    /// `--anti-aliasing`.
    var antiAliasing: CompareAntiAliasing
    /// `--ignore` rectangles in pixels, as given (each clipped to each image; a value over 10⁹ reads as 10⁹).
    var ignore: [Box]
    /// `--mask`, as given (absent when not given).
    var mask: String?
    var units: [String: String] = ["deltaE": "CIE94 on 8-bit sRGB", "share": "share of pixels, 0...1"]
    var totals: Totals
    var files: [File]

    init(entries: [CompareEntry], command: CompareCommand, comparison: ImageComparison) {
        reference = command.reference
        actual = command.actual
        precision = comparison.precision
        perceptualPrecision = comparison.perceptualPrecision
        deltaEThreshold = Self.rounded(comparison.deltaEThreshold)
        maxDifferentPixels = comparison.maxDifferentPixels
        antiAliasing = command.antiAliasing
        ignore = command.ignoredRects.map { Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        mask = command.mask
        var totals = Totals()
        files = entries.map { entry in
            totals.files += 1
            switch entry.status {
            case .added: totals.added += 1
            case .removed: totals.removed += 1
            case .changed: totals.changed += 1
            case .unchanged: totals.unchanged += 1
            case .unreadable: totals.unreadable += 1
            }
            return Self.file(entry)
        }
        self.totals = totals
    }

    private static func file(_ entry: CompareEntry) -> File {
        let size = { (size: PixelSize?) in size.map { Size(width: $0.width, height: $0.height) } }
        var file = File(
            path: entry.path, status: entry.status, referenceSize: size(entry.referenceSize),
            actualSize: size(entry.actualSize), artifacts: entry.artifacts, error: entry.error)
        if let result = entry.result, let regionError = result.regionError {
            file.regionError = regionError.description
        } else if let result = entry.result, !result.sizesDiffer {
            file.pixelCount = result.pixelCount
            file.differingPixelCount = result.differingPixelCount
            file.failingPixelCount = result.failingPixelCount
            file.differingShare = result.differingShare
            file.failingShare = result.failingShare
            file.antiAliasedPixelCount = result.antiAliasedPixelCount
            file.ignoredDifferingPixelCount = result.ignoredDifferingPixelCount
            file.ignoredPixelCount = entry.ignoredPixelCount
        }
        if let statistics = entry.statistics {
            file.worstDeltaE = rounded(statistics.worstDeltaE)
            file.p99DeltaE = rounded(statistics.percentile99DeltaE)
            file.boxes = statistics.changedRegions.map { Box(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height) }
        }
        return file
    }

    /// ΔE to 1/1000: finer figures are noise of the float maths.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Pretty-printed, keys sorted, ending with a newline.
    var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// "5 files: 1 changed, 1 added, 1 removed, 0 unreadable, 2 unchanged".
    var totalsLine: String {
        "\(totals.files) file\(totals.files == 1 ? "" : "s"): \(totals.changed) changed, \(totals.added) added, "
            + "\(totals.removed) removed, \(totals.unreadable) unreadable, \(totals.unchanged) unchanged"
    }
}
