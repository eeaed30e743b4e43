import Foundation
import SnapshotTesting
import VignetteCore

extension Diffing where Value == Bitmap {
    /// Bitmaps stored as PNG and compared with Vignette's `ImageComparison`
    /// (see there for `ignoring:` and `antiAliasing:`).
    ///
    /// On a mismatch it writes the actual, reference, diff and side-by-side
    /// images into `SNAPSHOT_ARTIFACTS` (else the temporary folder), returns
    /// the same four PNGs as attachments (`assertImageSnapshot` hands them to the
    /// running test) and its message names the files with the figures.
    public static func image(
        precision: Double = 1, perceptualPrecision: Double = 1,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing = .strict
    ) -> Diffing<Bitmap> {
        let comparison = ImageComparison(
            precision: precision, perceptualPrecision: perceptualPrecision,
            ignoring: ignoring, antiAliasing: antiAliasing)
        return .diff(
            toData: { bitmap in (try? PNGCodec.encode(bitmap)) ?? Data() },
            // An unreadable reference becomes an empty bitmap, which then
            // fails with "sizes differ" rather than crashing the test run.
            fromData: { data in (try? PNGCodec.decode(data)) ?? Bitmap(width: 0, height: 0) },
            diffV2: { reference, actual in
                let result = comparison.compare(reference, actual)
                guard !result.matches else { return nil }
                let (images, problem) = SnapshotArtifacts.images(reference: reference, actual: actual, comparison: comparison)
                let files = SnapshotArtifacts.write(images, problem: problem)
                let attachments = images.map { DiffAttachment.data($0.png, name: SnapshotArtifacts.fileName($0)) }
                return (SnapshotArtifacts.message(result, files: files), attachments)
            }
        )
    }
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// An exact PNG snapshot of a bitmap.
    public static var image: Snapshotting<Bitmap, Bitmap> { .image() }

    /// A PNG snapshot of a bitmap with tolerances, ignored regions and an
    /// anti-aliasing mode (see `ImageComparison`).
    public static func image(
        precision: Double = 1, perceptualPrecision: Double = 1,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing = .strict
    ) -> Snapshotting<Bitmap, Bitmap> {
        Snapshotting(
            pathExtension: "png",
            diffing: .image(
                precision: precision, perceptualPrecision: perceptualPrecision,
                ignoring: ignoring, antiAliasing: antiAliasing))
    }
}

extension Snapshotting where Value == ImageSurface, Format == Bitmap {
    /// An exact PNG snapshot of what a surface renders.
    public static var image: Snapshotting<ImageSurface, Bitmap> { .image() }

    /// A PNG snapshot of what a surface renders, with tolerances, ignored
    /// regions (rectangles in the surface's points) and an anti-aliasing mode.
    public static func image(
        precision: Double = 1, perceptualPrecision: Double = 1,
        ignoring: [ImageComparison.IgnoredRegion] = [], antiAliasing: ImageComparison.AntiAliasing = .strict
    ) -> Snapshotting<ImageSurface, Bitmap> {
        Snapshotting<Bitmap, Bitmap>.image(
            precision: precision, perceptualPrecision: perceptualPrecision,
            ignoring: ignoring, antiAliasing: antiAliasing
        )
        .pullback { surface in surface.render() }
    }
}
