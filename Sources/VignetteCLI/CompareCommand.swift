import ArgumentParser
import Dispatch
import Foundation
import Vignette

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNG files, or two folders of PNGs, pixel by pixel.",
        discussion: """
            Exact by default. --perceptual-precision P forgives per-pixel differences up to \
            (1 − P) × 100 ΔE (CIE94 on 8-bit sRGB); --precision P is the share of pixels that must pass.

            Two folders: images are paired by relative path (recursively: .png, .jpg, .jpeg, .webp, \
            .avif, .gif; names starting with a dot skipped) and each is added, removed, changed, unchanged or unreadable. \
            --json prints a JSON summary; --report DIR writes diff images, summary.json and an \
            index.html to review in a browser.

            Tolerances, for two files and for every pair of two folders: --ignore X,Y,W,H ignores a \
            rectangle of whole pixels (repeatable; clipped to each image); --mask FILE ignores the pixels \
            where the mask's alpha is not 0 (a mask of another size than a pair makes that pair changed); \
            --anti-aliasing reported counts the failing pixels that look like anti-aliasing, forgiven lets \
            them pass; --max-different-pixels N lets at most N pixels fail (outside ignored pixels, forgiven \
            anti-aliasing excluded): alone it replaces --precision, with --precision both must hold.

            Exit status: 0 when the images match, 1 when they differ (the figures are printed), \
            2 when an input or the mask cannot be read or an output cannot be written, 64 on a usage error.
            """)

    @Argument(help: "The reference PNG, or a folder of them.")
    var reference: String

    @Argument(help: "The PNG to check against it, or a folder of them.")
    var actual: String

    @Option(help: "Share of pixels that must match, 0...1.")
    var precision: Double = 1

    @Option(help: "Per-pixel similarity, 0...1 (0.98 forgives ΔE 2).")
    var perceptualPrecision: Double = 1

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "At most N pixels may fail. Alone it replaces --precision; with --precision both must hold.", valueName: "N"))
    var maxDifferentPixels: Int?

    @Option(
        help: "strict: every pixel beyond the tolerance fails; reported: also count those that look like anti-aliasing; forgiven: count them and let them pass."
    )
    var antiAliasing: CompareAntiAliasing = .strict

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Ignore a rectangle of whole pixels, clipped to each image (repeatable).", valueName: "X,Y,W,H"))
    var ignore: [String] = []

    @Option(
        help: ArgumentHelp(
            "Ignore the pixels where this image's alpha is not 0 (its colour is not used); it must have the images' pixel size.",
            valueName: "FILE"))
    var mask: String?

    @Option(help: "Write reference | actual | diff side by side to this PNG.")
    var diff: String?

    @Option(help: "Write diff images, summary.json and index.html into this folder (created if missing).")
    var report: String?

    @Flag(help: "Print a JSON summary instead of text.")
    var json = false

    func validate() throws {
        for (name, value) in [("--precision", precision), ("--perceptual-precision", perceptualPrecision)]
        where !(value >= 0 && value <= 1) {
            throw ValidationError("\(name) must be between 0 and 1, got \(value)")
        }
        try validateToleranceOptions()
        let kinds = [reference, actual].map(CompareInputs.kind)
        // A path ending in "/" means a folder even when it is missing.
        if kinds.contains(.folder) || [reference, actual].contains(where: { $0.hasSuffix("/") }) {
            guard kinds == [.folder, .folder] else {
                throw ValidationError(CompareInputs.mixedKindsMessage(reference: reference, actual: actual, kinds: kinds))
            }
        }
        if diff != nil && (json || report != nil || kinds.contains(.folder)) {
            throw ValidationError("--diff takes two files and no --json or --report; use --report DIR for a review page")
        }
    }

    func run() throws {
        let comparison: ImageComparison
        do {
            comparison = try makeComparison()
        } catch {
            FileHandle.standardError.write(Data("error: --mask \(mask ?? ""): \(error)\n".utf8))
            throw ExitCode(2)
        }
        let kinds = [reference, actual].map(CompareInputs.kind)
        if kinds == [.folder, .folder] {
            throw ExitCode(CompareFolders(command: self, comparison: comparison).run())
        }
        if json || report != nil {
            throw ExitCode(CompareFolders(command: self, comparison: comparison).runFiles())
        }
        try compareFiles(comparison)
    }

    /// The two-file form, as it always was.
    private func compareFiles(_ comparison: ImageComparison) throws {
        // Decoding dominates; the two files decode in parallel, to straight
        // RGBA as stored (no premultiplication rounding in the comparison).
        // Byte-identical files (an unchanged snapshot) decode once.
        let paths = [reference, actual]
        typealias Decoded = (header: PNGCodec.Header, pixels: [UInt8])
        let results = ComparePairLoading.load(
            paths.map { path in
                { @Sendable () -> Result<Data, PNGCodec.Error> in
                    Result { () throws(PNGCodec.Error) -> Data in
                        do {
                            return try Data(contentsOf: URL(fileURLWithPath: path))
                        } catch {
                            throw .unreadable(path: path, reason: FileErrors.reason(error, path: path))
                        }
                    }
                }
            }, parallel: true
        ) { data in
            Result { () throws(PNGCodec.Error) -> Decoded in try PNGCodec.decodeStraightRGBA(data) }
        }
        var images: [Decoded] = []
        for index in 0..<2 {
            switch results[index]! {
            case .success(let image): images.append(image)
            case .failure(let error):
                FileHandle.standardError.write(Data("error: \(paths[index]): \(error)\n".utf8))
            }
        }
        guard images.count == 2 else { throw ExitCode(2) }

        let result = comparison.compareStraightRGBA(
            reference: (images[0].header.width, images[0].header.height, images[0].pixels),
            actual: (images[1].header.width, images[1].header.height, images[1].pixels))
        print((result.matches ? "match: " : "differ: ") + result.description)
        if let diff {
            do {
                let bitmaps = try images.map { try Bitmap(width: $0.header.width, height: $0.header.height, straightRGBA: $0.pixels) }
                try AtomicFile.write(try comparison.sideBySide(bitmaps[0], bitmaps[1]).encoded(), to: diff)
                print("wrote \(diff) (reference | actual\(result.sizesDiffer ? "" : " | diff"))")
            } catch {
                FileHandle.standardError.write(Data("error: --diff \(diff): \(error)\n".utf8))
                throw ExitCode(2)
            }
        }
        if !result.matches { throw ExitCode(1) }
    }
}
