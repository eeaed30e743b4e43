import Foundation
import SnapshotTesting
import VignetteCore

extension Diffing where Value == Bitmap {
    /// Bitmaps stored as PNG and compared with Vignette's `ImageComparison`
    /// (see there for `ignoring:`, `antiAliasing:` and `maxDifferentPixels:`,
    /// at most that many pixels failing). An argument left nil takes the
    /// scope's default (`.imageSnapshots(…)`, `withImageSnapshotDefaults`),
    /// else exact.
    ///
    /// On a mismatch it writes the actual, reference, diff and side-by-side
    /// images into the run's artifacts folder (`assertImageSnapshot`'s, see
    /// `SnapshotFolder.artifacts(forTestFile:)`; elsewhere `SNAPSHOT_ARTIFACTS`,
    /// else the temporary folder), returns
    /// the same four PNGs as attachments (`assertImageSnapshot` hands them to the
    /// running test) and its message names the files with the figures.
    public static func image(
        precision: Double? = nil, perceptualPrecision: Double? = nil,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing? = nil,
        maxDifferentPixels: Int? = nil
    ) -> Diffing<Bitmap> {
        let comparison = ImageSnapshotDefaults.comparison(
            precision: precision, perceptualPrecision: perceptualPrecision,
            ignoring: ignoring, antiAliasing: antiAliasing, maxDifferentPixels: maxDifferentPixels)
        return image(comparison)
    }

    /// Bitmaps stored as PNG and compared with exactly this comparison
    /// (no defaults apply).
    public static func image(_ comparison: ImageComparison) -> Diffing<Bitmap> {
        .diff(
            toData: { bitmap in (try? bitmap.encoded()) ?? Data() },
            // An unreadable reference becomes an empty bitmap, which then
            // fails with "sizes differ" rather than crashing the test run.
            fromData: { data in (try? Bitmap(decoding: data)) ?? Bitmap(width: 0, height: 0) },
            diffV2: { reference, actual in
                let result = comparison.compare(reference, actual)
                guard !result.matches else { return nil }
                let (images, problem) = SnapshotArtifacts.images(reference: reference, actual: actual, comparison: comparison)
                let files = SnapshotArtifacts.write(images, problem: problem)
                SnapshotArtifacts.writeFigures(SnapshotArtifacts.figures(result, reference: reference, actual: actual))
                let attachments = images.map { DiffAttachment.data($0.png, name: SnapshotArtifacts.fileName($0)) }
                return (SnapshotArtifacts.message(result, files: files), attachments)
            }
        )
    }
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// An exact PNG snapshot of a bitmap.
    public static var image: Snapshotting<Bitmap, Bitmap> { .image() }

    /// A PNG snapshot of a bitmap with tolerances, ignored regions, an
    /// anti-aliasing mode and an absolute tolerance (see `ImageComparison`);
    /// an argument left nil takes the scope's default (see `ImageSnapshotDefaults`).
    public static func image(
        precision: Double? = nil, perceptualPrecision: Double? = nil,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing? = nil,
        maxDifferentPixels: Int? = nil
    ) -> Snapshotting<Bitmap, Bitmap> {
        Snapshotting(
            pathExtension: "png",
            diffing: .image(
                precision: precision, perceptualPrecision: perceptualPrecision,
                ignoring: ignoring, antiAliasing: antiAliasing, maxDifferentPixels: maxDifferentPixels))
    }
}

extension Snapshotting where Value == ImageSurface, Format == Bitmap {
    /// An exact PNG snapshot of what a surface renders.
    public static var image: Snapshotting<ImageSurface, Bitmap> { .image() }

    /// A PNG snapshot of what a surface renders, with tolerances, ignored
    /// regions (rectangles in the surface's points), an anti-aliasing mode and
    /// an absolute tolerance; an argument left nil takes the scope's default.
    public static func image(
        precision: Double? = nil, perceptualPrecision: Double? = nil,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing? = nil,
        maxDifferentPixels: Int? = nil
    ) -> Snapshotting<ImageSurface, Bitmap> {
        Snapshotting<Bitmap, Bitmap>.image(
            precision: precision, perceptualPrecision: perceptualPrecision,
            ignoring: ignoring, antiAliasing: antiAliasing, maxDifferentPixels: maxDifferentPixels
        )
        .pullback { surface in surface.render() }
    }
}
