import ArgumentParser
import Foundation
import Vignette

/// `--anti-aliasing`: the library's `ImageComparison.AntiAliasing`, by name.
enum CompareAntiAliasing: String, CaseIterable, Codable, ExpressibleByArgument {
    case strict, reported, forgiven

    var library: ImageComparison.AntiAliasing {
        switch self {
        case .strict: return .strict
        case .reported: return .reported
        case .forgiven: return .forgiven
        }
    }
}

/// One `--ignore X,Y,W,H`: a rectangle of whole pixels, clipped to each image.
struct CompareIgnoredRect: Codable, Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// Larger values mean "to the end of the image" (the library clamps pixel edges to ±1e9 too).
    static let maxValue = 1_000_000_000

    /// Parses `X,Y,W,H`: four whole numbers ≥ 0; nil when malformed or negative.
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.compactMap { part -> Int? in
            let digits = part.trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            // Digits only: a value too large for Int is still "the end of the image".
            return Int(digits).map { min($0, Self.maxValue) } ?? Self.maxValue
        }
        guard parts.count == 4, values.count == 4 else { return nil }
        (x, y, width, height) = (values[0], values[1], values[2], values[3])
    }

    /// The pixels it covers in an image of this size (possibly empty).
    func clipped(width imageWidth: Int, height imageHeight: Int) -> PixelRect {
        PixelRect(minX: x, minY: y, maxX: x + width, maxY: y + height)
            .intersection(PixelRect(minX: 0, minY: 0, maxX: imageWidth, maxY: imageHeight))
    }

    /// The library's form: at scale 1 a point is a pixel, and whole numbers round to themselves.
    var region: ImageComparison.IgnoredRegion {
        .rect(Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
    }
}

extension CompareCommand {
    /// The `--ignore` rectangles (checked by `validate()`).
    var ignoredRects: [CompareIgnoredRect] { ignore.compactMap(CompareIgnoredRect.init(argument:)) }

    /// Usage errors of the tolerance options, naming the option.
    func validateToleranceOptions() throws {
        for value in ignore where CompareIgnoredRect(argument: value) == nil {
            throw ValidationError(
                "--ignore '\(value)': give X,Y,W,H, four whole numbers of pixels ≥ 0 (e.g. --ignore 0,0,120,20)")
        }
        if let maxDifferentPixels, maxDifferentPixels < 0 {
            throw ValidationError("--max-different-pixels must be 0 or more, got \(maxDifferentPixels)")
        }
    }

    /// The comparison the options ask for, the `--mask` read and decoded once
    /// (any format `compare` reads; its pixel size is checked per pair).
    func makeComparison() throws(CompareEntry.Failure) -> ImageComparison {
        var regions = ignoredRects.map(\.region)
        if let mask {
            let data = try CompareInputs.read(CompareInputs.realPath(mask) ?? mask)
            let image = try CompareFolders.decode(data).get()
            do {
                regions.append(.mask(try Bitmap(width: image.width, height: image.height, straightRGBA: image.pixels)))
            } catch {
                throw .init("\(error)")
            }
        }
        return ImageComparison(
            precision: precision, perceptualPrecision: perceptualPrecision, ignoring: regions,
            antiAliasing: antiAliasing.library, maxDifferentPixels: maxDifferentPixels)
    }
}
