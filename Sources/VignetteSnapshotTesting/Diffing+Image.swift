import Foundation
import SnapshotTesting
import VignetteCore

extension Diffing where Value == Bitmap {
    /// Bitmaps stored as PNG and compared with Vignette's `ImageComparison`.
    ///
    /// On a mismatch it writes the actual, reference, diff and side-by-side
    /// images into `SNAPSHOT_ARTIFACTS` (else the temporary folder) and its
    /// message names them with the figures.
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing<Bitmap> {
        let comparison = ImageComparison(precision: precision, perceptualPrecision: perceptualPrecision)
        return .diff(
            toData: { bitmap in (try? PNGCodec.encode(bitmap)) ?? Data() },
            // An unreadable reference becomes an empty bitmap, which then
            // fails with "sizes differ" rather than crashing the test run.
            fromData: { data in (try? PNGCodec.decode(data)) ?? Bitmap(width: 0, height: 0) },
            diffV2: { reference, actual in
                let result = comparison.compare(reference, actual)
                guard !result.matches else { return nil }
                let files = SnapshotArtifacts.write(reference: reference, actual: actual, comparison: comparison)
                let sheet = (try? PNGCodec.encode(comparison.sideBySide(reference, actual))).map {
                    [DiffAttachment.data($0, name: "side-by-side.png")]
                } ?? []
                return (SnapshotArtifacts.message(result, files: files), sheet)
            }
        )
    }
}

extension Snapshotting where Value == Bitmap, Format == Bitmap {
    /// An exact PNG snapshot of a bitmap.
    public static var image: Snapshotting<Bitmap, Bitmap> { .image() }

    /// A PNG snapshot of a bitmap with tolerances (see `ImageComparison`).
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting<Bitmap, Bitmap> {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

extension Snapshotting where Value == ImageSurface, Format == Bitmap {
    /// An exact PNG snapshot of what a surface renders.
    public static var image: Snapshotting<ImageSurface, Bitmap> { .image() }

    /// A PNG snapshot of what a surface renders, with tolerances.
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting<ImageSurface, Bitmap> {
        Snapshotting<Bitmap, Bitmap>.image(precision: precision, perceptualPrecision: perceptualPrecision)
            .pullback { surface in surface.render() }
    }
}
