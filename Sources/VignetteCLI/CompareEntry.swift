import Foundation
import Vignette

/// One image's outcome in a folder comparison.
struct CompareEntry: Sendable {
    /// How the image changed between the two folders.
    enum Status: String, Codable, Sendable, CaseIterable {
        /// Only in ACTUAL_DIR.
        case added
        /// Only in REF_DIR.
        case removed
        /// In both, not matching within the tolerances (or of another size).
        case changed
        /// In both, matching within the tolerances.
        case unchanged
        /// One of the two could not be read or decoded.
        case unreadable
    }

    /// Why a file could not be used, in words a user can act on.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Report files, relative to the report folder.
    struct Artifacts: Codable, Sendable, Equatable {
        var reference: String?
        var actual: String?
        var diff: String?
    }

    /// Relative path, "/"-separated.
    var path: String
    var status: Status
    var referenceSize: PixelSize?
    var actualSize: PixelSize?
    var result: ImageComparison.Result?
    var statistics: ImageComparison.Statistics?
    /// Pixels inside the ignored regions (clipped to this image), whether they differ or not.
    var ignoredPixelCount: Int?
    var error: String?
    var artifacts: Artifacts?

    init(path: String, status: Status) {
        self.path = path
        self.status = status
    }

    /// True when the pixels differ at all (within tolerance or not).
    var hasDifferences: Bool {
        guard let result else { return false }
        return result.sizesDiffer || result.differingPixelCount > 0
    }

    /// One line for the terminal (control characters in names escaped).
    var line: String {
        let name = CompareEntry.printable(path)
        let padded = status.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
        switch status {
        case .unreadable:
            return padded + name + ": " + CompareEntry.printable(error ?? "")
        case .added, .removed:
            let size = (status == .added ? actualSize : referenceSize).map { " (\($0.width)x\($0.height) px)" } ?? ""
            return padded + name + size
        case .changed, .unchanged:
            var text = padded + name + (result.map { ": " + $0.description } ?? "")
            if let statistics, statistics.differingPixelCount > 0 {
                let regions = statistics.changedRegions
                text += "; p99 ΔE \(String(format: "%.2f", statistics.percentile99DeltaE))"
                if result?.worstDeltaEIsUpperBound == true {
                    text += ", exact worst ΔE " + String(format: "%.2f", statistics.worstDeltaE)
                }
                text +=
                    "; \(regions.count) region\(regions.count == 1 ? "" : "s"): "
                    + regions.prefix(4).map(\.description).joined(separator: " ")
                    + (regions.count > 4 ? " …" : "")
            }
            return text
        }
    }

    /// The text with control characters shown as `\u{…}` (a file name must
    /// not move the cursor or recolour the terminal).
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
